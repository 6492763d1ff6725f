'use client';

import { useMemo } from 'react';
import useSWR from 'swr';

import { applyDayOps } from '@/features/day-log/offline/day-ops';
import { useOutbox } from '@/features/day-log/offline/day-outbox';
import { overlayOpsOf } from '@/features/day-log/offline/outbox';
import { useSession } from '@/lib/auth';
import { useServerFirst } from '@/lib/hooks/use-server-first';
import { fetchReadOrNull } from '@/lib/reads/fetch-read';
import { yearMonthOfKey } from '@/lib/shared/dates';

import { type DayLog, dayLogRead } from './reads';
import { useMonthDays } from './use-month-days';

/**
 * One day's log (dayLogRead, or with `friendId` that friend's); `today` is null when the date has
 * no record, undefined while loading.
 *
 * Whether the date has a record comes from its month's list (GET /api/today/yearAndMonth/…, the
 * same SWR entry the calendar uses, so no extra call): the day itself is fetched only when the
 * month lists it, as the original frontend did, because the original backend answers a date without
 * a record with 500. Our backend's 404 (a record removed meanwhile) is also no record. `error` is
 * the month's or the day's failure; `retry` reloads whichever failed.
 * The member's own day shows their queued changes (lib/offline) on top of the server's answer.
 */
export function useDayLog(date: string, friendId?: number) {
  const { isAuthenticated } = useSession();
  const { year, month } = yearMonthOfKey(date);
  const monthDays = useMonthDays(year, month, friendId);
  // Whether the server has the day (queued changes may show one it does not have yet).
  const listed = monthDays.days ? monthDays.serverByDate.has(date) : undefined;
  const key = isAuthenticated && listed ? dayLogRead.key(date, friendId) : null;
  const serverFirst = useServerFirst(key);
  // Not useRead: our backend's 404 is no record (null in the cache, which the overlay reads), not
  // a failure to retry.
  const { data, error, isLoading, mutate } = useSWR(
    key,
    () => fetchReadOrNull(dayLogRead, date, friendId),
    { ...dayLogRead.swr, ...serverFirst },
  );

  let server: DayLog | null | undefined;
  if (listed === false) server = null;
  else if (listed) server = data;
  const outbox = useOutbox();
  const ops = friendId === undefined ? overlayOpsOf(outbox, date) : [];
  const pending = ops.length > 0;
  // Offline with nothing cached, a day made in this session still shows from its queued changes.
  const base = server === undefined && pending && (error || monthDays.error) ? null : server;
  const today = useMemo(
    () => (pending && base !== undefined ? applyDayOps(base, ops, outbox.ids) : base),
    // `ops` is derived from `outbox` (same snapshot, same ops).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [base, outbox, pending, date],
  );
  const failure: unknown =
    today !== undefined ? undefined : listed === undefined ? monthDays.error : error;
  const retry = () => (listed === undefined ? monthDays.mutate() : mutate());

  return {
    today,
    error: failure,
    isLoading: listed === undefined ? monthDays.isLoading : isLoading,
    mutate,
    retry,
  };
}
