import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import { EXERCISE_MESSAGES, LIMITS } from '@/lib/contract/exercise';
import { type Today, todayDateSchema, todaySchema } from '@/lib/contract/today';

import { friendships, type Member } from '../src/db/schema';
import { areFriends } from '../src/friend/service';
import {
  buildDay,
  buildExercise,
  buildMember,
  buildRoutine,
  entryOf,
  insertDays,
  insertExercises,
  insertMembers,
  insertRoutines,
  type StoredExercise,
} from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { seedFullSelection } from './helpers/selection';

after(dropTestDatabases);

const DATE = '2025-07-19';

for (const kind of databaseKinds()) {
  describe(`day logs (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let bench: StoredExercise;
    let squat: StoredExercise;
    let curl: StoredExercise;
    let theirs: StoredExercise;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      [bench, squat, curl, theirs] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스', sets: [{ reps: 10, weight: 60 }] }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: me.id, name: '바벨컬', classification: 'BICEPS' }),
        buildExercise({ memberId: other.id, name: '데드리프트', classification: 'BACK' }),
      ]);
    });
    afterEach(() => server?.close());

    const byDate = async (date = DATE, client = api) =>
      todaySchema.parse(await client.get(`/api/today/date/${date}`));
    const shape = (today: Today) =>
      today.todayExercises.map((e) => [e.exerciseName, e.sequence, e.repWeightList.length]);

    it('creates a day, adds exercises and routines with server sequences, reorders and deletes', async () => {
      await api.error('GET', `/api/today/date/${DATE}`, undefined, 404);
      await api.error(
        'POST',
        `/api/todayExercise/${DATE}`,
        [{ id: bench.id, type: 'exercise', sequence: 1 }],
        404,
      );
      await api.text(
        'POST',
        `/api/today?date=${DATE}`,
        undefined,
        201,
        `${DATE}의 Today를 생성했습니다.`,
      );
      const duplicate = await api.error('POST', `/api/today?date=${DATE}`, undefined, 400);
      assert.equal(duplicate.message, '이미 해당 날짜의 Today가 존재합니다.');
      assert.equal(duplicate.data, null);

      let today = await byDate();
      assert.deepEqual(
        { ...today, id: 0 },
        { id: 0, todayExercises: [], localDate: DATE, checkBox: 'False' },
      );

      const [routine] = await insertRoutines(server.database.db, [
        buildRoutine({
          memberId: me.id,
          entries: [entryOf(curl, 2, [{ reps: 12, weight: 20 }]), entryOf(squat, 1)],
        }),
      ]);
      await api.text(
        'POST',
        `/api/todayExercise/${DATE}`,
        [
          { id: bench.id, type: 'exercise', sequence: 7 },
          { id: routine.id, type: 'routine', sequence: 8 },
        ],
        200,
        'add todayExercise',
      );
      await api.text(
        'POST',
        `/api/todayExercise/${DATE}`,
        [{ id: String(curl.id), type: 'exercise', sequence: 1 }],
        200,
        'add todayExercise',
      );
      today = await byDate();
      assert.deepEqual(shape(today), [
        ['벤치프레스', 1, 1],
        ['스쿼트', 2, 3],
        ['바벨컬', 3, 1],
        ['바벨컬', 4, 3],
      ]);
      assert.deepEqual(
        today.todayExercises[2].repWeightList.map(({ reps, weight }) => [reps, weight]),
        [[12, 20]],
        'a routine entry copies the routine sets',
      );
      assert.deepEqual(await api.get(`/api/today/${today.id}`), today);

      const [e1, e2, e3, e4] = today.todayExercises.map((e) => e.id);
      await api.text(
        'PATCH',
        `/api/todayExercise/updateSequence/${today.id}`,
        [
          { id: e4, sequence: 0 },
          { id: e1, sequence: 30 },
        ],
        200,
        'update sequence todayExercise',
      );
      today = await byDate();
      assert.deepEqual(
        today.todayExercises.map((e) => [e.id, e.sequence]),
        [
          [e4, 1],
          [e2, 2],
          [e3, 3],
          [e1, 4],
        ],
      );

      const sets = today.todayExercises[1].repWeightList;
      await api.text(
        'PATCH',
        `/api/todayExercise/${today.id}`,
        [
          {
            id: e2,
            repWeightList: [
              { id: sets[0].id, reps: '5', weight: null },
              { reps: 3, weight: '' },
              { reps: '2', weight: '122.5' },
            ],
          },
        ],
        200,
        'update TodayExercise',
      );
      const squatEntry = (await byDate()).todayExercises.find((e) => e.id === e2)!;
      assert.deepEqual(squatEntry.repWeightList[0], {
        id: sets[0].id,
        reps: 5,
        weight: 0,
        done: false,
      });
      assert.deepEqual(
        squatEntry.repWeightList.map(({ reps, weight }) => [reps, weight]),
        [
          [5, 0],
          [3, 0],
          [2, 122.5],
        ],
      );

      for (const id of [e1, e2, e3]) {
        await api.text(
          'DELETE',
          `/api/todayExercise/${id}`,
          undefined,
          200,
          'delete todayExercise',
        );
      }
      assert.deepEqual(shape(await byDate()), [['바벨컬', 1, 3]]);
      await api.text(
        'DELETE',
        `/api/todayExercise/${e4}`,
        undefined,
        200,
        'delete today and todayExercise',
      );
      await api.error('GET', `/api/today/date/${DATE}`, undefined, 404);
      await api.error('GET', `/api/today/${today.id}`, undefined, 404);
      assert.deepEqual(await api.get('/api/today/yearAndMonth/2025/7'), []);
    });

    it('keeps day-log copies when the exercise is deleted', async () => {
      await insertDays(server.database.db, [
        buildDay({ memberId: me.id, localDate: DATE, entries: [entryOf(bench, 1)] }),
      ]);
      await api.text('DELETE', `/api/exercise/${bench.id}`, undefined, 200, '운동을 삭제했습니다.');
      const today = await byDate();
      assert.deepEqual(shape(today), [['벤치프레스', 1, 1]]);
    });

    it('lists only the asked month and sets the checkbox', async () => {
      const days = await insertDays(server.database.db, [
        buildDay({ memberId: me.id, localDate: '2025-06-30', checkBox: 'True' }),
        buildDay({ memberId: me.id, localDate: '2025-07-31' }),
        buildDay({ memberId: me.id, localDate: '2025-07-01', checkBox: 'True' }),
        buildDay({ memberId: me.id, localDate: '2025-08-01' }),
        buildDay({ memberId: other.id, localDate: '2025-07-02' }),
        buildDay({ memberId: me.id, localDate: '2024-12-31' }),
        buildDay({ memberId: me.id, localDate: '2025-01-01' }),
      ]);
      const july = z.array(todayDateSchema).parse(await api.get('/api/today/yearAndMonth/2025/7'));
      assert.deepEqual(july, [
        { localDate: '2025-07-01', checkBox: 'True' },
        { localDate: '2025-07-31', checkBox: 'False' },
      ]);
      assert.deepEqual(await api.get('/api/today/yearAndMonth/2024/12'), [
        { localDate: '2024-12-31', checkBox: 'False' },
      ]);
      for (const bad of ['2025/13', '2025/0', '2025/x', 'abc/7']) {
        await api.error('GET', `/api/today/yearAndMonth/${bad}`, undefined, 400);
      }

      const id = days[1].id;
      for (const [value, expected] of [
        ['true', 'True'],
        ['false', 'False'],
        ['1', 'True'],
        ['0', 'False'],
        ['yes', 'True'],
        ['no', 'False'],
        ['on', 'True'],
        ['off', 'False'],
      ]) {
        await api.text(
          'POST',
          `/api/today/checkbox/${id}?checked=${value}`,
          undefined,
          200,
          'update checkbox',
        );
        assert.equal((await byDate('2025-07-31')).checkBox, expected, value);
      }
      await api.error('POST', `/api/today/checkbox/${id}`, undefined, 400);
      await api.error('POST', `/api/today/checkbox/${id}?checked=maybe`, undefined, 400);
    });

    it('rejects bad dates and bodies with 400', async () => {
      for (const date of ['2025-7-19', '2025-02-30', '19-07-2025', '2025-13-01', '2025-07-19x']) {
        await api.error('POST', `/api/today?date=${date}`, undefined, 400);
        await api.error('GET', `/api/today/date/${date}`, undefined, 400);
      }
      await api.error('POST', '/api/today', undefined, 400);
      await api.text(
        'POST',
        '/api/today?date=2024-02-29',
        undefined,
        201,
        '2024-02-29의 Today를 생성했습니다.',
      );
      const error = await api.error(
        'POST',
        '/api/todayExercise/2024-02-29',
        [{ id: bench.id, type: 'workout', sequence: 1 }],
        400,
      );
      assert.ok(error.data?.['0.type']);
      await api.error('POST', '/api/todayExercise/2024-02-29', [{ id: bench.id }], 400);
      const empty = await api.error('POST', '/api/todayExercise/2024-02-29', [], 400);
      assert.deepEqual(empty.data, { body: EXERCISE_MESSAGES.selectionEmpty });
      const today = await byDate('2024-02-29');
      assert.deepEqual(today.todayExercises, []);
    });

    it('adds up to LIMITS.selection items at once, not capped at the set limit', async () => {
      const many = await seedFullSelection(server.database.db, me.id);
      const body = (list: StoredExercise[]) =>
        list.map((exercise, index) => ({ id: exercise.id, type: 'exercise', sequence: index + 1 }));
      await api.text(
        'POST',
        `/api/today?date=${DATE}`,
        undefined,
        201,
        `${DATE}의 Today를 생성했습니다.`,
      );
      const tooMany = await api.error(
        'POST',
        `/api/todayExercise/${DATE}`,
        body([...many, bench]),
        400,
      );
      assert.deepEqual(tooMany.data, { body: EXERCISE_MESSAGES.selectionTooMany });
      assert.deepEqual((await byDate()).todayExercises, []);

      await api.text('POST', `/api/todayExercise/${DATE}`, body(many), 200, 'add todayExercise');
      const day = await byDate();
      assert.equal(day.todayExercises.length, LIMITS.selection);
      assert.deepEqual(
        day.todayExercises.map((entry) => entry.sequence),
        many.map((_, index) => index + 1),
      );
      assert.ok(day.todayExercises.every((entry) => entry.repWeightList.length === LIMITS.sets));
    });

    it("answers 404 for another member's ids on every route", async () => {
      const [mine] = await insertDays(server.database.db, [
        buildDay({ memberId: me.id, localDate: DATE, entries: [entryOf(bench, 1)] }),
      ]);
      const [foreign] = await insertDays(server.database.db, [
        buildDay({ memberId: other.id, localDate: DATE, entries: [entryOf(theirs, 1)] }),
      ]);
      const [theirRoutine] = await insertRoutines(server.database.db, [
        buildRoutine({ memberId: other.id, entries: [entryOf(theirs, 1)] }),
      ]);
      const entry = foreign.entryIds[0];
      await api.error('GET', `/api/today/${foreign.id}`, undefined, 404);
      await api.error('DELETE', `/api/todayExercise/${entry}`, undefined, 404);
      await api.error(
        'PATCH',
        `/api/todayExercise/updateSequence/${foreign.id}`,
        [{ id: entry, sequence: 1 }],
        404,
      );
      await api.error(
        'PATCH',
        `/api/todayExercise/updateSequence/${mine.id}`,
        [{ id: entry, sequence: 1 }],
        404,
      );
      await api.error(
        'PATCH',
        `/api/todayExercise/${foreign.id}`,
        [{ id: entry, repWeightList: [{ reps: 1, weight: 1 }] }],
        404,
      );
      await api.error(
        'PATCH',
        `/api/todayExercise/${mine.id}`,
        [{ id: entry, repWeightList: [{ reps: 1, weight: 1 }] }],
        404,
      );
      await api.error('POST', `/api/today/checkbox/${foreign.id}?checked=true`, undefined, 404);
      await api.error(
        'POST',
        `/api/todayExercise/${DATE}`,
        [{ id: theirs.id, type: 'exercise', sequence: 1 }],
        404,
      );
      await api.error(
        'POST',
        `/api/todayExercise/${DATE}`,
        [
          { id: bench.id, type: 'exercise', sequence: 1 },
          { id: theirRoutine.id, type: 'routine', sequence: 2 },
        ],
        404,
      );
      const dup = await api.error(
        'PATCH',
        `/api/todayExercise/updateSequence/${mine.id}`,
        [
          { id: mine.entryIds[0], sequence: 1 },
          { id: mine.entryIds[0], sequence: 2 },
        ],
        400,
      );
      assert.ok(dup.data?.['1.id']);
      assert.deepEqual(shape(await byDate()), [['벤치프레스', 1, 1]], 'nothing was added');
      const otherApi = await apiClient(server, other);
      const theirs2 = await byDate(DATE, otherApi);
      assert.deepEqual(shape(theirs2), [['데드리프트', 1, 3]]);
      assert.equal(theirs2.checkBox, 'False');
    });

    it('shows a friend’s days only with an accepted friendship in either direction', async () => {
      await insertDays(server.database.db, [
        buildDay({
          memberId: other.id,
          localDate: DATE,
          checkBox: 'True',
          entries: [entryOf(theirs, 1)],
        }),
      ]);
      const paths = [
        `/api/today/friend/${other.id}/date/${DATE}`,
        `/api/today/friend/${other.id}/yearAndMonth/2025/7`,
      ];
      const expectForbidden = async () => {
        for (const path of paths) {
          const error = await api.error('GET', path, undefined, 403);
          assert.equal(error.message, '친구가 아니므로 접근할 수 없습니다.');
        }
      };
      await expectForbidden();
      const db = server.database.db;
      await db.insert(friendships).values({ requesterId: me.id, addresseeId: other.id });
      await expectForbidden(); // pending only
      assert.equal(await areFriends(db, me.id, other.id), false);

      await db.update(friendships).set({ status: 'ACCEPT', acceptedAt: new Date() });
      assert.equal(await areFriends(db, other.id, me.id), true);
      const day = todaySchema.parse(await api.get(paths[0]));
      assert.deepEqual(shape(day), [['데드리프트', 1, 3]]);
      assert.deepEqual(await api.get(paths[1]), [{ localDate: DATE, checkBox: 'True' }]);
      await api.error('GET', `/api/today/friend/${other.id}/date/2025-07-20`, undefined, 404);

      // The other direction (they asked, I accepted) works the same.
      await db.delete(friendships);
      await db
        .insert(friendships)
        .values({ requesterId: other.id, addresseeId: me.id, status: 'ACCEPT' });
      assert.equal((await api.call('GET', paths[0])).status, 200);
      // One row per unordered pair.
      await assert.rejects(
        db.insert(friendships).values({ requesterId: me.id, addresseeId: other.id }),
      );
      await api.error('GET', `/api/today/friend/${me.id}/date/${DATE}`, undefined, 403);
      await api.error('GET', `/api/today/friend/${other.id}/date/2025-02-30`, undefined, 400);
      // An unknown member is 404, not 403.
      await api.error('GET', `/api/today/friend/999999/date/${DATE}`, undefined, 404);
      await api.error('GET', '/api/today/friend/999999/yearAndMonth/2025/7', undefined, 404);
    });
  });
}
