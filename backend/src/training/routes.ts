import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { localDateSchema } from '@/lib/contract/common';
import { historyRangeSchema } from '@/lib/contract/training';
import { seoulToday } from '@/lib/shared/training/week';

import type { Db } from '../db/client';
import { requireFriendship } from '../friend/service';
import { requireMember } from '../http/auth-hook';
import { idParams } from '../http/reply';
import { testSlowRead } from '../http/test-slow-read';
import { dayRecords, exerciseHistory, weekSummary } from './service';

const dateParams = z.object({ date: localDateSchema });
const rangeQuery = z.object({ range: z.optional(historyRangeSchema).default('3m') });

/**
 * The gym loop's reads (issue 14): a day's record badges, an exercise's history and records, the
 * week summary. The member's own, or a friend's through an accepted friendship (403 otherwise);
 * another member's exercise is 404, as everywhere.
 */
export async function trainingRoutes(
  app: FastifyInstance,
  options: { db: Db; testSlowReads?: boolean },
): Promise<void> {
  const { db, testSlowReads = false } = options;

  app.get('/api/today/date/:date/records', async (request) => {
    const member = requireMember(request);
    const { date } = dateParams.parse(request.params);
    await testSlowRead(request, testSlowReads, 'day-records');
    return dayRecords(db, member.id, date);
  });

  app.get('/api/today/friend/:friendId/date/:date/records', async (request) => {
    const member = requireMember(request);
    const { friendId } = idParams(request.params, 'friendId');
    const { date } = dateParams.parse(request.params);
    await requireFriendship(db, member.id, friendId);
    return dayRecords(db, friendId, date);
  });

  app.get('/api/today/week/:date', async (request) => {
    const member = requireMember(request);
    const { date } = dateParams.parse(request.params);
    await testSlowRead(request, testSlowReads, 'week-summary');
    return weekSummary(db, member.id, date);
  });

  app.get('/api/exercise/:id/history', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const { range } = rangeQuery.parse(request.query ?? {});
    return exerciseHistory(db, member.id, id, range, seoulToday());
  });

  app.get('/api/friend/:friendId/exercise/:id/history', async (request) => {
    const member = requireMember(request);
    const { friendId, id } = idParams(request.params, 'friendId', 'id');
    const { range } = rangeQuery.parse(request.query ?? {});
    await requireFriendship(db, member.id, friendId);
    return exerciseHistory(db, friendId, id, range, seoulToday());
  });
}
