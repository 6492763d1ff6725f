import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import type { ImportPreview, ImportResult } from '@/lib/contract/data-import';
import { errorBodySchema } from '@/lib/contract/errors';
import type { Exercise } from '@/lib/contract/exercise';
import type { Today } from '@/lib/contract/today';

import type { Member } from '../src/db/schema';
import { buildExercise, buildMember, insertExercises, insertMembers } from '../src/seed/builders';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';

/** A Strong CSV: one set of each of `names` on `day`. */
function strong(day: string, names: string[]): string {
  return (
    [
      HEADER,
      ...names.map((name) => `${day} 18:00:00,"Evening",1h,"${name}",1,60.0,10.0,0,0.0,,,`),
    ].join('\n') + '\n'
  );
}

function form(csv: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), 'strong.csv');
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

for (const kind of databaseKinds()) {
  describe(`import matching and remembered choices (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
    });
    afterEach(() => server?.close());

    async function call(member: Member, url: string, body?: FormData) {
      return fetch(`${server.baseUrl}${url}`, {
        method: body ? 'POST' : 'GET',
        headers: { cookie: await sessionCookie(member) },
        body,
      });
    }

    async function ok<T>(member: Member, url: string, body?: FormData): Promise<T> {
      const response = await call(member, url, body);
      const text = await response.text();
      assert.equal(response.status, 200, text);
      return JSON.parse(text) as T;
    }

    const preview = (csv: string, fields?: Record<string, string>) =>
      ok<ImportPreview>(me, '/api/member/import/preview', form(csv, fields));
    const run = (csv: string, fields?: Record<string, string>) =>
      ok<ImportResult>(me, '/api/member/import', form(csv, fields));
    const library = () => ok<Exercise[]>(me, '/api/member/exercises');

    it("suggests the member's 벤치프레스 for Strong's Bench Press (Barbell) and imports into it", async () => {
      const [bench, squat] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스' }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: other.id, name: 'Treadmill Run' }),
      ]);
      const csv = strong('2025-05-01', [
        'Bench Press (Barbell)',
        'Squat (Barbell)',
        'Lat Pulldown (Cable)',
        'Zumba',
      ]);
      const seen = await preview(csv);
      assert.deepEqual(
        seen.exercises.map((e) => [e.name, e.match?.id ?? null, e.matchedBy ?? null]),
        [
          ['Bench Press (Barbell)', bench.id, 'catalogue'],
          ['Squat (Barbell)', squat.id, 'catalogue'],
          ['Lat Pulldown (Cable)', null, null],
          ['Zumba', null, null],
        ],
      );
      // The catalogue exercise each name means, also when the member lacks it.
      assert.deepEqual(
        seen.exercises.map((e) => e.catalogue?.name ?? null),
        ['벤치프레스', '스쿼트', '랫풀다운', null],
      );

      const result = await run(csv);
      assert.equal(result.exercisesCreated, 2);
      assert.deepEqual(
        (await library()).map((e) => e.name),
        ['벤치프레스', '스쿼트', 'Lat Pulldown (Cable)', 'Zumba'],
      );
      const day = await ok<Today>(me, '/api/today/date/2025-05-01');
      assert.deepEqual(
        day.todayExercises.map((e) => e.exerciseName),
        ['벤치프레스', '스쿼트', 'Lat Pulldown (Cable)', 'Zumba'],
      );
    });

    it('takes the member’s links and remembers them for the next file', async () => {
      const [press] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '가슴 프레스 머신' }),
      ]);
      const first = strong('2025-05-01', ['Chest Press (Hammer)', 'Bench Press (Barbell)']);
      const seen = await preview(first);
      assert.deepEqual(
        seen.exercises.map((e) => e.match),
        [null, null],
      );
      const links = JSON.stringify({
        'Chest Press (Hammer)': { exerciseId: press.id },
        'Bench Press (Barbell)': { catalogueKey: 'bench-press-barbell' },
      });
      const linked = await preview(first, { links });
      assert.deepEqual(
        linked.exercises.map((e) => [
          e.match?.name ?? null,
          e.matchedBy ?? null,
          e.createsFromCatalogue ?? null,
        ]),
        [
          ['가슴 프레스 머신', 'choice', null],
          [null, null, 'bench-press-barbell'],
        ],
      );
      const result = await run(first, { links });
      assert.equal(result.exercisesCreated, 1);
      const mine = await library();
      assert.deepEqual(
        mine.map((e) => [e.name, e.catalogueKey ?? null, e.classification]),
        [
          ['가슴 프레스 머신', null, 'CHEST'],
          ['벤치프레스', 'bench-press-barbell', 'CHEST'],
        ],
      );

      // The next file, no links sent: both names go where the member put them.
      const next = await preview(
        strong('2025-05-08', ['chest press (hammer)', 'Bench Press (Barbell)']),
      );
      assert.deepEqual(
        next.exercises.map((e) => [e.match?.name ?? null, e.matchedBy ?? null]),
        [
          ['가슴 프레스 머신', 'alias'],
          ['벤치프레스', 'alias'],
        ],
      );
      // Another member's import is not affected by my choices.
      const theirs = await ok<ImportPreview>(
        other,
        '/api/member/import/preview',
        form(strong('2025-05-08', ['Chest Press (Hammer)'])),
      );
      assert.equal(theirs.exercises[0].match, null);

      // Choosing a new exercise forgets the remembered link.
      await run(strong('2025-05-15', ['Chest Press (Hammer)']), {
        links: JSON.stringify({ 'Chest Press (Hammer)': { new: true } }),
        bodyParts: JSON.stringify({ 'Chest Press (Hammer)': 'CHEST' }),
      });
      const after = await preview(strong('2025-05-22', ['Chest Press (Hammer)']));
      assert.deepEqual(
        [after.exercises[0].match?.name, after.exercises[0].matchedBy],
        ['Chest Press (Hammer)', 'name'],
      );
    });

    it('refuses a foreign exercise id (404) and a malformed link (400), writing nothing', async () => {
      const [theirs] = await insertExercises(server.database.db, [
        buildExercise({ memberId: other.id, name: '남의 벤치' }),
      ]);
      const csv = strong('2025-05-01', ['Bench Press (Barbell)']);
      for (const [links, status] of [
        [JSON.stringify({ 'Bench Press (Barbell)': { exerciseId: theirs.id } }), 404],
        [JSON.stringify({ 'Bench Press (Barbell)': { catalogueKey: 'no-such-thing' } }), 400],
        [JSON.stringify({ 'Bench Press (Barbell)': { exerciseId: 'x' } }), 400],
        ['{', 400],
      ] as const) {
        for (const url of ['/api/member/import/preview', '/api/member/import']) {
          const response = await call(me, url, form(csv, { links }));
          const body = errorBodySchema.parse(await response.json());
          assert.equal(response.status, status, `${url} ${links}`);
          assert.equal(body.code, String(status));
        }
      }
      assert.deepEqual(await library(), []);
    });
  });
}
