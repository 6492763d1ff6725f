import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import {
  catalogueAddResultSchema,
  catalogueSchema,
  recentExercisesSchema,
} from '@/lib/contract/catalogue';
import { exerciseListSchema } from '@/lib/contract/exercise';
import { CATALOGUE } from '@/lib/shared/catalogue/data';

import type { Member } from '../src/db/schema';
import {
  buildDay,
  buildExercise,
  buildMember,
  entryOf,
  insertDays,
  insertExercises,
  insertMembers,
} from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

for (const kind of databaseKinds()) {
  describe(`exercise catalogue (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let otherApi: ApiClient;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      otherApi = await apiClient(server, other);
    });
    afterEach(() => server?.close());

    const library = async (client: ApiClient = api) =>
      exerciseListSchema.parse(await client.get('/api/member/exercises'));

    async function add(key: string, status: number, client: ApiClient = api) {
      const response = await client.call('POST', `/api/exercise/catalogue/${key}`);
      const text = await response.text();
      assert.equal(response.status, status, text);
      return catalogueAddResultSchema.parse(JSON.parse(text));
    }

    it('needs a session for every catalogue call', async () => {
      for (const [method, path] of [
        ['GET', '/api/exercise/catalogue'],
        ['POST', '/api/exercise/catalogue/bench-press-barbell'],
        ['GET', '/api/member/exercises/recent'],
      ]) {
        const response = await fetch(`${server.baseUrl}${path}`, { method });
        assert.equal(response.status, 401, `${method} ${path}`);
      }
    });

    it('answers the whole catalogue, cacheable, with unique keys and Korean names', async () => {
      const response = await api.call('GET', '/api/exercise/catalogue');
      assert.equal(response.status, 200);
      assert.match(response.headers.get('cache-control') ?? '', /max-age=\d+/);
      const entries = catalogueSchema.parse(await response.json());
      assert.equal(entries.length, CATALOGUE.length);
      assert.ok(entries.length >= 100, `${entries.length} entries`);
      assert.equal(new Set(entries.map((e) => e.key)).size, entries.length);
      for (const entry of entries) assert.match(entry.name, /[가-힣]/, entry.key);
      const bench = entries.find((e) => e.key === 'bench-press-barbell');
      assert.deepEqual(
        bench && [bench.name, bench.classification, bench.equipment, bench.english],
        ['벤치프레스', 'CHEST', 'BARBELL', 'Bench Press (Barbell)'],
      );
    });

    it('adds an entry on first use and answers the same exercise after that', async () => {
      const first = await add('squat-barbell', 201);
      assert.equal(first.created, true);
      assert.equal(first.exercise.name, '스쿼트');
      assert.equal(first.exercise.classification, 'LOWERBODY');
      assert.equal(first.exercise.catalogueKey, 'squat-barbell');
      assert.equal(first.exercise.repWeightList.length, 3);

      const again = await add('squat-barbell', 200);
      assert.equal(again.created, false);
      assert.equal(again.exercise.id, first.exercise.id);
      // Concurrent first uses still make one exercise.
      await Promise.all([add('plank', 201), add('plank', 200)].map((p) => p.catch(() => null)));
      const mine = await library();
      assert.equal(mine.filter((e) => e.catalogueKey === 'squat-barbell').length, 1);
      assert.equal(mine.filter((e) => e.catalogueKey === 'plank').length, 1);
      // Only the caller's library changed.
      assert.deepEqual(await library(otherApi), []);
    });

    it("links the member's own exercise of the same name instead of adding a second", async () => {
      const [own] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치 프레스' }),
      ]);
      const result = await add('bench-press-barbell', 200);
      assert.equal(result.created, false);
      assert.equal(result.exercise.id, own.id);
      assert.equal(result.exercise.name, '벤치 프레스');
      assert.equal(result.exercise.catalogueKey, 'bench-press-barbell');
      assert.equal((await library()).length, 1);
    });

    it("keeps the link through the original client's PATCH of the exercise", async () => {
      const { exercise } = await add('deadlift-barbell', 201);
      await api.text(
        'PATCH',
        `/api/exercise/${exercise.id}`,
        {
          name: '컨벤셔널 데드',
          memo: null,
          classification: 'BACK',
          repWeightList: [{ reps: 5, weight: 100 }],
        },
        200,
        '운동을 수정했습니다.',
      );
      const [patched] = await library();
      assert.equal(patched.name, '컨벤셔널 데드');
      assert.equal(patched.catalogueKey, 'deadlift-barbell');
      assert.equal((await add('deadlift-barbell', 200)).exercise.id, exercise.id);
    });

    it('is 404 with the error body for an unknown or malformed key', async () => {
      for (const key of ['no-such-exercise', 'Bench%20Press', '..%2F1', 'a'.repeat(90)]) {
        const body = await api.error('POST', `/api/exercise/catalogue/${key}`, undefined, 404);
        assert.equal(body.data, null);
      }
      assert.deepEqual(await library(), []);
    });

    it("lists the caller's most recently logged exercises only", async () => {
      const db = server.database.db;
      const [squat, bench, row, theirs] = await insertExercises(db, [
        buildExercise({ memberId: me.id, name: '스쿼트' }),
        buildExercise({ memberId: me.id, name: '벤치프레스' }),
        buildExercise({ memberId: me.id, name: '바벨 로우' }),
        buildExercise({ memberId: other.id, name: '남의 운동' }),
      ]);
      assert.deepEqual(await api.get('/api/member/exercises/recent'), []);
      await insertDays(db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-03-01',
          entries: [entryOf(squat, 1), entryOf(bench, 2)],
        }),
        buildDay({ memberId: me.id, localDate: '2025-03-05', entries: [entryOf(row, 1)] }),
        buildDay({ memberId: me.id, localDate: '2025-02-01', entries: [entryOf(bench, 1)] }),
        buildDay({ memberId: other.id, localDate: '2025-04-01', entries: [entryOf(theirs, 1)] }),
      ]);
      const recent = recentExercisesSchema.parse(await api.get('/api/member/exercises/recent'));
      assert.deepEqual(
        recent.map((e) => [e.name, e.lastDate]),
        [
          ['바벨 로우', '2025-03-05'],
          ['벤치프레스', '2025-03-01'],
          ['스쿼트', '2025-03-01'],
        ],
      );
      const theirsRecent = recentExercisesSchema.parse(
        await otherApi.get('/api/member/exercises/recent'),
      );
      assert.deepEqual(
        theirsRecent.map((e) => e.name),
        ['남의 운동'],
      );
    });
  });
}
