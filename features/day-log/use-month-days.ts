'use client';

import { useMemo } from 'react';
import { useSWRConfig } from 'swr';

import { applyMonthOps } from '@/features/day-log/offline/day-ops';
import { useOutbox } from '@/features/day-log/offline/day-outbox';
import { overlayOpsOfMonth } from '@/features/day-log/offline/outbox';
import { useRead } from '@/lib/hooks/use-read';

import { type DayLog, dayLogRead, type MonthDay, monthRead } from './reads';

function byDateOf(days: readonly MonthDay[] | undefined): Map<string, boolean> {
  const map = new Map<string, boolean>();
  for (const day of days ?? []) map.set(day.localDate, day.completed);
  return map;
}

/**
 * The signed-in member's day records of one month (monthRead), or with `friendId` that friend's,
 * with a `YYYY-MM-DD` → 완료 map for the calendar's dots. The member's own month shows their
 * queued changes on top (lib/offline); `serverByDate` is the server's list alone (which days the
 * server has a record of).
 */
export function useMonthDays(year: number, month: number, friendId?: number) {
  const { data, error, isLoading, mutate } = useRead(monthRead, [year, month, friendId], {
    keepPreviousData: false,
  });
  const { cache } = useSWRConfig();
  const outbox = useOutbox();
  const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
  const ops = friendId === undefined ? overlayOpsOfMonth(outbox, yearMonth) : [];
  const pending = ops.length > 0;
  const days = useMemo(() => {
    if (!pending) return data;
    const baseDay = (date: string) =>
      cache.get(dayLogRead.key(date))?.data as DayLog | null | undefined;
    return applyMonthOps(data ?? [], ops, outbox.ids, baseDay);
    // `ops` is derived from `outbox` (same snapshot, same ops).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, outbox, pending, cache]);
  const byDate = useMemo(() => byDateOf(days), [days]);
  const serverByDate = useMemo(() => byDateOf(data), [data]);
  return { days, byDate, serverByDate, error: error as unknown, isLoading, mutate };
}
