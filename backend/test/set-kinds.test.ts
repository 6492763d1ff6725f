import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { EXERCISE_MESSAGES, exerciseListSchema, exerciseSchema } from '@/lib/contract/exercise';
import { todaySchema } from '@/lib/contract/today';
import {
  exerciseHistorySchema,
  previousSessionListSchema,
  weekSummarySchema,
} from '@/lib/contract/training';
import { addDays, seoulToday } from '@/lib/shared/training/week';

import type { Member } from '../src/db/schema';
import { parseWorkoutCsv } from '../src/import/parse';
import {
  buildDay,
  buildExercise,
  buildMember,
  entryOf,
  insertDays,
  insertExercises,
  insertMembers,
  type StoredExercise,
} from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

/*
 * Set kinds (normal, warm-up, drop, failure) and RPE per set: additions to the wire. The original
 * client's writes (sets of id, reps and weight only) keep them; warm-ups count in neither volume
 * nor records; the previous session and the import carry them.
 */
for (const kind of databaseKinds()) {
  describe(`set kinds and RPE (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let theirApi: ApiClient;
    let bench: StoredExercise;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      theirApi = await apiClient(server, other);
      [bench] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스', sets: [] }),
      ]);
    });
    afterEach(() => server?.close());

    const library = async () => exerciseListSchema.parse(await api.get('/api/member/exercises'));
    const kinds = (
      sets: Array<{ reps: number; weight: number; type?: string; rpe?: number | null }>,
    ) => sets.map((set) => [set.type ?? 'NORMAL', set.rpe ?? null, set.weight, set.reps]);

    it('stores each set’s kind and RPE, answers them sparsely, and the original client’s rewrite keeps them', async () => {
      await api.text(
        'POST',
        '/api/exercise',
        {
          name: '스쿼트',
          classification: 'LOWERBODY',
          repWeightList: [
            { reps: 10, weight: 40, type: 'WARMUP' },
            { reps: 5, weight: 100, rpe: 8.5 },
            { reps: 3, weight: 80, type: 'DROP', rpe: 9 },
          ],
        },
        201,
        '운동을 저장했습니다.',
      );
      const squat = (await library()).find((exercise) => exercise.name === '스쿼트')!;
      assert.deepEqual(kinds(squat.repWeightList), [
        ['WARMUP', null, 40, 10],
        ['NORMAL', 8.5, 100, 5],
        ['DROP', 9, 80, 3],
      ]);
      // A working set without RPE answers exactly as the original backend did.
      const [warmup, working, drop] = squat.repWeightList;
      assert.deepEqual(Object.keys(working).sort(), ['id', 'reps', 'rpe', 'weight']);

      // The original client sends id, reps and weight only: kinds and RPE stay; a new set is NORMAL.
      await api.text(
        'PATCH',
        `/api/exercise/${squat.id}`,
        {
          repWeightList: [
            { id: warmup.id, reps: 12, weight: 40 },
            { id: working.id, reps: 5, weight: 102.5 },
            { id: drop.id, reps: 4, weight: 80 },
            { reps: 1, weight: 110 },
          ],
        },
        200,
        '운동을 수정했습니다.',
      );
      const rewritten = exerciseSchema.parse(await api.get(`/api/exercise/${squat.id}`));
      assert.deepEqual(kinds(rewritten.repWeightList), [
        ['WARMUP', null, 40, 12],
        ['NORMAL', 8.5, 102.5, 5],
        ['DROP', 9, 80, 4],
        ['NORMAL', null, 110, 1],
      ]);
      assert.deepEqual(Object.keys(rewritten.repWeightList[3]).sort(), ['id', 'reps', 'weight']);

      // A client that knows them changes a kind, and clears an RPE with null.
      await api.text(
        'PATCH',
        `/api/exercise/${squat.id}`,
        {
          repWeightList: [
            { id: warmup.id, reps: 12, weight: 40, type: 'NORMAL' },
            { id: working.id, reps: 5, weight: 102.5, rpe: null, type: 'FAILURE' },
          ],
        },
        200,
        '운동을 수정했습니다.',
      );
      const changed = exerciseSchema.parse(await api.get(`/api/exercise/${squat.id}`));
      assert.deepEqual(kinds(changed.repWeightList), [
        ['NORMAL', null, 40, 12],
        ['FAILURE', null, 102.5, 5],
      ]);
    });

    it('refuses an unknown kind and an RPE off the 6–10 half steps with the documented body', async () => {
      for (const [set, message] of [
        [{ reps: 5, weight: 60, type: 'AMRAP' }, EXERCISE_MESSAGES.setType],
        [{ reps: 5, weight: 60, rpe: 10.5 }, EXERCISE_MESSAGES.rpe],
        [{ reps: 5, weight: 60, rpe: 7.3 }, EXERCISE_MESSAGES.rpe],
        [{ reps: 5, weight: 60, rpe: 5.5 }, EXERCISE_MESSAGES.rpe],
        [{ reps: 5, weight: 60, rpe: '8' }, EXERCISE_MESSAGES.rpe],
      ] as const) {
        const error = await api.error(
          'PATCH',
          `/api/exercise/${bench.id}`,
          { repWeightList: [set] },
          400,
        );
        const field = 'type' in set ? 'repWeightList.0.type' : 'repWeightList.0.rpe';
        assert.equal(error.data?.[field], message, JSON.stringify(error.data));
      }
      assert.deepEqual((await library())[0].repWeightList, [], 'nothing was written');
    });

    it('keeps a member’s set kinds to that member: another member cannot write them', async () => {
      await theirApi.error(
        'PATCH',
        `/api/exercise/${bench.id}`,
        { repWeightList: [{ reps: 5, weight: 60, type: 'WARMUP' }] },
        404,
      );
      assert.deepEqual((await library())[0].repWeightList, []);
    });

    it('counts a day of ticked warm-ups only as no session, in the week and in the streak', async () => {
      // Long before the other tests' days, so that this week and the one before hold only these.
      const monday = '2025-03-03';
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: addDays(monday, -7),
          entries: [entryOf(bench, 1, [{ reps: 10, weight: 40, done: true, type: 'WARMUP' }])],
        }),
        buildDay({
          memberId: me.id,
          localDate: monday,
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 40, done: true, type: 'WARMUP' },
              { reps: 5, weight: 80, done: true },
            ]),
          ],
        }),
      ]);
      const week = weekSummarySchema.parse(await api.get(`/api/today/week/${monday}`));
      assert.equal(week.current.volume, 5 * 80);
      assert.equal(week.previous.volume, 0);
      assert.equal(week.streakWeeks, 1, 'the warm-up-only week before is no session');
    });

    it('counts warm-ups in neither volume nor records, and carries kinds into the previous session and a new day', async () => {
      const today = seoulToday();
      const earlier = addDays(today, -2);
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: earlier,
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 120, done: true, type: 'WARMUP' },
              { reps: 5, weight: 80, done: true, rpe: 8 },
              { reps: 8, weight: 60, done: true, type: 'DROP', rpe: 10 },
            ]),
          ],
        }),
      ]);
      const history = exerciseHistorySchema.parse(
        await api.get(`/api/exercise/${bench.id}/history?range=all`),
      );
      assert.deepEqual(
        history.sessions.map((session) => [session.topSet.weight, session.volume, session.sets]),
        [[80, 5 * 80 + 8 * 60, 2]],
        'the 120 kg warm-up is neither the top set nor in the volume',
      );
      assert.equal(history.records.weight?.weight, 80);

      const week = weekSummarySchema.parse(await api.get(`/api/today/week/${earlier}`));
      assert.equal(week.current.volume, 5 * 80 + 8 * 60);
      assert.equal(week.current.setsByBodyPart.CHEST, 2);

      // A new day's entry starts from the last session, kinds and RPE included.
      await api.call('POST', `/api/today?date=${today}`);
      await api.text(
        'POST',
        `/api/todayExercise/${today}`,
        [{ id: bench.id, type: 'exercise' }],
        200,
        'add todayExercise',
      );
      const previous = previousSessionListSchema.parse(
        await api.get(`/api/today/date/${today}/previous`),
      );
      assert.deepEqual(kinds(previous[0].repWeightList), [
        ['WARMUP', null, 120, 10],
        ['NORMAL', 8, 80, 5],
        ['DROP', 10, 60, 8],
      ]);
      const day = todaySchema.parse(await api.get(`/api/today/date/${today}`));
      assert.deepEqual(
        kinds(day.todayExercises[0].repWeightList),
        kinds(previous[0].repWeightList),
      );
    });

    it('answers each session’s mean RPE and its top set’s RPE in the history, warm-ups left out, to the member only', async () => {
      const today = seoulToday();
      const [first, second, third] = [-6, -4, -2].map((days) => addDays(today, days));
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: first,
          entries: [
            entryOf(bench, 1, [
              // A warm-up's RPE counts in no history figure.
              { reps: 10, weight: 40, done: true, type: 'WARMUP', rpe: 6 },
              { reps: 5, weight: 80, done: true, rpe: 8 },
              { reps: 5, weight: 80, done: true, rpe: 8.5 },
              { reps: 8, weight: 60, done: true, type: 'DROP', rpe: 10 },
            ]),
          ],
        }),
        buildDay({
          memberId: me.id,
          localDate: second,
          entries: [entryOf(bench, 1, [{ reps: 5, weight: 82.5, done: true }])],
        }),
        buildDay({
          memberId: me.id,
          localDate: third,
          entries: [
            entryOf(bench, 1, [
              { reps: 3, weight: 85, done: true },
              { reps: 5, weight: 80, done: true, rpe: 9 },
            ]),
          ],
        }),
      ]);
      const history = exerciseHistorySchema.parse(
        await api.get(`/api/exercise/${bench.id}/history?range=3m`),
      );
      assert.deepEqual(
        history.sessions.map((session) => [session.localDate, session.rpe, session.topSet]),
        [
          // (8 + 8.5 + 10) / 3 = 8.83 → 8.8; the top set (80 kg × 5, most reps) has 8.
          [first, 8.8, { reps: 5, weight: 80, rpe: 8 }],
          // No RPE that day: both fields are left out, as before the addition.
          [second, undefined, { reps: 5, weight: 82.5 }],
          [third, 9, { reps: 3, weight: 85 }],
        ],
      );
      const raw = (await api.get(`/api/exercise/${bench.id}/history?range=3m`)) as {
        sessions: Array<Record<string, unknown>>;
      };
      assert.deepEqual(Object.keys(raw.sessions[1]).sort(), [
        'localDate',
        'oneRepMax',
        'sets',
        'topSet',
        'volume',
      ]);
      // Another member learns nothing of it.
      await theirApi.error('GET', `/api/exercise/${bench.id}/history?range=3m`, undefined, 404);
    });
  });
}

describe('set kinds and RPE in imported files', () => {
  const csv = (text: string) => new TextEncoder().encode(text);
  const read = (text: string) =>
    parseWorkoutCsv(csv(text), 'kg').sets.map((set) => [set.type, set.rpe, set.weight, set.reps]);

  it('reads Strong’s W/D/F set order and its RPE column', () => {
    assert.deepEqual(
      read(
        [
          'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
          '2024-11-26 18:30:00,Push,1h,Bench Press,W,40,10,,,,,',
          '2024-11-26 18:30:00,Push,1h,Bench Press,1,80,5,,,,,8.5',
          '2024-11-26 18:30:00,Push,1h,Bench Press,D,60,8,,,,,10',
          '2024-11-26 18:30:00,Push,1h,Bench Press,F,60,4,,,,,11',
        ].join('\n'),
      ),
      [
        ['WARMUP', null, 40, 10],
        ['NORMAL', 8.5, 80, 5],
        ['DROP', 10, 60, 8],
        ['FAILURE', null, 60, 4],
      ],
      'an RPE of 11 is read as none, and the set is kept',
    );
  });

  it('reads Hevy’s set_type and rpe, and our own Set Type and RPE columns', () => {
    assert.deepEqual(
      read(
        [
          'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe',
          'Push,"26 Nov 2024, 18:30","26 Nov 2024, 19:30",,Bench Press,,,0,warmup,40,10,,,',
          'Push,"26 Nov 2024, 18:30","26 Nov 2024, 19:30",,Bench Press,,,1,normal,80,5,,,9',
          'Push,"26 Nov 2024, 18:30","26 Nov 2024, 19:30",,Bench Press,,,2,dropset,60,8,,,',
          'Push,"26 Nov 2024, 18:30","26 Nov 2024, 19:30",,Bench Press,,,3,failure,60,4,,,7.5',
        ].join('\n'),
      ),
      [
        ['WARMUP', null, 40, 10],
        ['NORMAL', 9, 80, 5],
        ['DROP', null, 60, 8],
        ['FAILURE', 7.5, 60, 4],
      ],
    );
    assert.deepEqual(
      read(
        [
          'Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Done,Completed,Set Type,RPE',
          '2024-11-26,EveryHealth 2024-11-26,벤치프레스,1,40,10,true,true,WARMUP,',
          '2024-11-26,EveryHealth 2024-11-26,벤치프레스,2,80,5,true,true,NORMAL,8',
        ].join('\n'),
      ),
      [
        ['WARMUP', null, 40, 10],
        ['NORMAL', 8, 80, 5],
      ],
    );
  });

  it('reads a word that is no kind of its format as a normal set, prototype keys included', () => {
    const hevy = (kind: string) =>
      'Push,"26 Nov 2024, 18:30","26 Nov 2024, 19:30",,Bench Press,,,0,' + kind + ',40,10,,,';
    assert.deepEqual(
      read(
        [
          'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe',
          ...['constructor', '__proto__', 'toString', 'WARMUP', 'drop', 'Warm-up'].map(hevy),
        ].join('\n'),
      ).map(([type]) => type),
      ['NORMAL', 'NORMAL', 'NORMAL', 'WARMUP', 'NORMAL', 'NORMAL'],
      "Hevy's words only (warmup in any case), nothing from Object.prototype",
    );
    const own = (kind: string) =>
      `2024-11-26,EveryHealth 2024-11-26,벤치프레스,1,40,10,true,true,${kind},`;
    assert.deepEqual(
      read(
        [
          'Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Done,Completed,Set Type,RPE',
          ...['constructor', 'dropset', 'drop', 'failure', 'hasOwnProperty'].map(own),
        ].join('\n'),
      ).map(([type]) => type),
      ['NORMAL', 'NORMAL', 'DROP', 'FAILURE', 'NORMAL'],
      'our own kinds (SET_TYPES) only',
    );
  });
});
