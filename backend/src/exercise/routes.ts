import type { FastifyInstance } from 'fastify';

import {
  CLASSIFICATION_LABELS,
  CLASSIFICATIONS,
  exerciseCreateSchema,
  exerciseUpdateSchema,
} from '@/lib/contract/exercise';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams, sendText } from '../http/reply';
import {
  createExercise,
  deleteExercise,
  getExercise,
  listExercises,
  updateExercise,
} from './service';

/** Label → name in the fixed UI order, not the original Spring backend's random key order. */
const CLASSIFICATION_MAP = Object.fromEntries(
  CLASSIFICATIONS.map((name) => [CLASSIFICATION_LABELS[name], name]),
);

/** Exercises and the classification enum, owner-only (unlike the original Spring backend). */
export async function exerciseRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get('/api/enum/classification', async () => CLASSIFICATION_MAP);

  app.get('/api/member/exercises', async (request) => listExercises(db, requireMember(request).id));

  app.get('/api/exercise/:id', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    return getExercise(db, member.id, id);
  });

  app.post('/api/exercise', async (request, reply) => {
    const member = requireMember(request);
    await createExercise(db, member.id, exerciseCreateSchema.parse(request.body ?? {}));
    return sendText(reply, 201, '운동을 저장했습니다.');
  });

  app.patch('/api/exercise/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    await updateExercise(db, member.id, id, exerciseUpdateSchema.parse(request.body ?? {}));
    return sendText(reply, 200, '운동을 수정했습니다.');
  });

  app.delete('/api/exercise/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    await deleteExercise(db, member.id, id);
    return sendText(reply, 200, '운동을 삭제했습니다.');
  });
}
