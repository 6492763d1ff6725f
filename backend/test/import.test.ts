import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';

import type { ImportPreview, ImportResult } from '@/lib/contract/data-import';
import { type ErrorBody, errorBodySchema } from '@/lib/contract/errors';
import type { Exercise } from '@/lib/contract/exercise';
import type { Today } from '@/lib/contract/today';
import { KG_PER_LB } from '@/lib/shared/training/units';

import { type Member, members } from '../src/db/schema';
import { guessBodyPart } from '../src/import/body-parts';
import { parseWorkoutCsv, sessionDate } from '../src/import/parse';
import {
  buildDay,
  buildExercise,
  buildMember,
  entryOf,
  insertDays,
  insertExercises,
  insertMembers,
} from '../src/seed/builders';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'import');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const PREVIEW = '/api/member/import/preview';
const IMPORT = '/api/member/import';

describe('reading workout CSVs (pure)', () => {
  it('reads session dates of all three apps as their own calendar day, offsets as Seoul', () => {
    assert.equal(sessionDate('2024-11-26 18:30:00'), '2024-11-26');
    assert.equal(sessionDate('2024-11-26T23:59:59'), '2024-11-26');
    assert.equal(sessionDate('26 Nov 2024, 18:30'), '2024-11-26');
    assert.equal(sessionDate('3 Jan 2025, 07:05:09'), '2025-01-03');
    assert.equal(sessionDate('2025-03-02'), '2025-03-02');
    // 20:00 UTC is 05:00 the next morning in Seoul.
    assert.equal(sessionDate('2024-11-26T20:00:00Z'), '2024-11-27');
    assert.equal(sessionDate('2024-11-26 20:00:00+09:00'), '2024-11-26');
    for (const bad of [
      '',
      'yesterday',
      '2024-02-30 10:00:00',
      '31 Foo 2024, 10:00',
      '2024-13-01',
    ]) {
      assert.equal(sessionDate(bad), null, bad);
    }
  });

  it('guesses body parts from English and Korean keywords, the longest keyword winning', () => {
    const cases: Array<[string, string | null]> = [
      ['Bench Press (Barbell)', 'CHEST'],
      ['Incline Dumbbell Fly', 'CHEST'],
      ['Lat Pulldown (Cable)', 'BACK'],
      ['Pull Up', 'BACK'],
      ['Bent Over Row (Barbell)', 'BACK'],
      ['Deadlift (Barbell)', 'BACK'],
      ['Back Extension', 'BACK'],
      ['Squat (Barbell)', 'LOWERBODY'],
      ['Walking Lunge', 'LOWERBODY'],
      ['Leg Press', 'LOWERBODY'],
      ['Leg Extension (Machine)', 'LOWERBODY'],
      ['Seated Leg Curl (Machine)', 'LOWERBODY'],
      ['Bicep Curl (Dumbbell)', 'BICEPS'],
      ['Triceps Pushdown (Cable - Straight Bar)', 'TRICEPS'],
      ['Overhead Triceps Extension', 'TRICEPS'],
      ['Triceps Dip', 'TRICEPS'],
      ['Lateral Raise (Dumbbell)', 'SHOULDER'],
      ['Overhead Press (Barbell)', 'SHOULDER'],
      ['Reverse Fly', 'SHOULDER'],
      ['Crunch', 'ABS'],
      ['Hanging Leg Raise', 'ABS'],
      ['Plank', 'ABS'],
      ['벤치프레스', 'CHEST'],
      ['랫풀다운', 'BACK'],
      ['바벨 로우', 'BACK'],
      ['스쿼트', 'LOWERBODY'],
      ['레그 익스텐션', 'LOWERBODY'],
      ['바벨 컬', 'BICEPS'],
      ['케이블 푸시다운', 'TRICEPS'],
      ['사이드 레터럴 레이즈', 'SHOULDER'],
      ['숄더 프레스', 'SHOULDER'],
      ['크런치', 'ABS'],
      ['Treadmill', null],
      ['Narrow stance thing', null],
    ];
    for (const [name, part] of cases) assert.equal(guessBodyPart(name), part, name);
  });

  it('reads a Korean name from an EUC-KR file (Excel on a Korean PC) and NFD names as NFC', () => {
    const header = Buffer.from(
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\r\n',
    );
    const row = Buffer.concat([
      Buffer.from('2024-11-28 07:05:12,W,45m,'),
      Buffer.from([0xbd, 0xba, 0xc4, 0xf5, 0xc6, 0xae]), // 스쿼트
      Buffer.from(',1,100,5,0,0,,,\r\n'),
    ]);
    const parsed = parseWorkoutCsv(Buffer.concat([header, row]), 'kg');
    assert.equal(parsed.sets[0].exercise, '스쿼트');
    const nfd = Buffer.from(
      `Date,Exercise Name,Set Order,Weight (kg),Reps\n2025-01-01,${'스쿼트'.normalize('NFD')},1,50,5\n`,
    );
    assert.equal(parseWorkoutCsv(nfd, 'kg').sets[0].key, '스쿼트');
  });

  it('reads a neutralised formula name back without its added quote, in every format', () => {
    const everyhealth = [
      'Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Done,Completed',
      `2025-01-01,W,"'=HYPERLINK(""http://x"")",1,50,5,true,true`,
      "2025-01-01,W,'+1,1,50,5,true,true",
      "2025-01-01,W,'''-2,1,50,5,true,true",
      "2025-01-01,W,'plain,1,50,5,true,true",
    ].join('\r\n');
    assert.deepEqual(
      parseWorkoutCsv(Buffer.from(everyhealth), 'kg').sets.map((set) => set.exercise),
      ['=HYPERLINK("http://x")', '+1', "''-2", "'plain"],
    );
    const strong = [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      "2024-11-28 07:05:12,W,45m,'@SUM(A1),1,100,5,0,0,,,",
    ].join('\n');
    assert.equal(parseWorkoutCsv(Buffer.from(strong), 'kg').sets[0].exercise, '@SUM(A1)');
  });

  it('honours the Weight Unit column of older Strong exports row by row', () => {
    const csv = [
      'Date;Workout Name;Exercise Name;Set Order;Weight;Weight Unit;Reps;RPE;Distance;Distance Unit;Seconds;Notes;Workout Notes;Workout Duration',
      '2020-01-05 09:27:11;Legs;Squat;1;100;kg;5;;;;;;;1h',
      '2020-01-05 09:27:11;Legs;Squat;2;225;lbs;5;;;;;;;1h',
    ].join('\n');
    const parsed = parseWorkoutCsv(Buffer.from(csv), 'kg');
    assert.equal(parsed.format, 'strong');
    assert.equal(parsed.unitChoosable, false);
    assert.deepEqual(
      parsed.sets.map((set) => set.weight),
      [100, 225 * KG_PER_LB],
    );
  });
});

