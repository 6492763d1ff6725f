import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import { exerciseSchema } from '@/lib/contract/exercise';
import {
  routineCopySchema,
  routineSchema,
  routineShareSchema,
  sharedRoutinePreviewSchema,
  sharedRoutineSchema,
} from '@/lib/contract/routine';

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

after(dropTestDatabases);

for (const kind of databaseKinds()) {
  describe(`routine share links (${kind.name})`, () => {
    let server: TestServer;
    let owner: Member;
    let guest: Member;
    let ownerApi: ApiClient;
    let guestApi: ApiClient;
    let bench: StoredExercise;
    let squat: StoredExercise;
    let routineId: number;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [owner, guest] = await insertMembers(server.database.db, [
        buildMember({ name: '김철수' }),
        buildMember({ name: '이영희' }),
      ]);
      ownerApi = await apiClient(server, owner);
      guestApi = await apiClient(server, guest);
      [bench, squat] = await insertExercises(server.database.db, [
        buildExercise({
          memberId: owner.id,
          name: '벤치프레스',
          memo: '어깨 조심',
          sets: [
            { reps: 10, weight: 40, type: 'WARMUP' },
            { reps: 5, weight: 100, rpe: 8.5 },
            { reps: 3, weight: 80, type: 'DROP', rpe: 9 },
          ],
        }),
        buildExercise({
          memberId: owner.id,
          name: '스쿼트',
          classification: 'LOWERBODY',
          sets: [{ reps: 5, weight: 120 }],
        }),
      ]);
      [{ id: routineId }] = await insertRoutines(server.database.db, [
        buildRoutine({
          memberId: owner.id,
          name: '상체 루틴',
          entries: [entryOf(bench, 1), entryOf(squat, 2)],
        }),
      ]);
    });
    afterEach(() => server?.close());

    const share = async (api = ownerApi, id = routineId) => {
      const response = await api.call('POST', `/api/routine/${id}/share`);
      assert.equal(response.status, 200, await response.clone().text());
      return routineShareSchema.parse(await response.json());
    };
    const routinesOf = async (api: ApiClient) =>
      z.array(routineSchema).parse(await api.get('/api/member/routines'));
    const copy = async (token: string, api = guestApi) => {
      const response = await api.call('POST', `/api/shared-routine/${token}/copy`);
      assert.equal(response.status, 201, await response.clone().text());
      return routineCopySchema.parse(await response.json());
    };

    it('gives the owner one unguessable token, idempotently, listed on their routine only', async () => {
      const first = await share();
      assert.match(first.token, /^[A-Za-z0-9_-]{22}$/);
      assert.equal(
        first.url,
        `${new URL(`/routine/shared/${first.token}`, server.config.publicUrl).href}`,
      );
      assert.deepEqual(await share(), first);
      const [listed] = await routinesOf(ownerApi);
      assert.equal(listed.shareToken, first.token);
      // Another member's list never carries it; an unshared routine answers as the original.
      await guestApi.text('POST', '/api/routine?name=x', undefined, 201, '루틴을 생성했습니다.');
      const [theirs] = await routinesOf(guestApi);
      assert.equal('shareToken' in theirs, false);
    });

    it("refuses sharing and revoking another member's routine with 404, as every routine route", async () => {
      const body = await guestApi.error('POST', `/api/routine/${routineId}/share`, undefined, 404);
      assert.equal(body.message, '요청한 리소스를 찾을 수 없습니다.');
      await guestApi.error('DELETE', `/api/routine/${routineId}/share`, undefined, 404);
      await guestApi.error('POST', '/api/routine/999999/share', undefined, 404);
      // The owner's link is untouched by the refused revoke.
      const { token } = await share();
      await guestApi.error('DELETE', `/api/routine/${routineId}/share`, undefined, 404);
      assert.equal((await routinesOf(ownerApi))[0].shareToken, token);
    });

    it('shows another member the routine read-only while shared, and 404 once revoked', async () => {
      const { token } = await share();
      const shared = sharedRoutineSchema.parse(await guestApi.get(`/api/shared-routine/${token}`));
      assert.deepEqual(shared, {
        token,
        routineName: '상체 루틴',
        ownerName: '김철수',
        mine: false,
        exercises: [
          {
            sequence: 1,
            exerciseName: '벤치프레스',
            classification: 'CHEST',
            repWeightList: [
              { reps: 10, weight: 40, type: 'WARMUP' },
              { reps: 5, weight: 100, rpe: 8.5 },
              { reps: 3, weight: 80, type: 'DROP', rpe: 9 },
            ],
          },
          {
            sequence: 2,
            exerciseName: '스쿼트',
            classification: 'LOWERBODY',
            repWeightList: [{ reps: 5, weight: 120 }],
          },
        ],
      });
      // Nothing private: no memo, no ids of the owner's rows.
      const text = JSON.stringify(shared);
      assert.equal(text.includes('어깨 조심'), false);
      assert.equal(text.includes('"id"'), false);
      assert.equal(
        sharedRoutineSchema.parse(await ownerApi.get(`/api/shared-routine/${token}`)).mine,
        true,
      );

      await ownerApi.text('DELETE', `/api/routine/${routineId}/share`, undefined, 204, '');
      const gone = await guestApi.error('GET', `/api/shared-routine/${token}`, undefined, 404);
      assert.equal(gone.message, '요청한 리소스를 찾을 수 없습니다.');
      await guestApi.error('POST', `/api/shared-routine/${token}/copy`, undefined, 404);
      await guestApi.error('GET', `/api/shared-routine/${token}/preview`, undefined, 404);
      assert.equal('shareToken' in (await routinesOf(ownerApi))[0], false);
      // Revoking twice is fine; sharing again is a new link, the old one stays dead.
      await ownerApi.text('DELETE', `/api/routine/${routineId}/share`, undefined, 204, '');
      const again = await share();
      assert.notEqual(again.token, token);
      await guestApi.error('GET', `/api/shared-routine/${token}`, undefined, 404);
      await guestApi.get(`/api/shared-routine/${again.token}`);
    });

    it('answers unknown and malformed tokens with 404, and requires a session except the preview', async () => {
      await guestApi.error('GET', '/api/shared-routine/AAAAAAAAAAAAAAAAAAAAAA', undefined, 404);
      await guestApi.error('GET', '/api/shared-routine/..%2F..', undefined, 404);
      await guestApi.error('GET', `/api/shared-routine/${'x'.repeat(90)}`, undefined, 404);
      const { token } = await share();
      const anonymous = await fetch(`${server.baseUrl}/api/shared-routine/${token}`);
      assert.equal(anonymous.status, 401);
      const copyAnonymous = await fetch(`${server.baseUrl}/api/shared-routine/${token}/copy`, {
        method: 'POST',
      });
      assert.equal(copyAnonymous.status, 401);
      const preview = await fetch(`${server.baseUrl}/api/shared-routine/${token}/preview`);
      assert.equal(preview.status, 200);
      const body = (await preview.json()) as Record<string, unknown>;
      assert.deepEqual(sharedRoutinePreviewSchema.parse(body), {
        routineName: '상체 루틴',
        exerciseCount: 2,
        setCount: 4,
      });
      assert.deepEqual(Object.keys(body).sort(), ['exerciseCount', 'routineName', 'setCount']);
      const unknown = await fetch(
        `${server.baseUrl}/api/shared-routine/AAAAAAAAAAAAAAAAAAAAAA/preview`,
      );
      assert.equal(unknown.status, 404);
    });

    it("copies into the caller's routines, set kinds and RPE kept, independent of the original", async () => {
      // The guest already has a squat (another spelling): it is reused; the bench is created.
      const [ownSquat] = await insertExercises(server.database.db, [
        buildExercise({ memberId: guest.id, name: ' 스쿼트', classification: 'LOWERBODY' }),
      ]);
      const { token } = await share();
      const copied = await copy(token);
      assert.equal(copied.routineName, '상체 루틴');
      assert.notEqual(copied.routineId, routineId);

      const [mine] = await routinesOf(guestApi);
      assert.equal(mine.routineId, copied.routineId);
      assert.equal('shareToken' in mine, false);
      assert.deepEqual(
        mine.routineExerciseDtoList.map((entry) => [
          entry.sequence,
          entry.exerciseName,
          entry.repWeightList.map(({ reps, weight, type, rpe }) => ({ reps, weight, type, rpe })),
        ]),
        [
          [
            1,
            '벤치프레스',
            [
              { reps: 10, weight: 40, type: 'WARMUP', rpe: undefined },
              { reps: 5, weight: 100, type: undefined, rpe: 8.5 },
              { reps: 3, weight: 80, type: 'DROP', rpe: 9 },
            ],
          ],
          [2, ' 스쿼트', [{ reps: 5, weight: 120, type: undefined, rpe: undefined }]],
        ],
      );
      // The bench is new in the guest's library (body part, sets; no memo); the squat was theirs.
      const library = z.array(exerciseSchema).parse(await guestApi.get('/api/member/exercises'));
      assert.deepEqual(
        library.map((exercise) => [exercise.name, exercise.classification, exercise.memo]).sort(),
        [
          [' 스쿼트', 'LOWERBODY', null],
          ['벤치프레스', 'CHEST', null],
        ],
      );
      assert.ok(library.some((exercise) => exercise.id === ownSquat.id));
      const newBench = library.find((exercise) => exercise.name === '벤치프레스')!;
      assert.notEqual(newBench.id, bench.id);
      assert.equal(newBench.repWeightList.length, 3);

      // The original changes (sets rewritten by the original client, an entry deleted, then the
      // whole routine): the copy does not move.
      const [original] = await routinesOf(ownerApi);
      const [benchEntry, squatEntry] = original.routineExerciseDtoList;
      await ownerApi.text(
        'PATCH',
        `/api/routineExercise/update/${routineId}`,
        [
          {
            routineExerciseId: benchEntry.routineExerciseId,
            repWeightList: [{ reps: 1, weight: 1 }],
          },
        ],
        200,
        'update RepWeight',
      );
      await ownerApi.text(
        'DELETE',
        `/api/routineExercise/${squatEntry.routineExerciseId}`,
        undefined,
        204,
        '',
      );
      await ownerApi.text(
        'PATCH',
        `/api/exercise/${bench.id}`,
        { name: '인클라인 벤치', classification: 'CHEST', repWeightList: [{ reps: 2, weight: 2 }] },
        200,
        '운동을 수정했습니다.',
      );
      await ownerApi.text('DELETE', `/api/routine/${routineId}`, undefined, 204, '');
      const [after] = await routinesOf(guestApi);
      assert.deepEqual(after, mine);
      await guestApi.error('GET', `/api/shared-routine/${token}`, undefined, 404);
    });

    it("keeps the share through the original client's writes to the routine", async () => {
      const { token } = await share();
      const [original] = await routinesOf(ownerApi);
      const [benchEntry, squatEntry] = original.routineExerciseDtoList;
      await ownerApi.text(
        'PATCH',
        `/api/routineExercise/updateSequence/${routineId}`,
        [
          { routineExerciseId: benchEntry.routineExerciseId, sequence: 2 },
          { routineExerciseId: squatEntry.routineExerciseId, sequence: 1 },
        ],
        200,
        'update sequence',
      );
      await ownerApi.text(
        'PATCH',
        `/api/routineExercise/update/${routineId}`,
        [
          {
            routineExerciseId: squatEntry.routineExerciseId,
            repWeightList: [{ reps: 3, weight: 140 }],
          },
        ],
        200,
        'update RepWeight',
      );
      await ownerApi.text(
        'POST',
        '/api/routineExercise',
        { routineId, exerciseInfoList: [{ exerciseId: bench.id }] },
        200,
        'RoutineExercise created',
      );
      assert.equal((await routinesOf(ownerApi))[0].shareToken, token);
      const shared = sharedRoutineSchema.parse(await guestApi.get(`/api/shared-routine/${token}`));
      assert.deepEqual(
        shared.exercises.map((entry) => [entry.exerciseName, entry.repWeightList.length]),
        [
          ['스쿼트', 1],
          ['벤치프레스', 3],
          ['벤치프레스', 3],
        ],
      );
      assert.deepEqual(shared.exercises[0].repWeightList, [{ reps: 3, weight: 140 }]);
      // A copy of a routine naming one exercise twice makes that exercise once.
      await copy(token);
      const library = z.array(exerciseSchema).parse(await guestApi.get('/api/member/exercises'));
      assert.deepEqual(library.map((exercise) => exercise.name).sort(), ['벤치프레스', '스쿼트']);
    });

    it('copies an entry whose exercise the owner deleted under its kept name', async () => {
      const { token } = await share();
      await ownerApi.call('DELETE', `/api/exercise/${squat.id}`);
      const shared = sharedRoutineSchema.parse(await guestApi.get(`/api/shared-routine/${token}`));
      assert.equal(shared.exercises[1].exerciseName, '스쿼트');
      assert.equal(shared.exercises[1].classification, null);
      await copy(token);
      const library = z.array(exerciseSchema).parse(await guestApi.get('/api/member/exercises'));
      // The body part guessed from the name.
      assert.deepEqual(
        library.find((exercise) => exercise.name === '스쿼트')?.classification,
        'LOWERBODY',
      );
    });
  });
}
