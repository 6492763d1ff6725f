import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { localDateSchema } from '@/lib/contract/common';
import { ROUTINE_MESSAGES } from '@/lib/contract/routine';
import {
  checkedParamSchema,
  setDoneUpdateSchema,
  TODAY_MESSAGES,
  todayExerciseAddSchema,
  todaySequenceUpdateSchema,
  todaySetsUpdateSchema,
} from '@/lib/contract/today';

import type { Db } from '../db/client';
import { duplicateIndex } from '../exercise/sets';
import { requireFriendship } from '../friend/service';
import { requireMember } from '../http/auth-hook';
import { prefersRepresentation, representationApplied } from '../http/prefer';
import { fieldError, idParams, sendText } from '../http/reply';
import { previousSessionsOfDay } from './previous';
import {
  addTodayExercises,
  createToday,
  deleteTodayExercise,
  getToday,
  getTodayByDate,
  getTodayExercises,
  listMonth,
  setCheckBox,
  setSetDone,
  updateTodaySequences,
  updateTodaySets,
} from './service';

const dateParams = z.object({ date: localDateSchema });
const dateQuery = z.object({ date: localDateSchema });
const monthParams = z.object({
  year: z.coerce
    .number({ error: TODAY_MESSAGES.year })
    .int({ error: TODAY_MESSAGES.year })
    .min(1, { error: TODAY_MESSAGES.year })
    .max(9998, { error: TODAY_MESSAGES.year }),
  month: z.coerce
    .number({ error: TODAY_MESSAGES.month })
    .int({ error: TODAY_MESSAGES.month })
    .min(1, { error: TODAY_MESSAGES.month })
    .max(12, { error: TODAY_MESSAGES.month }),
});
const checkedQuery = z.object({ checked: checkedParamSchema });

function rejectDuplicates(ids: number[]): void {
  const index = duplicateIndex(ids);
  if (index >= 0) throw fieldError(`${index}.id`, ROUTINE_MESSAGES.duplicate);
}

/**
 * Day logs, owner-only (unlike the original Spring backend); friends' through an accepted
 * friendship, whoever requested it.
 */
export async function todayRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get('/api/today/:id', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    return getToday(db, member.id, id);
  });

  app.get('/api/today/yearAndMonth/:year/:month', async (request) => {
    const member = requireMember(request);
    const { year, month } = monthParams.parse(request.params);
    return listMonth(db, member.id, year, month);
  });

  app.get('/api/today/date/:date', async (request) => {
    const member = requireMember(request);
    const { date } = dateParams.parse(request.params);
    return getTodayByDate(db, member.id, date);
  });

  app.get('/api/today/date/:date/previous', async (request) => {
    const member = requireMember(request);
    const { date } = dateParams.parse(request.params);
    return previousSessionsOfDay(db, member.id, date);
  });

  app.get('/api/today/friend/:friendId/yearAndMonth/:year/:month', async (request) => {
    const member = requireMember(request);
    const { friendId } = idParams(request.params, 'friendId');
    const { year, month } = monthParams.parse(request.params);
    await requireFriendship(db, member.id, friendId);
    return listMonth(db, friendId, year, month);
  });

  app.get('/api/today/friend/:friendId/date/:date', async (request) => {
    const member = requireMember(request);
    const { friendId } = idParams(request.params, 'friendId');
    const { date } = dateParams.parse(request.params);
    await requireFriendship(db, member.id, friendId);
    return getTodayByDate(db, friendId, date);
  });

  app.post('/api/today', async (request, reply) => {
    const member = requireMember(request);
    const { date } = dateQuery.parse(request.query);
    const id = await createToday(db, member.id, date);
    // The offline queue needs the new day's id; the original client gets the original text.
    if (prefersRepresentation(request)) {
      return representationApplied(reply)
        .code(201)
        .send(await getToday(db, member.id, id));
    }
    return sendText(reply, 201, `${date}의 Today를 생성했습니다.`);
  });

  app.post('/api/todayExercise/:date', async (request, reply) => {
    const member = requireMember(request);
    const { date } = dateParams.parse(request.params);
    const items = todayExerciseAddSchema.parse(request.body ?? []);
    const created = await addTodayExercises(db, member.id, date, items);
    if (prefersRepresentation(request)) {
      return representationApplied(reply).send(await getTodayExercises(db, member.id, created));
    }
    return sendText(reply, 200, 'add todayExercise');
  });

  app.delete('/api/todayExercise/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const dayRemoved = await deleteTodayExercise(db, member.id, id);
    return sendText(
      reply,
      200,
      dayRemoved ? 'delete today and todayExercise' : 'delete todayExercise',
    );
  });

  app.patch('/api/todayExercise/updateSequence/:todayId', async (request, reply) => {
    const member = requireMember(request);
    const { todayId } = idParams(request.params, 'todayId');
    const items = todaySequenceUpdateSchema.parse(request.body ?? []);
    rejectDuplicates(items.map((item) => item.id));
    await updateTodaySequences(db, member.id, todayId, items);
    return sendText(reply, 200, 'update sequence todayExercise');
  });

  app.patch('/api/todayExercise/set/:setId', async (request) => {
    const member = requireMember(request);
    const { setId } = idParams(request.params, 'setId');
    const { done } = setDoneUpdateSchema.parse(request.body ?? {});
    return setSetDone(db, member.id, setId, done);
  });

  app.patch('/api/todayExercise/:todayId', async (request, reply) => {
    const member = requireMember(request);
    const { todayId } = idParams(request.params, 'todayId');
    const items = todaySetsUpdateSchema.parse(request.body ?? []);
    rejectDuplicates(items.map((item) => item.id));
    await updateTodaySets(db, member.id, todayId, items);
    if (prefersRepresentation(request)) {
      const ids = items.map((item) => item.id);
      return representationApplied(reply).send(await getTodayExercises(db, member.id, ids));
    }
    return sendText(reply, 200, 'update TodayExercise');
  });

  app.post('/api/today/checkbox/:todayId', async (request, reply) => {
    const member = requireMember(request);
    const { todayId } = idParams(request.params, 'todayId');
    const { checked } = checkedQuery.parse(request.query);
    await setCheckBox(db, member.id, todayId, checked);
    return sendText(reply, 200, 'update checkbox');
  });
}
