import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import { type Exercise, exerciseSchema } from '@/lib/contract/exercise';

import type { Member } from '../src/db/schema';
import { buildExercise, buildMember, insertExercises, insertMembers } from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const bench = {
  name: '  벤치프레스 ',
  memo: '가슴 상부',
  repWeightList: [
    { reps: '10', weight: '60' },
    { reps: 8, weight: '' },
    { reps: 6.9, weight: null },
  ],
  classification: 'CHEST',
};

for (const kind of databaseKinds()) {
  describe(`exercises (${kind.name})`, () => {
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

    const list = async (client: ApiClient = api) =>
      z.array(exerciseSchema).parse(await client.get('/api/member/exercises'));

    it('answers the classification map in the fixed UI order', async () => {
      const map = await api.get<Record<string, string>>('/api/enum/classification');
      assert.deepEqual(Object.entries(map), [
        ['가슴', 'CHEST'],
        ['등', 'BACK'],
        ['어깨', 'SHOULDER'],
        ['이두', 'BICEPS'],
        ['삼두', 'TRICEPS'],
        ['하체', 'LOWERBODY'],
        ['복근', 'ABS'],
      ]);
    });

    it('creates, reads, updates and deletes with string numbers coerced', async () => {
      await api.text('POST', '/api/exercise', bench, 201, '운동을 저장했습니다.');
      const [created] = await list();
      assert.equal(created.name, '벤치프레스');
      assert.equal(created.memo, '가슴 상부');
      assert.equal(created.classification, 'CHEST');
      assert.deepEqual(
        created.repWeightList.map(({ reps, weight }) => ({ reps, weight })),
        [
          { reps: 10, weight: 60 },
          { reps: 8, weight: 0 },
          { reps: 6, weight: 0 },
        ],
      );
      assert.deepEqual(await api.get(`/api/exercise/${created.id}`), created);

      // Merge: name replaced, memo kept (null), sets replaced by id.
      const [first, , third] = created.repWeightList;
      await api.text(
        'PATCH',
        `/api/exercise/${created.id}`,
        {
          name: '인클라인 벤치프레스',
          memo: null,
          repWeightList: [
            { id: first.id, reps: '12', weight: '62.5' },
            { reps: 5, weight: 80 },
            { id: 999999, reps: 1, weight: 1 },
          ],
        },
        200,
        '운동을 수정했습니다.',
      );
      const updated = exerciseSchema.parse(await api.get(`/api/exercise/${created.id}`));
      assert.equal(updated.name, '인클라인 벤치프레스');
      assert.equal(updated.memo, '가슴 상부');
      assert.equal(updated.classification, 'CHEST');
      assert.equal(updated.repWeightList.length, 2);
      assert.deepEqual(updated.repWeightList[0], { id: first.id, reps: 12, weight: 62.5 });
      assert.deepEqual(
        { reps: updated.repWeightList[1].reps, weight: updated.repWeightList[1].weight },
        { reps: 5, weight: 80 },
      );
      assert.ok(!updated.repWeightList.some((set) => set.id === third.id));

      await api.text(
        'PATCH',
        `/api/exercise/${created.id}`,
        { classification: 'BACK' },
        200,
        '운동을 수정했습니다.',
      );
      assert.equal((await api.get<Exercise>(`/api/exercise/${created.id}`)).classification, 'BACK');

      await api.text(
        'DELETE',
        `/api/exercise/${created.id}`,
        undefined,
        200,
        '운동을 삭제했습니다.',
      );
      assert.deepEqual(await list(), []);
      await api.error('GET', `/api/exercise/${created.id}`, undefined, 404);
      await api.error('DELETE', `/api/exercise/${created.id}`, undefined, 404);
    });

    it('lists all own exercises by id, including ones without sets', async () => {
      const stored = await insertExercises(server.database.db, [
        buildExercise({ memberId: me.id, name: '스쿼트', classification: 'LOWERBODY' }),
        buildExercise({ memberId: me.id, name: '플랭크', classification: 'ABS', sets: [] }),
        buildExercise({ memberId: other.id, name: '남의 운동' }),
      ]);
      const mine = await list();
      assert.deepEqual(
        mine.map((e) => [e.id, e.name, e.repWeightList.length]),
        [
          [stored[0].id, '스쿼트', 3],
          [stored[1].id, '플랭크', 0],
        ],
      );
      assert.deepEqual(
        (await list(otherApi)).map((e) => e.name),
        ['남의 운동'],
      );
    });

    it("answers 404 for another member's exercise on every id route", async () => {
      const [theirs] = await insertExercises(server.database.db, [
        buildExercise({ memberId: other.id }),
      ]);
      const path = `/api/exercise/${theirs.id}`;
      await api.error('GET', path, undefined, 404);
      await api.error('PATCH', path, { ...bench }, 404);
      await api.error('DELETE', path, undefined, 404);
      await api.error('GET', '/api/exercise/987654', undefined, 404);
      await api.error('GET', '/api/exercise/abc', undefined, 400);
      // untouched
      const [still] = await list(otherApi);
      assert.equal(still.name, theirs.name);
      assert.equal(still.repWeightList.length, 3);
    });

    it('rejects each limit and missing field with 400 and its field message', async () => {
      const cases: Array<[string, unknown, string, string]> = [
        ['blank name', { ...bench, name: '   ' }, 'name', '운동 이름을 입력해주세요.'],
        ['missing name', { ...bench, name: undefined }, 'name', '운동 이름을 입력해주세요.'],
        [
          'long name',
          { ...bench, name: 'a'.repeat(101) },
          'name',
          '운동 이름은 100자 이하로 입력해주세요.',
        ],
        [
          'long memo',
          { ...bench, memo: 'm'.repeat(1001) },
          'memo',
          '메모는 1000자 이하로 입력해주세요.',
        ],
        ['no sets', { ...bench, repWeightList: [] }, 'repWeightList', '운동 세트를 입력해주세요.'],
        [
          'missing sets',
          { ...bench, repWeightList: undefined },
          'repWeightList',
          '운동 세트를 입력해주세요.',
        ],
        [
          '51 sets',
          { ...bench, repWeightList: Array.from({ length: 51 }, () => ({ reps: 1, weight: 1 })) },
          'repWeightList',
          '운동 세트는 50개 이하로 입력해주세요.',
        ],
        [
          'zero reps',
          { ...bench, repWeightList: [{ reps: 0, weight: 1 }] },
          'repWeightList.0.reps',
          '반복 횟수를 정확히 입력해주세요.',
        ],
        [
          'empty reps',
          { ...bench, repWeightList: [{ reps: '', weight: 1 }] },
          'repWeightList.0.reps',
          '반복 횟수를 정확히 입력해주세요.',
        ],
        [
          'huge reps',
          {
            ...bench,
            repWeightList: [
              { reps: 1, weight: 1 },
              { reps: 10001, weight: 1 },
            ],
          },
          'repWeightList.1.reps',
          '반복 횟수를 정확히 입력해주세요.',
        ],
        [
          'text reps',
          { ...bench, repWeightList: [{ reps: 'ten', weight: 1 }] },
          'repWeightList.0.reps',
          '반복 횟수를 정확히 입력해주세요.',
        ],
        [
          'negative weight',
          { ...bench, repWeightList: [{ reps: 1, weight: -1 }] },
          'repWeightList.0.weight',
          '무게를 정확히 입력해주세요.',
        ],
        [
          'huge weight',
          { ...bench, repWeightList: [{ reps: 1, weight: '10000.5' }] },
          'repWeightList.0.weight',
          '무게를 정확히 입력해주세요.',
        ],
        [
          'text weight',
          { ...bench, repWeightList: [{ reps: 1, weight: '60kg' }] },
          'repWeightList.0.weight',
          '무게를 정확히 입력해주세요.',
        ],
        [
          'bad classification',
          { ...bench, classification: 'LEGS' },
          'classification',
          '운동 부위를 선택해주세요.',
        ],
        [
          'empty classification',
          { ...bench, classification: '' },
          'classification',
          '운동 부위를 선택해주세요.',
        ],
        [
          'missing classification',
          { ...bench, classification: undefined },
          'classification',
          '운동 부위를 선택해주세요.',
        ],
      ];
      for (const [label, body, field, message] of cases) {
        const error = await api.error('POST', '/api/exercise', body, 400);
        assert.equal(error.data?.[field], message, `${label}: ${JSON.stringify(error.data)}`);
      }
      // Limits hold on PATCH too; the edges are accepted.
      await api.text(
        'POST',
        '/api/exercise',
        {
          ...bench,
          name: 'a'.repeat(100),
          memo: 'm'.repeat(1000),
          repWeightList: Array.from({ length: 50 }, () => ({ reps: 10000, weight: 10000 })),
        },
        201,
        '운동을 저장했습니다.',
      );
      const [created] = await list();
      const error = await api.error('PATCH', `/api/exercise/${created.id}`, { name: ' ' }, 400);
      assert.deepEqual(error.data, { name: '운동 이름을 입력해주세요.' });
      await api.error('POST', '/api/exercise', '{"name":', 400);
      assert.equal((await list()).length, 1);
    });
  });
}
