'use client';

import { useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { loadApi } from '@/lib/api/load';
import { dayKey, monthKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { CheckBox, Today, TodayDate } from '@/lib/contract/today';
import { applyMonthOps } from '@/lib/offline/day-ops';
import { useOutbox } from '@/lib/offline/day-outbox';
import { overlayOpsOfMonth } from '@/lib/offline/outbox';
import { useServerFirst } from './use-server-first';

function byDateOf(days: readonly TodayDate[] | undefined): Map<string, CheckBox> {
  const map = new Map<string, CheckBox>();
  for (const day of days ?? []) map.set(day.localDate, day.checkBox);
  return map;
}

/**
 * The signed-in member's day records of one month (GET /api/today/yearAndMonth/{year}/{month}), or
 * with `friendId` that friend's (GET /api/today/friend/{friendId}/yearAndMonth/{year}/{month}),
 * keyed by year and month, with a `YYYY-MM-DD` → checkBox map for the calendar's dots. The
 * member's own month shows their queued changes on top (lib/offline); `serverByDate` is the
 * server's list alone (which days the server has a record of).
 */
export function useMonthDays(year: number, month: number, friendId?: number) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? monthKey(year, month, friendId) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchMonth(year, month, friendId),
    {
      keepPreviousData: false,
      ...serverFirst,
    },
  );
  const { cache } = useSWRConfig();
  const outbox = useOutbox();
  const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
  const ops = friendId === undefined ? overlayOpsOfMonth(outbox, yearMonth) : [];
  const pending = ops.length > 0;
  const days = useMemo(() => {
    if (!pending) return data;
    const baseDay = (date: string) => cache.get(dayKey(date))?.data as Today | null | undefined;
    return applyMonthOps(data ?? [], ops, outbox.ids, baseDay);
    // `ops` is derived from `outbox` (same snapshot, same ops).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, outbox, pending, cache]);
  const byDate = useMemo(() => byDateOf(days), [days]);
  const serverByDate = useMemo(() => byDateOf(data), [data]);
  return { days, byDate, serverByDate, error: error as unknown, isLoading, mutate };
}