/** A multipart body: `file` (named `name`) and the optional fields. */
function form(
  csv: string | NonSharedBuffer,
  fields: Record<string, string> = {},
  name = 'workouts.csv',
) {
  const body = new FormData();
  body.append('file', new Blob([csv], { type: 'text/csv' }), name);
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

/** A Strong CSV of `sets` sets: sessions of 4 exercises × 5 sets, one session a day from 2023-01-01. */
function generatedStrong(sets: number, repsOf: (index: number) => number = () => 8): string {
  const names = ['Bench Press (Barbell)', 'Squat (Barbell)', 'Lat Pulldown (Cable)', '바벨 컬'];
  const lines = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  ];
  for (let index = 0; index < sets; index++) {
    const session = Math.floor(index / 20);
    const day = new Date(Date.UTC(2023, 0, 1 + session)).toISOString().slice(0, 10);
    const exercise = names[Math.floor((index % 20) / 5)];
    lines.push(
      `${day} 18:00:00,"Workout ${session}",1h,"${exercise}",${(index % 5) + 1},${40 + (index % 7) * 2.5},${repsOf(index)},0,0,,,`,
    );
  }
  return lines.join('\n') + '\n';
}

for (const kind of databaseKinds()) {
  describe(`workout import (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [
        buildMember({ name: '나회원' }),
        buildMember({ name: '다른회원' }),
      ]);
    });
    afterEach(() => server?.close());

    async function post(
      member: Member | null,
      url: string,
      body: FormData | string,
      headers: Record<string, string> = {},
    ) {
      return fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: {
          ...(member ? { cookie: await sessionCookie(member) } : {}),
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body,
      });
    }

    async function ok<T>(member: Member, url: string, body: FormData): Promise<T> {
      const response = await post(member, url, body);
      const text = await response.text();
      assert.equal(response.status, 200, text);
      return JSON.parse(text) as T;
    }

    async function refused(
      member: Member,
      url: string,
      body: FormData | string,
      status: number,
    ): Promise<ErrorBody> {
      const response = await post(member, url, body);
      const text = await response.text();
      assert.equal(response.status, status, text);
      const parsed = errorBodySchema.parse(JSON.parse(text));
      assert.equal(parsed.code, String(status));
      return parsed;
    }

    async function get<T>(member: Member, url: string): Promise<T> {
      const response = await fetch(`${server.baseUrl}${url}`, {
        headers: { cookie: await sessionCookie(member) },
      });
      const text = await response.text();
      assert.equal(response.status, 200, `${url}: ${text}`);
      return JSON.parse(text) as T;
    }

    /** Rows of every workout table, member by member: what an import may change. */
    async function counts() {
      const { rows } = (await server.database.db.execute(sql`
        select m.id::int as member,
          (select count(*)::int from exercises e where e.member_id = m.id) as exercises,
          (select count(*)::int from todays t where t.member_id = m.id) as days,
          (select count(*)::int from today_exercises te join todays t on t.id = te.today_id
            where t.member_id = m.id) as entries,
          (select count(*)::int from rep_weights r join today_exercises te on te.id = r.today_exercise_id
            join todays t on t.id = te.today_id where t.member_id = m.id) as day_sets,
          (select count(*)::int from rep_weights r join exercises e on e.id = r.exercise_id
            where e.member_id = m.id) as library_sets
        from members m order by m.id`)) as unknown as { rows: unknown[] };
      return rows;
    }

    const day = (member: Member, date: string) => get<Today>(member, `/api/today/date/${date}`);
    const summary = (today: Today) =>
      today.todayExercises.map((entry) => [
        entry.sequence,
        entry.exerciseName,
        entry.repWeightList.map((set) => [set.reps, set.weight, set.done]),
      ]);

    it('previews a Strong file (commas, BOM, rest timers, notes, cardio) and writes nothing', async () => {
      const before = await counts();
      const preview = await ok<ImportPreview>(me, PREVIEW, form(fixture('strong-comma.csv')));
      assert.deepEqual(await counts(), before);
      assert.equal(preview.format, 'strong');
      assert.equal(preview.unit, 'kg'); // the member's setting
      assert.equal(preview.unitChoosable, true);
      assert.equal(preview.firstDate, '2024-11-26');
      assert.equal(preview.lastDate, '2024-11-28');
      assert.equal(preview.days, 2);
      assert.equal(preview.existingDays, 0);
      assert.equal(preview.sessions, 2);
      assert.equal(preview.sets, 7);
      assert.deepEqual(
        preview.exercises.map((e) => [e.name, e.sets, e.match, e.classification, e.guessed]),
        [
          ['Bench Press (Barbell)', 2, null, 'CHEST', true],
          ['Lat Pulldown (Cable)', 2, null, 'BACK', true],
          ['스쿼트', 2, null, 'LOWERBODY', true],
          ['Pull Up', 1, null, 'BACK', true],
        ],
      );
      assert.deepEqual(
        preview.skipped.map((s) => [s.row, s.reason, s.exercise, s.value]),
        [
          [4, 'notASet', 'Bench Press (Barbell)', 'Rest Timer'],
          [7, 'noReps', 'Treadmill', null],
          [8, 'noReps', 'Plank', null],
          [11, 'notASet', '스쿼트', 'Note'],
          [12, 'badNumber', 'Dumbbell Curl', 'abc'],
          [13, 'repsOutOfRange', 'Dumbbell Curl', '20000'],
          [14, 'badDate', 'Bench Press (Barbell)', 'not a date'],
        ],
      );
      assert.equal(preview.skippedCount, 7);
      assert.deepEqual(preview.skippedByReason, {
        notASet: 2,
        noReps: 2,
        badNumber: 1,
        repsOutOfRange: 1,
        badDate: 1,
      });
    });

    it('imports a Strong file: creates exercises with the chosen body parts, ticks sets and days', async () => {
      const result = await ok<ImportResult>(
        me,
        IMPORT,
        form(fixture('strong-comma.csv'), {
          unit: 'kg',
          bodyParts: JSON.stringify({ 'lat pulldown (cable)': 'SHOULDER', 스쿼트: 'LOWERBODY' }),
        }),
      );
      assert.deepEqual(result, {
        format: 'strong',
        firstDate: '2024-11-26',
        lastDate: '2024-11-28',
        days: 2,
        newDays: 2,
        exercisesCreated: 4,
        sets: 7,
        skippedCount: 7,
      });
      const first = await day(me, '2024-11-26');
      assert.equal(first.checkBox, 'True');
      assert.deepEqual(summary(first), [
        [
          1,
          'Bench Press (Barbell)',
          [
            [10, 60, true],
            [8, 62.5, true],
          ],
        ],
        [
          2,
          'Lat Pulldown (Cable)',
          [
            [12, 50, true],
            [10, 55, true],
          ],
        ],
      ]);
      assert.deepEqual(summary(await day(me, '2024-11-28')), [
        [
          1,
          '스쿼트',
          [
            [5, 100, true],
            [5, 100, true],
          ],
        ],
        [2, 'Pull Up', [[8, 0, true]]],
      ]);
      const library = await get<Exercise[]>(me, '/api/member/exercises');
      assert.deepEqual(
        library.map((e) => [
          e.name,
          e.classification,
          e.repWeightList.map((s) => [s.reps, s.weight]),
        ]),
        [
          [
            'Bench Press (Barbell)',
            'CHEST',
            [
              [10, 60],
              [8, 62.5],
            ],
          ],
          [
            'Lat Pulldown (Cable)',
            'SHOULDER',
            [
              [12, 50],
              [10, 55],
            ],
          ],
          [
            '스쿼트',
            'LOWERBODY',
            [
              [5, 100],
              [5, 100],
            ],
          ],
          ['Pull Up', 'BACK', [[8, 0]]],
        ],
      );
      const month = await get<unknown[]>(me, '/api/today/yearAndMonth/2024/11');
      assert.deepEqual(month, [
        { localDate: '2024-11-26', checkBox: 'True' },
        { localDate: '2024-11-28', checkBox: 'True' },
      ]);
    });

    it('matches library exercises by name (case and spaces ignored) and creates only the rest', async () => {
      const [bench] = await insertExercises(server.database.db, [
        buildExercise({
          memberId: me.id,
          name: '  bench press (BARBELL) ',
          classification: 'SHOULDER',
        }),
        buildExercise({ memberId: other.id, name: 'Lat Pulldown (Cable)' }),
      ]);
      const preview = await ok<ImportPreview>(me, PREVIEW, form(fixture('strong-comma.csv')));
      assert.deepEqual(preview.exercises[0].match, {
        id: bench.id,
        name: '  bench press (BARBELL) ',
        classification: 'SHOULDER',
      });
      assert.equal(preview.exercises[0].classification, null);
      // Another member's library is not the member's: created.
      assert.equal(preview.exercises[1].match, null);

      const result = await ok<ImportResult>(me, IMPORT, form(fixture('strong-comma.csv')));
      assert.equal(result.exercisesCreated, 3);
      const first = await day(me, '2024-11-26');
      assert.equal(first.todayExercises[0].exerciseId, bench.id);
      assert.equal(first.todayExercises[0].exerciseName, '  bench press (BARBELL) ');
      const library = await get<Exercise[]>(me, '/api/member/exercises');
      assert.equal(library.filter((e) => e.name.toLowerCase().includes('bench')).length, 1);
      // The matched exercise keeps its own sets and body part.
      assert.equal(library[0].classification, 'SHOULDER');
      assert.equal(library[0].repWeightList.length, bench.sets.length);
    });

    it("appends after an existing day's exercises and changes nothing of it", async () => {
      const [squat] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '레그 프레스', classification: 'LOWERBODY' }),
      ]);
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: '2024-11-26',
          checkBox: 'False',
          entries: [entryOf(squat, 1, [{ reps: 12, weight: 140, done: false }])],
        }),
      ]);
      const existing = await day(me, '2024-11-26');
      const preview = await ok<ImportPreview>(me, PREVIEW, form(fixture('strong-comma.csv')));
      assert.equal(preview.existingDays, 1);
      const result = await ok<ImportResult>(me, IMPORT, form(fixture('strong-comma.csv')));
      assert.equal(result.newDays, 1);
      const after = await day(me, '2024-11-26');
      assert.equal(after.id, existing.id);
      assert.equal(after.checkBox, 'False');
      assert.deepEqual(after.todayExercises[0], existing.todayExercises[0]);
      assert.deepEqual(
        after.todayExercises.map((entry) => [entry.sequence, entry.exerciseName]),
        [
          [1, '레그 프레스'],
          [2, 'Bench Press (Barbell)'],
          [3, 'Lat Pulldown (Cable)'],
        ],
      );
    });

    it('reads an older Strong file with semicolons and decimal commas in the unit chosen', async () => {
      await server.database.db
        .update(members)
        .set({ weightUnit: 'lb' })
        .where(eq(members.id, me.id));
      const preview = await ok<ImportPreview>(me, PREVIEW, form(fixture('strong-semicolon.csv')));
      assert.equal(preview.format, 'strong');
      assert.equal(preview.unit, 'lb'); // the member's setting is the default
      assert.equal(preview.sets, 4);
      assert.deepEqual(
        preview.skipped.map((s) => [s.row, s.reason]),
        [[4, 'notASet']],
      );
      assert.deepEqual(
        preview.exercises.map((e) => [e.name, e.classification]),
        [
          ['Deadlift (Barbell)', 'BACK'],
          ['Overhead Press (Barbell)', 'SHOULDER'],
          ['Leg Press', 'LOWERBODY'],
        ],
      );
      await ok<ImportResult>(me, IMPORT, form(fixture('strong-semicolon.csv')));
      const first = await day(me, '2023-05-02');
      assert.deepEqual(
        first.todayExercises[0].repWeightList.map((set) => set.weight),
        [225 * KG_PER_LB, 247.5 * KG_PER_LB],
      );
      // The same file read as kilograms: the member chose kg in the preview.
      const asKg = await ok<ImportPreview>(
        other,
        PREVIEW,
        form(fixture('strong-semicolon.csv'), { unit: 'kg' }),
      );
      assert.equal(asKg.unit, 'kg');
      await ok<ImportResult>(other, IMPORT, form(fixture('strong-semicolon.csv'), { unit: 'kg' }));
      assert.deepEqual(
        (await day(other, '2023-05-04')).todayExercises[0].repWeightList.map((set) => set.weight),
        [405],
      );
    });

    it('imports Hevy exports in kg and in lbs', async () => {
      const preview = await ok<ImportPreview>(me, PREVIEW, form(fixture('hevy-kg.csv')));
      assert.equal(preview.format, 'hevy');
      assert.equal(preview.unit, 'kg');
      assert.equal(preview.unitChoosable, false);
      assert.equal(preview.sessions, 2);
      assert.deepEqual(
        preview.skipped.map((s) => [s.row, s.reason, s.exercise]),
        [[5, 'noReps', 'Running']],
      );
      assert.deepEqual(
        preview.exercises.map((e) => [e.name, e.classification]),
        [
          ['Bench Press (Barbell)', 'CHEST'],
          ['Triceps Pushdown', 'TRICEPS'],
          ['Squat (Barbell)', 'LOWERBODY'],
          ['레그 익스텐션', 'LOWERBODY'],
        ],
      );
      await ok<ImportResult>(me, IMPORT, form(fixture('hevy-kg.csv')));
      assert.deepEqual(summary(await day(me, '2024-11-26')), [
        [
          1,
          'Bench Press (Barbell)',
          [
            [10, 40, true],
            [8, 80, true],
          ],
        ],
        [2, 'Triceps Pushdown', [[12, 25.5, true]]],
      ]);
      assert.equal((await day(me, '2024-11-28')).todayExercises.length, 2);

      // Hevy's pound export: the unit is the file's own, whatever is chosen.
      const lbs = await ok<ImportPreview>(
        other,
        PREVIEW,
        form(fixture('hevy-lbs.csv'), { unit: 'kg' }),
      );
      assert.equal(lbs.unit, 'lb');
      await ok<ImportResult>(other, IMPORT, form(fixture('hevy-lbs.csv'), { unit: 'kg' }));
      assert.deepEqual(summary(await day(other, '2025-01-03')), [
        [
          1,
          'Bench Press (Barbell)',
          [
            [10, 135 * KG_PER_LB, true],
            [12, 115 * KG_PER_LB, true],
          ],
        ],
        [2, 'Bicep Curl (Dumbbell)', [[12, 30 * KG_PER_LB, true]]],
      ]);
    });

    it("round-trips our own export: another member's import equals the exported days", async () => {
      const db = server.database.db;
      const [bench, squat] = await insertExercises(db, [
        buildExercise({ memberId: other.id, name: '벤치, "인클라인"' }),
        buildExercise({ memberId: other.id, name: '스쿼트', classification: 'LOWERBODY' }),
      ]);
      await insertDays(db, [
        buildDay({
          memberId: other.id,
          localDate: '2025-03-02',
          checkBox: 'True',
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 42.5, done: true, type: 'WARMUP' },
              { reps: 8, weight: 45, done: false, rpe: 8.5 },
            ]),
            entryOf(squat, 2, [{ reps: 5, weight: 100, done: true }]),
          ],
        }),
        buildDay({
          memberId: other.id,
          localDate: '2025-03-01',
          checkBox: 'False',
          entries: [entryOf(squat, 1, [{ reps: 5, weight: 90 }])],
        }),
      ]);
      const exported = await fetch(`${server.baseUrl}/api/member/export`, {
        headers: { cookie: await sessionCookie(other) },
      });
      const csv = Buffer.from(
        unzipSync(new Uint8Array(await exported.arrayBuffer()))['workouts.csv'],
      );
      // The fixture is the export's layout written by hand: the same bytes.
      assert.deepEqual(csv, fixture('everyhealth-workouts.csv'));

      const preview = await ok<ImportPreview>(me, PREVIEW, form(csv));
      assert.equal(preview.format, 'everyhealth');
      assert.equal(preview.skippedCount, 0);
      await ok<ImportResult>(me, IMPORT, form(csv));
      for (const date of ['2025-03-01', '2025-03-02']) {
        const theirs = await day(other, date);
        const mine = await day(me, date);
        assert.equal(mine.checkBox, theirs.checkBox, date);
        assert.deepEqual(summary(mine), summary(theirs), date);
        const kinds = (today: Today) =>
          today.todayExercises.map((entry) =>
            entry.repWeightList.map((set) => [set.type ?? 'NORMAL', set.rpe ?? null]),
          );
        assert.deepEqual(kinds(mine), kinds(theirs), `${date}: set kinds and RPE`);
      }
      assert.deepEqual(
        (await day(me, '2025-03-02')).todayExercises[0].repWeightList.map((set) => [
          set.type ?? 'NORMAL',
          set.rpe ?? null,
        ]),
        [
          ['WARMUP', null],
          ['NORMAL', 8.5],
        ],
      );
      const library = await get<Exercise[]>(me, '/api/member/exercises');
      assert.deepEqual(
        library.map((e) => [e.name, e.classification]),
        [
          ['스쿼트', 'LOWERBODY'],
          ['벤치, "인클라인"', 'CHEST'],
        ],
      );
    });

    it('round-trips formula-like names: neutralised in the export, imported back unchanged', async () => {
      const names = ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)'];
      const db = server.database.db;
      const library = await insertExercises(
        db,
        names.map((name) => buildExercise({ memberId: other.id, name })),
      );
      await insertDays(db, [
        buildDay({
          memberId: other.id,
          localDate: '2025-04-01',
          checkBox: 'True',
          entries: library.map((exercise, i) =>
            entryOf(exercise, i + 1, [{ reps: 5, weight: 20, done: true }]),
          ),
        }),
      ]);
      const exported = await fetch(`${server.baseUrl}/api/member/export`, {
        headers: { cookie: await sessionCookie(other) },
      });
      const csv = Buffer.from(
        unzipSync(new Uint8Array(await exported.arrayBuffer()))['workouts.csv'],
      );
      // A spreadsheet shows these as text: none of the name cells starts a formula.
      const cells = csv
        .toString('utf8')
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.replace(/^[^,]*,[^,]*,/, ''));
      assert.deepEqual(cells, [
        `"'=HYPERLINK(""http://x"")",1,20,5,true,true,NORMAL,`,
        "'+1,1,20,5,true,true,NORMAL,",
        "'-2,1,20,5,true,true,NORMAL,",
        "'@SUM(A1),1,20,5,true,true,NORMAL,",
      ]);

      await ok<ImportResult>(me, IMPORT, form(csv));
      assert.deepEqual(
        (await day(me, '2025-04-01')).todayExercises.map((entry) => entry.exerciseName),
        names,
      );
      const mine = await get<Exercise[]>(me, '/api/member/exercises');
      assert.deepEqual(mine.map((e) => e.name).sort(), [...names].sort());
    });

    it('leaves out sets of one exercise past 50 on a day, and values outside the wire limits', async () => {
      const lines = ['Date,Exercise Name,Set Order,Weight (kg),Reps'];
      for (let i = 1; i <= 53; i++) lines.push(`2025-01-01,Squat,${i},100,5`);
      lines.push(
        '2025-01-02,Squat,1,10000.5,5',
        '2025-01-02,Squat,2,-5,5',
        `2025-01-02,${'x'.repeat(101)},1,5,5`,
      );
      lines.push('2025-01-02,,1,5,5', '2025-01-02,Squat,3,,5', '2025-01-02,Squat,4,5,2.9');
      const preview = await ok<ImportPreview>(me, PREVIEW, form(lines.join('\n')));
      assert.equal(preview.sets, 52);
      assert.deepEqual(
        preview.skipped.map((s) => [s.row, s.reason]),
        [
          [52, 'tooManySets'],
          [53, 'tooManySets'],
          [54, 'tooManySets'],
          [55, 'weightOutOfRange'],
          [56, 'weightOutOfRange'],
          [57, 'badName'],
          [58, 'badName'],
        ],
      );
      await ok<ImportResult>(me, IMPORT, form(lines.join('\n')));
      assert.equal((await day(me, '2025-01-01')).todayExercises[0].repWeightList.length, 50);
      // An empty weight is body weight (0); fractional repetitions are cut as the wire does.
      assert.deepEqual(summary(await day(me, '2025-01-02')), [
        [
          1,
          'Squat',
          [
            [5, 0, true],
            [2, 5, true],
          ],
        ],
      ]);
    });

    it('imports a 2,000-set file completely', async () => {
      const csv = generatedStrong(2000);
      const preview = await ok<ImportPreview>(me, PREVIEW, form(csv));
      assert.equal(preview.sets, 2000);
      assert.equal(preview.days, 100);
      const result = await ok<ImportResult>(me, IMPORT, form(csv));
      assert.equal(result.sets, 2000);
      assert.equal(result.days, 100);
      assert.equal(result.exercisesCreated, 4);
      const [mine] = (await counts()) as Array<Record<string, number>>;
      assert.deepEqual(mine, {
        member: me.id,
        exercises: 4,
        days: 100,
        entries: 400,
        day_sets: 2000,
        library_sets: 20,
      });
    });

    it('is all or nothing: a 2,000-set import failing on its last set leaves nothing behind', async () => {
      const db = server.database.db;
      // Something the member already has, which must survive the failed import as it was.
      const [press] = await insertExercises(db, [
        buildExercise({ memberId: me.id, name: 'Bench Press (Barbell)' }),
      ]);
      await insertDays(db, [
        buildDay({ memberId: me.id, localDate: '2023-01-01', entries: [entryOf(press, 1)] }),
        buildDay({ memberId: other.id, localDate: '2023-01-01', entries: [] }),
      ]);
      // The database refuses the very last set of the file (7 repetitions, only there), after the
      // exercises, the days, the entries and 1,999 sets were written in the same transaction.
      await db.execute(
        sql.raw(`create function refuse_seven() returns trigger language plpgsql as $$
          begin
            if new.reps = 7 and new.today_exercise_id is not null then
              raise exception 'refused by the test';
            end if;
            return new;
          end $$`),
      );
      await db.execute(
        sql.raw(`create trigger refuse_seven before insert on rep_weights
          for each row execute function refuse_seven()`),
      );
      const csv = generatedStrong(2000, (index) => (index === 1999 ? 7 : 8));
      const before = await counts();
      const response = await post(me, IMPORT, form(csv), { 'idempotency-key': '"import-1"' });
      assert.equal(response.status, 500);
      assert.equal(errorBodySchema.parse(await response.json()).code, '500');
      assert.deepEqual(await counts(), before);

      // Without the refusal the same request (same key: a failure is not kept) goes through.
      await db.execute(sql.raw('drop trigger refuse_seven on rep_weights'));
      const retry = await post(me, IMPORT, form(csv), { 'idempotency-key': '"import-1"' });
      assert.equal(retry.status, 200, await retry.clone().text());
      const result = (await retry.json()) as ImportResult;
      assert.equal(result.sets, 2000);
      assert.equal(result.exercisesCreated, 3);
      assert.equal(result.newDays, 99);
      const first = await day(me, '2023-01-01');
      assert.deepEqual(
        first.todayExercises.map((entry) => [entry.sequence, entry.exerciseId === press.id]),
        [
          [1, true],
          [2, true],
          [3, false],
          [4, false],
          [5, false],
        ],
      );
    });

    it('applies once per Idempotency-Key: a retried import answers the first answer', async () => {
      const headers = { 'idempotency-key': '"import-twice"' };
      const first = await post(me, IMPORT, form(fixture('hevy-kg.csv')), headers);
      assert.equal(first.status, 200);
      const firstBody = await first.text();
      const before = await counts();
      const again = await post(me, IMPORT, form(fixture('hevy-kg.csv')), headers);
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(await again.text(), firstBody);
      assert.deepEqual(await counts(), before);
      assert.equal((await day(me, '2024-11-26')).todayExercises.length, 2);
    });

    it("leaves another member's library and days untouched", async () => {
      const [theirs] = await insertExercises(server.database.db, [
        buildExercise({ memberId: other.id, name: 'Squat (Barbell)', classification: 'LOWERBODY' }),
      ]);
      await insertDays(server.database.db, [
        buildDay({ memberId: other.id, localDate: '2024-11-28', entries: [entryOf(theirs, 1)] }),
      ]);
      const theirDay = await day(other, '2024-11-28');
      const theirLibrary = await get<Exercise[]>(other, '/api/member/exercises');
      const preview = await ok<ImportPreview>(me, PREVIEW, form(fixture('hevy-kg.csv')));
      assert.equal(preview.existingDays, 0);
      assert.ok(preview.exercises.every((e) => e.match === null));
      await ok<ImportResult>(me, IMPORT, form(fixture('hevy-kg.csv')));
      assert.deepEqual(await day(other, '2024-11-28'), theirDay);
      assert.deepEqual(await get<Exercise[]>(other, '/api/member/exercises'), theirLibrary);
      assert.equal((await day(me, '2024-11-28')).todayExercises.length, 2);
    });

    it('is 401 without a session', async () => {
      for (const url of [PREVIEW, IMPORT]) {
        const response = await post(null, url, form(fixture('strong-comma.csv')));
        assert.equal(response.status, 401);
        assert.equal(errorBodySchema.parse(await response.json()).code, '401');
      }
    });

    it('refuses files that cannot be imported with 400 (413 when too large), writing nothing', async () => {
      const before = await counts();
      for (const url of [PREVIEW, IMPORT]) {
        assert.deepEqual((await refused(me, url, '{"file":"x"}', 400)).data, {
          file: '가져올 CSV 파일을 선택해주세요.',
        });
        const noFile = new FormData();
        noFile.append('unit', 'kg');
        assert.deepEqual((await refused(me, url, noFile, 400)).data, {
          file: '가져올 CSV 파일을 선택해주세요.',
        });
        assert.equal((await refused(me, url, form(''), 400)).message, '파일이 비어 있습니다.');
        assert.equal(
          (await refused(me, url, form('\uFEFF\r\n \r\n'), 400)).message,
          '파일이 비어 있습니다.',
        );
        for (const unknown of ['name,age\nKim,30\n', 'just some text', '\u0000\u0001\u0002']) {
          assert.match((await refused(me, url, form(unknown), 400)).message, /알 수 없는 형식/);
        }
        const unterminated =
          'Date,Exercise Name,Set Order,Weight (kg),Reps\n2025-01-01,"Squat,1,100,5\n';
        assert.equal(
          (await refused(me, url, form(unterminated), 400)).message,
          'CSV 파일을 읽을 수 없습니다.',
        );
        const many = ['Date,Exercise Name,Set Order,Weight (kg),Reps'];
        for (let i = 0; i < 50_001; i++) many.push('2025-01-01,S,1,1,1');
        assert.match((await refused(me, url, form(many.join('\n')), 400)).message, /50,000행/);
        const big = 'Date,Exercise Name,Set Order,Weight (kg),Reps\n' + 'x'.repeat(5 * 1024 * 1024);
        assert.match((await refused(me, url, form(big), 413)).message, /5MB/);
        assert.deepEqual(
          (await refused(me, url, form(fixture('strong-comma.csv'), { unit: 'stone' }), 400)).data,
          { unit: '무게 단위는 kg 또는 lb여야 합니다.' },
        );
        for (const bodyParts of ['{', '{"Squat":"LEGS"}', '[]']) {
          assert.deepEqual(
            (await refused(me, url, form(fixture('strong-comma.csv'), { bodyParts }), 400)).data,
            { bodyParts: '운동 부위를 정확히 선택해주세요.' },
          );
        }
      }
      // A header and no set: nothing to preview, nothing to import.
      const headerOnly = 'Date,Exercise Name,Set Order,Weight (kg),Reps\r\n';
      const empty = await ok<ImportPreview>(me, PREVIEW, form(headerOnly));
      assert.equal(empty.sets, 0);
      assert.equal(empty.firstDate, null);
      assert.equal(
        (await refused(me, IMPORT, form(headerOnly), 400)).message,
        '가져올 세트가 없습니다.',
      );
      assert.deepEqual(await counts(), before);
    });
  });
}
