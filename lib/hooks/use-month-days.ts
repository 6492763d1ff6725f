'use client';

import { useMemo } from 'react';
import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { monthKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { CheckBox } from '@/lib/contract/today';
import { useServerFirst } from './use-server-first';

/**
 * The signed-in member's day records of one month (GET /api/today/yearAndMonth/{year}/{month}), or
 * with `friendId` that friend's (GET /api/today/friend/{friendId}/yearAndMonth/{year}/{month}),
 * keyed by year and month, with a `YYYY-MM-DD` → checkBox map for the calendar's dots.
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
  const byDate = useMemo(() => {
    const map = new Map<string, CheckBox>();
    for (const day of data ?? []) map.set(day.localDate, day.checkBox);
    return map;
  }, [data]);
  return { days: data, byDate, error: error as unknown, isLoading, mutate };
}
