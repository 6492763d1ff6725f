import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { todaySchema } from '@/lib/contract/today';
import {
  dayRecordsSchema,
  exerciseHistorySchema,
  weekSummarySchema,
} from '@/lib/contract/training';
import { addDays, seoulToday } from '@/lib/shared/training/week';

import type { Member } from '../src/db/schema';
import {
  buildDay,
  buildExercise,
  buildMember,
  entryOf,
  insertDays,
  insertExercises,
  insertFriendship,
  insertMembers,
  type StoredExercise,
} from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

for (const kind of databaseKinds()) {
  describe(`gym loop: records, history, week summary (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let friend: Member;
    let stranger: Member;
    let api: ApiClient;
    let bench: StoredExercise;
    let squat: StoredExercise;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, friend, stranger] = await insertMembers(server.database.db, [
        buildMember(),
        buildMember(),
        buildMember(),
      ]);
      api = await apiClient(server, me);
      [bench, squat] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스' }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
      ]);
    });
    afterEach(() => server?.close());

    const done = (reps: number, weight: number) => ({ reps, weight, done: true });
    const dayOf = async (date: string) =>
      todaySchema.parse(await api.get(`/api/today/date/${date}`));
    const badges = async (date: string, client = api, path = `/api/today/date/${date}/records`) => {
      const records = dayRecordsSchema.parse(await client.get(path));
      const day = await dayOf(date).catch(() => null);
      const setsById = new Map(
        (day?.todayExercises ?? []).flatMap((entry) =>
          entry.repWeightList.map((set) => [set.id, `${set.weight}×${set.reps}`] as const),
        ),
      );
      return {
        sets: records.sets.map((set) => [setsById.get(set.id) ?? set.id, set.records]),
        sessionVolume: records.sessionVolume.length,
      };
    };

    it('flags the sets that beat a record, ties excepted, and recomputes when a day goes', async () => {
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-07-01',
          entries: [entryOf(bench, 1, [done(10, 60)])],
        }),
        buildDay({
          memberId: me.id,
          localDate: '2025-07-03',
          entries: [entryOf(bench, 1, [done(5, 65), done(12, 50)])],
        }),
        buildDay({
          memberId: me.id,
          localDate: '2025-07-05',
          entries: [
            entryOf(bench, 1, [done(5, 65), done(20, 40)]),
            entryOf(squat, 2, [done(5, 100)]),
          ],
        }),
        // Planned, not done: neither ticked nor 완료.
        buildDay({
          memberId: me.id,
          localDate: '2025-07-07',
          entries: [entryOf(bench, 1, [{ reps: 1, weight: 100 }])],
        }),
        // Logged before set ticks: the day's 완료 makes its sets count.
        buildDay({
          memberId: me.id,
          localDate: '2025-07-09',
          checkBox: 'True',
          entries: [entryOf(bench, 1, [{ reps: 3, weight: 70 }])],
        }),
      ]);

      assert.deepEqual(
        await badges('2025-07-01'),
        { sets: [], sessionVolume: 0 },
        'a first session beats nothing',
      );
      assert.deepEqual(await badges('2025-07-03'), {
        sets: [['65×5', ['weight']]],
        sessionVolume: 1,
      });
      // 65×5 ties; 40×20 is a lower weight with more reps: a set-volume record only.
      assert.deepEqual(await badges('2025-07-05'), {
        sets: [['40×20', ['setVolume']]],
        sessionVolume: 1,
      });
      assert.deepEqual(
        await badges('2025-07-07'),
        { sets: [], sessionVolume: 0 },
        'not done: no badge',
      );
      assert.deepEqual(await badges('2025-07-09'), {
        sets: [['70×3', ['weight']]],
        sessionVolume: 0,
      });

      // Ticking the planned set makes it work done, and a record.
      const planned = (await dayOf('2025-07-07')).todayExercises[0].repWeightList[0];
      await api.call('PATCH', `/api/todayExercise/set/${planned.id}`, { done: true });
      assert.deepEqual(await badges('2025-07-07'), {
        sets: [['100×1', ['weight', 'oneRepMax']]],
        sessionVolume: 0,
      });

      // Deleting 07-03 takes its records with it: 07-05's 65×5 now beats 07-01's 60×10.
      const gone = (await dayOf('2025-07-03')).todayExercises[0].id;
      await api.call('DELETE', `/api/todayExercise/${gone}`);
      assert.deepEqual(await badges('2025-07-05'), {
        sets: [
          ['65×5', ['weight']],
          ['40×20', ['setVolume']],
        ],
        sessionVolume: 1,
      });
    });

    it("answers an exercise's history and records; others' are 404, a friend's need the friendship", async () => {
      const today = seoulToday();
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: addDays(today, -200),
          entries: [entryOf(bench, 1, [done(10, 60)])],
        }),
        buildDay({
          memberId: me.id,
          localDate: addDays(today, -10),
          entries: [entryOf(bench, 1, [done(5, 70), done(8, 60)])],
        }),
        buildDay({
          memberId: me.id,
          localDate: addDays(today, -3),
          entries: [entryOf(bench, 1, [done(5, 70)])],
        }),
      ]);
      const history = exerciseHistorySchema.parse(
        await api.get(`/api/exercise/${bench.id}/history?range=all`),
      );
      assert.equal(history.name, '벤치프레스');
      assert.deepEqual(
        history.sessions.map((s) => [
          s.localDate,
          s.topSet.weight,
          s.topSet.reps,
          s.volume,
          s.sets,
        ]),
        [
          [addDays(today, -200), 60, 10, 600, 1],
          [addDays(today, -10), 70, 5, 830, 2],
          [addDays(today, -3), 70, 5, 350, 1],
        ],
      );
      assert.equal(Math.round(history.sessions[0].oneRepMax * 10) / 10, 80);
      assert.deepEqual(history.records.weight, {
        weight: 70,
        reps: 5,
        localDate: addDays(today, -10),
      });
      assert.deepEqual(history.records.sessionVolume, {
        value: 830,
        localDate: addDays(today, -10),
      });
      assert.deepEqual(
        history.records.repsAtWeight.map((r) => [r.weight, r.reps]),
        [
          [70, 5],
          [60, 10],
        ],
      );

      const recent = exerciseHistorySchema.parse(
        await api.get(`/api/exercise/${bench.id}/history`),
      );
      assert.equal(recent.range, '3m');
      assert.equal(recent.sessions.length, 2, 'three months by default');
      assert.deepEqual(recent.records, history.records, 'records are of all time');
      await api.error('GET', `/api/exercise/${bench.id}/history?range=5y`, undefined, 400);

      const strangerApi = await apiClient(server, stranger);
      await strangerApi.error('GET', `/api/exercise/${bench.id}/history`, undefined, 404);
      const friendApi = await apiClient(server, friend);
      const friendsPath = `/api/friend/${me.id}/exercise/${bench.id}/history?range=all`;
      await friendApi.error('GET', friendsPath, undefined, 403);
      await friendApi.error(
        'GET',
        `/api/today/friend/${me.id}/date/${addDays(today, -10)}/records`,
        undefined,
        403,
      );
      await insertFriendship(server.database.db, me.id, friend.id, true);
      assert.deepEqual(exerciseHistorySchema.parse(await friendApi.get(friendsPath)), history);
      assert.deepEqual(
        dayRecordsSchema.parse(
          await friendApi.get(`/api/today/friend/${me.id}/date/${addDays(today, -10)}/records`),
        ),
        dayRecordsSchema.parse(await api.get(`/api/today/date/${addDays(today, -10)}/records`)),
      );
    });

    it('sums the week (Monday to Sunday) against the week before, with the streak of weeks', async () => {
      await insertDays(server.database.db, [
        // Three weeks before: a session, then a week without, which breaks the streak.
        buildDay({
          memberId: me.id,
          localDate: '2025-06-17',
          entries: [entryOf(bench, 1, [done(10, 50)])],
        }),
        // The previous week (Mon 06-30 … Sun 07-06).
        buildDay({
          memberId: me.id,
          localDate: '2025-06-30',
          entries: [entryOf(bench, 1, [done(10, 60)])],
        }),
        buildDay({
          memberId: me.id,
          localDate: '2025-07-06',
          entries: [entryOf(squat, 1, [done(5, 100), done(5, 100)])],
        }),
        // This week (Mon 07-07 … Sun 07-13).
        buildDay({
          memberId: me.id,
          localDate: '2025-07-07',
          entries: [
            entryOf(bench, 1, [done(8, 70), { reps: 8, weight: 70 }]),
            entryOf(squat, 2, [done(5, 110)]),
          ],
        }),
        buildDay({
          memberId: me.id,
          localDate: '2025-07-13',
          entries: [entryOf(bench, 1, [done(10, 60)])],
        }),
      ]);
      const week = weekSummarySchema.parse(await api.get('/api/today/week/2025-07-09'));
      assert.equal(week.current.weekStart, '2025-07-07');
      assert.equal(week.current.sessions, 2);
      assert.equal(week.current.volume, 8 * 70 + 5 * 110 + 10 * 60);
      assert.equal(week.current.setsByBodyPart.CHEST, 2, 'the unticked set is not work');
      assert.equal(week.current.setsByBodyPart.LOWERBODY, 1);
      assert.equal(week.current.setsByBodyPart.BACK, 0);
      assert.equal(week.previous.weekStart, '2025-06-30');
      assert.equal(week.previous.sessions, 2);
      assert.equal(week.previous.volume, 600 + 1000);
      assert.equal(week.streakWeeks, 2);
      await api.error('GET', '/api/today/week/2025-02-30', undefined, 400);
    });
  });
}
