'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { dayKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { yearMonthOfKey } from '@/lib/dates';
import { useMonthDays } from './use-month-days';
import { useServerFirst } from './use-server-first';

/**
 * One day's log (GET /api/today/date/{date}, or with `friendId` GET
 * /api/today/friend/{friendId}/date/{date}); `today` is null when the date has no record,
 * undefined while loading.
 *
 * Whether the date has a record comes from its month's list (GET /api/today/yearAndMonth/…, the
 * same SWR entry the calendar uses, so no extra call): the day itself is fetched only when the
 * month lists it, as the original frontend did, because the original backend answers a date without
 * a record with 500 (original-backend.md §3.3). Our backend's 404 (a record removed meanwhile) is
 * also no record. `error` is the month's or the day's failure; `retry` reloads whichever failed.
 */
export function useDayLog(date: string, friendId?: number) {
  const { isAuthenticated } = useSession();
  const { year, month } = yearMonthOfKey(date);
  const monthDays = useMonthDays(year, month, friendId);
  const listed = monthDays.days ? monthDays.byDate.has(date) : undefined;
  const key = isAuthenticated && listed ? dayKey(date, friendId) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchDay(date, friendId),
    serverFirst,
  );

  let today: typeof data;
  if (listed === false) today = null;
  else if (listed) today = data;
  const failure: unknown = listed === undefined ? monthDays.error : error;
  const retry = () => (listed === undefined ? monthDays.mutate() : mutate());

  return {
    today,
    error: failure,
    isLoading: listed === undefined ? monthDays.isLoading : isLoading,
    mutate,
    retry,
  };
}
