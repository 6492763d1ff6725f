import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import {
  ROUTINE_MESSAGES,
  routineExerciseCreateSchema,
  routineNameSchema,
  routineSequenceUpdateSchema,
  routineSetsUpdateSchema,
} from '@/lib/contract/routine';

import type { Db } from '../db/client';
import { duplicateIndex } from '../exercise/sets';
import { requireMember } from '../http/auth-hook';
import { fieldError, idParams, sendText } from '../http/reply';
import {
  addRoutineExercises,
  createRoutine,
  deleteRoutine,
  deleteRoutineExercise,
  getRoutineEntries,
  listRoutines,
  updateRoutineSequences,
  updateRoutineSets,
} from './service';
import {
  copySharedRoutine,
  previewSharedRoutine,
  readSharedRoutine,
  revokeShare,
  shareRoutine,
} from './share';

const nameQuery = z.object({ name: routineNameSchema });
/** A malformed token is answered as an unknown one (404, share.ts), not as a 400. */
const tokenParams = z.object({ token: z.string().max(100) });

function rejectDuplicates(ids: number[], field: string): void {
  const index = duplicateIndex(ids);
  if (index >= 0) throw fieldError(`${index}.${field}`, ROUTINE_MESSAGES.duplicate);
}

/** Routines and their exercises, owner-only (unlike the original Spring backend). */
export async function routineRoutes(
  app: FastifyInstance,
  options: { db: Db; publicUrl: string },
): Promise<void> {
  const { db, publicUrl } = options;

  app.get('/api/member/routines', async (request) => listRoutines(db, requireMember(request).id));

  app.get('/api/routine/:routineId', async (request) => {
    const member = requireMember(request);
    const { routineId } = idParams(request.params, 'routineId');
    return getRoutineEntries(db, member.id, routineId);
  });

  app.post('/api/routine', async (request, reply) => {
    const member = requireMember(request);
    const { name } = nameQuery.parse(request.query);
    await createRoutine(db, member.id, name);
    return sendText(reply, 201, '루틴을 생성했습니다.');
  });

  app.delete('/api/routine/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    await deleteRoutine(db, member.id, id);
    return reply.status(204).send();
  });

  app.post('/api/routineExercise', async (request, reply) => {
    const member = requireMember(request);
    await addRoutineExercises(db, member.id, routineExerciseCreateSchema.parse(request.body ?? {}));
    return sendText(reply, 200, 'RoutineExercise created');
  });

  app.delete('/api/routineExercise/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    await deleteRoutineExercise(db, member.id, id);
    return reply.status(204).send();
  });

  app.patch('/api/routineExercise/updateSequence/:routineId', async (request, reply) => {
    const member = requireMember(request);
    const { routineId } = idParams(request.params, 'routineId');
    const items = routineSequenceUpdateSchema.parse(request.body ?? []);
    rejectDuplicates(
      items.map((item) => item.routineExerciseId),
      'routineExerciseId',
    );
    await updateRoutineSequences(db, member.id, routineId, items);
    return sendText(reply, 200, 'update sequence');
  });

  app.patch('/api/routineExercise/update/:routineId', async (request, reply) => {
    const member = requireMember(request);
    const { routineId } = idParams(request.params, 'routineId');
    const items = routineSetsUpdateSchema.parse(request.body ?? []);
    rejectDuplicates(
      items.map((item) => item.routineExerciseId),
      'routineExerciseId',
    );
    await updateRoutineSets(db, member.id, routineId, items);
    return sendText(reply, 200, 'update RepWeight');
  });

  // Share links (issue 27, additions). Only the owner shares and revokes (another member's
  // routine is 404, as every routine route); any signed-in member reads and copies while shared.
  app.post('/api/routine/:id/share', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    return shareRoutine(db, member.id, id, publicUrl);
  });

  app.delete('/api/routine/:id/share', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    await revokeShare(db, member.id, id);
    return reply.status(204).send();
  });

  app.get('/api/shared-routine/:token', async (request) => {
    const member = requireMember(request);
    const { token } = tokenParams.parse(request.params);
    return readSharedRoutine(db, member.id, token);
  });

  // Public (http/auth-hook.ts): link previews come from crawlers without a session.
  app.get('/api/shared-routine/:token/preview', async (request) => {
    const { token } = tokenParams.parse(request.params);
    return previewSharedRoutine(db, token);
  });

  app.post('/api/shared-routine/:token/copy', async (request, reply) => {
    const member = requireMember(request);
    const { token } = tokenParams.parse(request.params);
    return reply.status(201).send(await copySharedRoutine(db, member.id, token));
  });
}
