import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { setDoneResultSchema, todaySchema } from '@/lib/contract/today';
import {
  previousSessionListSchema,
  SETTINGS_MESSAGES,
  trainingSettingsSchema,
} from '@/lib/contract/training';

import type { Member } from '../src/db/schema';
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

after(dropTestDatabases);

for (const kind of databaseKinds()) {
  describe(`gym loop: previous values, set ticks, settings (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let theirApi: ApiClient;
    let bench: StoredExercise;
    let squat: StoredExercise;
    let theirBench: StoredExercise;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      theirApi = await apiClient(server, other);
      [bench, squat, theirBench] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스', sets: [{ reps: 10, weight: 40 }] }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: other.id, name: '벤치프레스', sets: [{ reps: 1, weight: 200 }] }),
      ]);
    });
    afterEach(() => server?.close());

    const day = async (date: string, client = api) =>
      todaySchema.parse(await client.get(`/api/today/date/${date}`));
    const sets = (list: Array<{ reps: number; weight: number }>) =>
      list.map(({ reps, weight }) => [reps, weight]);
    async function addToDay(date: string, items: Array<{ id: number; type: string }>) {
      const created = await api.call('POST', `/api/today?date=${date}`);
      assert.ok([201, 400].includes(created.status));
      await api.text('POST', `/api/todayExercise/${date}`, items, 200, 'add todayExercise');
    }

    it('prefills an added exercise from the latest earlier day it was done, else the library', async () => {
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-07-10',
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 60 },
              { reps: 10, weight: 60 },
              { reps: 8, weight: 60 },
            ]),
          ],
        }),
        buildDay({
          memberId: me.id,
          localDate: '2025-07-15',
          entries: [entryOf(bench, 1, [{ reps: 8, weight: 62.5 }])],
        }),
        // Later than the day being filled: never "previous".
        buildDay({
          memberId: me.id,
          localDate: '2025-07-25',
          entries: [entryOf(bench, 1, [{ reps: 5, weight: 70 }])],
        }),
        // Another member's exercise of the same name is theirs alone.
        buildDay({
          memberId: other.id,
          localDate: '2025-07-18',
          entries: [entryOf(theirBench, 1, [{ reps: 1, weight: 200 }])],
        }),
      ]);

      await addToDay('2025-07-19', [
        { id: bench.id, type: 'exercise' },
        { id: squat.id, type: 'exercise' },
      ]);
      const filled = await day('2025-07-19');
      assert.deepEqual(sets(filled.todayExercises[0].repWeightList), [[8, 62.5]]);
      assert.equal(filled.todayExercises[0].exerciseId, bench.id);
      assert.deepEqual(
        sets(filled.todayExercises[1].repWeightList),
        sets(squat.sets),
        'no history: the library sets',
      );
      assert.ok(filled.todayExercises[0].repWeightList.every((set) => set.done === false));

      await addToDay('2025-07-12', [{ id: bench.id, type: 'exercise' }]);
      assert.deepEqual(sets((await day('2025-07-12')).todayExercises[0].repWeightList), [
        [10, 60],
        [10, 60],
        [8, 60],
      ]);

      const previous = previousSessionListSchema.parse(
        await api.get('/api/today/date/2025-07-19/previous'),
      );
      assert.deepEqual(previous, [
        {
          todayExerciseId: filled.todayExercises[0].id,
          exerciseId: bench.id,
          localDate: '2025-07-15',
          repWeightList: [{ reps: 8, weight: 62.5 }],
        },
      ]);
      // A day without a record has no previous sessions; another member's day is not readable.
      assert.deepEqual(await api.get('/api/today/date/2025-08-01/previous'), []);
      assert.deepEqual(await theirApi.get('/api/today/date/2025-07-19/previous'), []);
      await api.error('GET', '/api/today/date/2025-13-01/previous', undefined, 400);
    });

    it("prefills a routine entry from last time too, else the routine's own sets", async () => {
      const [routine] = await insertRoutines(server.database.db, [
        buildRoutine({
          memberId: me.id,
          entries: [
            entryOf(bench, 1, [{ reps: 12, weight: 30 }]),
            entryOf(squat, 2, [{ reps: 5, weight: 100 }]),
          ],
        }),
      ]);
      await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-07-01',
          entries: [entryOf(bench, 1, [{ reps: 6, weight: 80 }])],
        }),
      ]);
      await addToDay('2025-07-02', [{ id: routine.id, type: 'routine' }]);
      const filled = await day('2025-07-02');
      assert.deepEqual(
        filled.todayExercises.map((entry) => sets(entry.repWeightList)),
        [[[6, 80]], [[5, 100]]],
      );
    });

    it('ticks one set at a time; the last tick ticks 완료 unless the member turned that off', async () => {
      const [stored] = await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-07-19',
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 60 },
              { reps: 8, weight: 60 },
            ]),
          ],
        }),
      ]);
      const [first, second] = (await day('2025-07-19')).todayExercises[0].repWeightList;
      const tick = async (id: number, done: boolean, client = api) => {
        const response = await client.call('PATCH', `/api/todayExercise/set/${id}`, { done });
        const text = await response.text();
        assert.equal(response.status, 200, text);
        return setDoneResultSchema.parse(JSON.parse(text));
      };

      assert.deepEqual(await tick(first.id!, true), { done: true, checkBox: 'False' });
      assert.deepEqual(await tick(second.id!, true), { done: true, checkBox: 'True' });
      const ticked = await day('2025-07-19');
      assert.equal(ticked.checkBox, 'True');
      assert.deepEqual(
        ticked.todayExercises[0].repWeightList.map((set) => set.done),
        [true, true],
      );
      // Unticking leaves 완료 as it is.
      assert.deepEqual(await tick(second.id!, false), { done: false, checkBox: 'True' });

      // Another member's set is not found; a malformed body is refused with the error body.
      await theirApi.error('PATCH', `/api/todayExercise/set/${first.id}`, { done: true }, 404);
      await api.error('PATCH', `/api/todayExercise/set/${first.id}`, { done: 'yes' }, 400);
      await api.error('PATCH', '/api/todayExercise/set/abc', { done: true }, 400);

      // With the setting off, the last tick leaves 완료 alone.
      await api.text(
        'POST',
        `/api/today/checkbox/${stored.id}?checked=false`,
        undefined,
        200,
        'update checkbox',
      );
      const settings = trainingSettingsSchema.parse(
        await (await api.call('PATCH', '/api/member/settings', { autoCompleteDay: false })).json(),
      );
      assert.equal(settings.autoCompleteDay, false);
      assert.deepEqual(await tick(second.id!, true), { done: true, checkBox: 'False' });
    });

    it("keeps the done marks through the original client's PATCH of sets, which has no such field", async () => {
      const [stored] = await insertDays(server.database.db, [
        buildDay({
          memberId: me.id,
          localDate: '2025-07-19',
          entries: [
            entryOf(bench, 1, [
              { reps: 10, weight: 60, done: true },
              { reps: 8, weight: 60 },
            ]),
          ],
        }),
      ]);
      const entry = (await day('2025-07-19')).todayExercises[0];
      const [first, second] = entry.repWeightList;
      // The original client sends every set back with id, reps and weight only.
      await api.text(
        'PATCH',
        `/api/todayExercise/${stored.id}`,
        [
          {
            id: entry.id,
            repWeightList: [
              { id: first.id, reps: 12, weight: 60 },
              { id: second.id, reps: 8, weight: 65 },
              { reps: 6, weight: 70 },
            ],
          },
        ],
        200,
        'update TodayExercise',
      );
      assert.deepEqual(
        (await day('2025-07-19')).todayExercises[0].repWeightList.map(({ reps, weight, done }) => [
          reps,
          weight,
          done,
        ]),
        [
          [12, 60, true],
          [8, 65, false],
          [6, 70, false],
        ],
      );
      // Our client may set them in the same call.
      await api.text(
        'PATCH',
        `/api/todayExercise/${stored.id}`,
        [{ id: entry.id, repWeightList: [{ id: first.id, reps: 12, weight: 60, done: false }] }],
        200,
        'update TodayExercise',
      );
      assert.deepEqual(
        (await day('2025-07-19')).todayExercises[0].repWeightList.map((set) => set.done),
        [false],
      );
    });

    it("keeps an exercise's own rest: set, answered on the day's entries, cleared with null", async () => {
      const created = await api.call('POST', '/api/exercise', {
        name: '데드리프트',
        memo: '',
        repWeightList: [{ reps: 5, weight: 100 }],
        classification: 'BACK',
        restSeconds: 180,
      });
      assert.equal(created.status, 201, await created.text());
      const exercises = (await api.get('/api/member/exercises')) as Array<{
        id: number;
        name: string;
        restSeconds: number | null;
      }>;
      const deadlift = exercises.find((exercise) => exercise.name === '데드리프트')!;
      assert.equal(deadlift.restSeconds, 180);
      assert.equal(exercises.find((exercise) => exercise.id === bench.id)!.restSeconds, null);

      await addToDay('2025-07-19', [
        { id: deadlift.id, type: 'exercise' },
        { id: bench.id, type: 'exercise' },
      ]);
      assert.deepEqual(
        (await day('2025-07-19')).todayExercises.map((entry) => entry.restSeconds),
        [180, null],
      );

      // The original client's PATCH (no restSeconds) keeps it; null clears it; bounds hold.
      await api.text(
        'PATCH',
        `/api/exercise/${deadlift.id}`,
        { name: '컨벤셔널 데드리프트' },
        200,
        '운동을 수정했습니다.',
      );
      assert.equal(
        ((await api.get(`/api/exercise/${deadlift.id}`)) as { restSeconds: number }).restSeconds,
        180,
      );
      await api.error('PATCH', `/api/exercise/${deadlift.id}`, { restSeconds: 5 }, 400);
      await api.error('PATCH', `/api/exercise/${deadlift.id}`, { restSeconds: 'long' }, 400);
      await api.text(
        'PATCH',
        `/api/exercise/${deadlift.id}`,
        { restSeconds: null },
        200,
        '운동을 수정했습니다.',
      );
      assert.equal(
        ((await api.get(`/api/exercise/${deadlift.id}`)) as { restSeconds: null }).restSeconds,
        null,
      );
    });

    it('reads and changes the training settings, validating each', async () => {
      assert.deepEqual(await api.get('/api/member/settings'), {
        weightUnit: 'kg',
        autoCompleteDay: true,
        restSeconds: 90,
      });
      const changed = await api.call('PATCH', '/api/member/settings', {
        weightUnit: 'lb',
        restSeconds: 120,
      });
      assert.equal(changed.status, 200);
      assert.deepEqual(await changed.json(), {
        weightUnit: 'lb',
        autoCompleteDay: true,
        restSeconds: 120,
      });
      assert.deepEqual(
        (await api.error('PATCH', '/api/member/settings', { weightUnit: 'stone' }, 400)).data,
        { weightUnit: SETTINGS_MESSAGES.weightUnit },
      );
      await api.error('PATCH', '/api/member/settings', { restSeconds: 5 }, 400);
      await api.error('PATCH', '/api/member/settings', { restSeconds: 90.5 }, 400);
      await api.error('PATCH', '/api/member/settings', '[', 400);
      // Settings are per member.
      assert.equal(
        trainingSettingsSchema.parse(await theirApi.get('/api/member/settings')).weightUnit,
        'kg',
      );
    });
  });
}
