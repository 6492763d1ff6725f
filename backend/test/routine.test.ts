import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import { EXERCISE_MESSAGES, LIMITS } from '@/lib/contract/exercise';
import { type Routine, routineExerciseSchema, routineSchema } from '@/lib/contract/routine';

import type { Member } from '../src/db/schema';
import {
  buildExercise,
  buildMember,
  buildRoutine,
  entryOf,
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

for (const kind of databaseKinds()) {
  describe(`routines (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let bench: StoredExercise;
    let squat: StoredExercise;
    let theirs: StoredExercise;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      [bench, squat, theirs] = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '벤치프레스', sets: [{ reps: 10, weight: 60 }] }),
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: other.id, name: '데드리프트' }),
      ]);
    });
    afterEach(() => server?.close());

    const routines = async () =>
      z.array(routineSchema).parse(await api.get('/api/member/routines'));
    const entries = async (routineId: number) =>
      z.array(routineExerciseSchema).parse(await api.get(`/api/routine/${routineId}`));
    async function createRoutine(name: string): Promise<Routine> {
      await api.text(
        'POST',
        `/api/routine?name=${encodeURIComponent(name)}`,
        undefined,
        201,
        '루틴을 생성했습니다.',
      );
      return (await routines()).at(-1)!;
    }

    it('creates routines, adds exercises with copied sets and lists them by sequence', async () => {
      const empty = await createRoutine('하체 루틴');
      const upper = await createRoutine('  상체 루틴 ');
      assert.equal(upper.routineName, '상체 루틴');
      await api.text(
        'POST',
        '/api/routineExercise',
        {
          routineId: upper.routineId,
          exerciseInfoList: [
            { exerciseId: squat.id, sequence: 2 },
            { exerciseId: String(bench.id), sequence: 1 },
            { exerciseId: bench.id },
          ],
        },
        200,
        'RoutineExercise created',
      );
      const list = await routines();
      assert.deepEqual(
        list.map((r) => [r.routineId, r.routineName]),
        [
          [empty.routineId, '하체 루틴'],
          [upper.routineId, '상체 루틴'],
        ],
      );
      assert.deepEqual(list[0].routineExerciseDtoList, []);
      const items = list[1].routineExerciseDtoList;
      assert.deepEqual(
        items.map((i) => [i.exerciseName, i.sequence, i.repWeightList.length]),
        [
          ['벤치프레스', 1, 1],
          ['스쿼트', 2, 3],
          ['벤치프레스', 3, 1],
        ],
      );
      assert.deepEqual(
        items[0].repWeightList.map(({ reps, weight }) => ({ reps, weight })),
        [{ reps: 10, weight: 60 }],
      );
      assert.notEqual(items[0].repWeightList[0].id, null);
      assert.deepEqual(await entries(upper.routineId), items);

      // The copy is a snapshot: editing the exercise's sets does not change it; the name is live.
      await api.text(
        'PATCH',
        `/api/exercise/${bench.id}`,
        { name: '플랫 벤치프레스', repWeightList: [{ reps: 1, weight: 100 }] },
        200,
        '운동을 수정했습니다.',
      );
      const after = await entries(upper.routineId);
      assert.equal(after[0].exerciseName, '플랫 벤치프레스');
      assert.deepEqual(after[0].repWeightList, items[0].repWeightList);

      await api.text(
        'DELETE',
        `/api/routineExercise/${items[2].routineExerciseId}`,
        undefined,
        204,
        '',
      );
      assert.equal((await entries(upper.routineId)).length, 2);
      await api.text('DELETE', `/api/routine/${upper.routineId}`, undefined, 204, '');
      assert.deepEqual(
        (await routines()).map((r) => r.routineId),
        [empty.routineId],
      );
    });

    it('adds up to LIMITS.selection exercises at once, not capped at the set limit', async () => {
      const many = await seedFullSelection(server.database.db, me.id);
      const routine = await createRoutine('전신 루틴');
      const body = (list: StoredExercise[]) => ({
        routineId: routine.routineId,
        exerciseInfoList: list.map((exercise) => ({ exerciseId: exercise.id })),
      });
      const tooMany = await api.error('POST', '/api/routineExercise', body([...many, bench]), 400);
      assert.deepEqual(tooMany.data, { exerciseInfoList: EXERCISE_MESSAGES.selectionTooMany });
      assert.deepEqual(await entries(routine.routineId), []);

      await api.text('POST', '/api/routineExercise', body(many), 200, 'RoutineExercise created');
      const added = await entries(routine.routineId);
      assert.equal(added.length, LIMITS.selection);
      assert.deepEqual(
        added.map((i) => i.sequence),
        many.map((_, index) => index + 1),
      );
      assert.ok(added.every((i) => i.repWeightList.length === LIMITS.sets));
    });

    it('deleting an exercise keeps the routine copies with the name', async () => {
      const [routine] = await insertRoutines(server.database.db, [
        buildRoutine({ memberId: me.id, entries: [entryOf(bench, 1), entryOf(squat, 2)] }),
      ]);
      await api.text(
        'PATCH',
        `/api/exercise/${bench.id}`,
        { name: '벤치' },
        200,
        '운동을 수정했습니다.',
      );
      await api.text('DELETE', `/api/exercise/${bench.id}`, undefined, 200, '운동을 삭제했습니다.');
      const items = await entries(routine.id);
      assert.deepEqual(
        items.map((i) => [i.exerciseName, i.repWeightList.map((s) => [s.reps, s.weight])]),
        [
          ['벤치', [[10, 60]]],
          [
            '스쿼트',
            [
              [10, 40],
              [10, 45],
              [8, 50],
            ],
          ],
        ],
      );
    });

    it('reorders verbatim and replaces sets per entry', async () => {
      const [routine] = await insertRoutines(server.database.db, [
        buildRoutine({
          memberId: me.id,
          entries: [entryOf(bench, 1), entryOf(squat, 2), entryOf(bench, 3)],
        }),
      ]);
      const [a, b, c] = routine.entryIds;
      await api.text(
        'PATCH',
        `/api/routineExercise/updateSequence/${routine.id}`,
        [
          { routineExerciseId: a, sequence: 5 },
          { routineExerciseId: c, sequence: 1 },
        ],
        200,
        'update sequence',
      );
      assert.deepEqual(
        (await entries(routine.id)).map((i) => [i.routineExerciseId, i.sequence]),
        [
          [c, 1],
          [b, 2],
          [a, 5],
        ],
      );

      const before = await entries(routine.id);
      const squatSets = before.find((i) => i.routineExerciseId === b)!.repWeightList;
      await api.text(
        'PATCH',
        `/api/routineExercise/update/${routine.id}`,
        [
          {
            routineExerciseId: b,
            sequence: 9,
            exerciseName: 'ignored',
            repWeightList: [
              { id: squatSets[1].id, reps: '12', weight: '' },
              { reps: 3, weight: '140' },
            ],
          },
        ],
        200,
        'update RepWeight',
      );
      const updated = (await entries(routine.id)).find((i) => i.routineExerciseId === b)!;
      // `sequence` is ignored here, as by the original Spring backend.
      assert.equal(updated.sequence, 2);
      assert.deepEqual(
        (await entries(routine.id)).map((i) => [i.routineExerciseId, i.sequence]),
        [
          [c, 1],
          [b, 2],
          [a, 5],
        ],
      );
      assert.equal(updated.exerciseName, '스쿼트');
      assert.equal(updated.repWeightList.length, 2);
      assert.deepEqual(updated.repWeightList[0], { id: squatSets[1].id, reps: 12, weight: 0 });
      assert.deepEqual([updated.repWeightList[1].reps, updated.repWeightList[1].weight], [3, 140]);

      // Duplicates are 400; entries of another routine are 404.
      const dup = await api.error(
        'PATCH',
        `/api/routineExercise/updateSequence/${routine.id}`,
        [
          { routineExerciseId: a, sequence: 1 },
          { routineExerciseId: a, sequence: 2 },
        ],
        400,
      );
      assert.ok(dup.data?.['1.routineExerciseId']);
      await api.error(
        'PATCH',
        `/api/routineExercise/update/${routine.id}`,
        [
          { routineExerciseId: b, repWeightList: [{ reps: 1, weight: 1 }] },
          { routineExerciseId: b, repWeightList: [{ reps: 1, weight: 1 }] },
        ],
        400,
      );
      const [otherRoutine] = await insertRoutines(server.database.db, [
        buildRoutine({ memberId: me.id, entries: [entryOf(squat, 1)] }),
      ]);
      await api.error(
        'PATCH',
        `/api/routineExercise/updateSequence/${routine.id}`,
        [{ routineExerciseId: otherRoutine.entryIds[0], sequence: 1 }],
        404,
      );
      const invalid = await api.error(
        'PATCH',
        `/api/routineExercise/update/${routine.id}`,
        [{ routineExerciseId: b, repWeightList: [{ reps: 0, weight: 1 }] }],
        400,
      );
      assert.deepEqual(invalid.data, {
        '0.repWeightList.0.reps': '반복 횟수를 정확히 입력해주세요.',
      });
    });

    it("answers 404 for another member's routine ids and exercise ids", async () => {
      const [mine] = await insertRoutines(server.database.db, [
        buildRoutine({ memberId: me.id, entries: [entryOf(bench, 1)] }),
      ]);
      const [foreign] = await insertRoutines(server.database.db, [
        buildRoutine({ memberId: other.id, entries: [entryOf(theirs, 1)] }),
      ]);
      const entry = foreign.entryIds[0];
      await api.error('GET', `/api/routine/${foreign.id}`, undefined, 404);
      await api.error('DELETE', `/api/routine/${foreign.id}`, undefined, 404);
      await api.error('DELETE', `/api/routineExercise/${entry}`, undefined, 404);
      await api.error(
        'POST',
        '/api/routineExercise',
        { routineId: foreign.id, exerciseInfoList: [{ exerciseId: bench.id, sequence: 1 }] },
        404,
      );
      await api.error(
        'POST',
        '/api/routineExercise',
        { routineId: mine.id, exerciseInfoList: [{ exerciseId: theirs.id, sequence: 2 }] },
        404,
      );
      await api.error(
        'PATCH',
        `/api/routineExercise/updateSequence/${foreign.id}`,
        [{ routineExerciseId: entry, sequence: 3 }],
        404,
      );
      await api.error(
        'PATCH',
        `/api/routineExercise/update/${foreign.id}`,
        [{ routineExerciseId: entry, repWeightList: [{ reps: 1, weight: 1 }] }],
        404,
      );
      await api.error(
        'PATCH',
        `/api/routineExercise/update/${mine.id}`,
        [{ routineExerciseId: entry, repWeightList: [{ reps: 1, weight: 1 }] }],
        404,
      );
      await api.error('GET', '/api/routine/123456', undefined, 404);
      // nothing changed on either side
      assert.equal((await entries(mine.id)).length, 1);
      const otherApi = await apiClient(server, other);
      const theirRoutines = z
        .array(routineSchema)
        .parse(await otherApi.get('/api/member/routines'));
      assert.equal(theirRoutines[0].routineExerciseDtoList[0].sequence, 1);
    });

    it('validates routine names and bodies', async () => {
      for (const [query, message] of [
        ['', '루틴 이름을 입력해주세요.'],
        ['?name=', '루틴 이름을 입력해주세요.'],
        ['?name=%20%20', '루틴 이름을 입력해주세요.'],
        [`?name=${'a'.repeat(101)}`, '루틴 이름은 100자 이하로 입력해주세요.'],
      ]) {
        const error = await api.error('POST', `/api/routine${query}`, undefined, 400);
        assert.deepEqual(error.data, { name: message }, query);
      }
      await api.text(
        'POST',
        `/api/routine?name=${'a'.repeat(100)}`,
        undefined,
        201,
        '루틴을 생성했습니다.',
      );
      const [routine] = await routines();
      let error = await api.error('POST', '/api/routineExercise', { exerciseInfoList: [] }, 400);
      assert.ok(error.data?.routineId);
      assert.ok(error.data?.exerciseInfoList);
      error = await api.error(
        'POST',
        '/api/routineExercise',
        { routineId: routine.routineId, exerciseInfoList: [{ sequence: 1 }] },
        400,
      );
      assert.ok(error.data?.['exerciseInfoList.0.exerciseId']);
      await api.error('DELETE', '/api/routine/x1', undefined, 400);
    });
  });
}
