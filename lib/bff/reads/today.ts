import 'server-only';
import { cache } from 'react';
import { dayKey, dayRecordsKey, monthKey, previousSessionsKey } from '@/lib/api/keys';
import { todayDateListSchema, todaySchema, type Today, type TodayDate } from '@/lib/contract/today';
import {
  dayRecordsSchema,
  previousSessionListSchema,
  type DayRecords,
  type PreviousSession,
} from '@/lib/contract/training';
import { readBackend, readBackendOrNull } from '../server-client';

/**
 * GET /api/today/yearAndMonth/{year}/{month} (or a friend's, with `friendId`): the days of that
 * month that have a record. A friend's month is 403 without the friendship (AccessDeniedError).
 */
export const fetchMonth = cache(
  (year: number, month: number, friendId?: number): Promise<TodayDate[]> =>
    readBackend(monthKey(year, month, friendId), todayDateListSchema),
);

/**
 * GET /api/today/date/{date} (or a friend's): the day's log, or null when the date has no record
 * (404: removed since the month was read). Call it only for a date its month lists (see lib/api's
 * fetchDay).
 */
export const fetchDay = cache((date: string, friendId?: number): Promise<Today | null> =>
  readBackendOrNull(dayKey(date, friendId), todaySchema),
);

/**
 * GET /api/today/date/{date}/records (or a friend's): the record badges of the day's sets; null
 * where the backend has no such read (the original Spring backend).
 */
export const fetchDayRecords = cache(
  (date: string, friendId?: number): Promise<DayRecords | null> =>
    readBackendOrNull(dayRecordsKey(date, friendId), dayRecordsSchema),
);

/** GET /api/today/date/{date}/previous: what the member lifted last time, per entry. */
export const fetchPreviousSessions = cache((date: string): Promise<PreviousSession[] | null> =>
  readBackendOrNull(previousSessionsKey(date), previousSessionListSchema),
);
