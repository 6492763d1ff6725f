import { weekSummarySchema, type WeekSummary } from '@/lib/contract/training';
import { requestJson } from './client';
import { isHttpStatus } from './errors';
import { weekSummaryKey } from './keys';

/**
 * GET /api/today/week/{date}: the ISO week holding `date` against the week before, and the streak;
 * null where the backend has no such endpoint (404 from the original Spring backend).
 */
export async function fetchWeekSummary(date: string): Promise<WeekSummary | null> {
  try {
    return await requestJson(weekSummaryKey(date), { schema: weekSummarySchema });
  } catch (error) {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  }
}
