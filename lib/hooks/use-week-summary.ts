'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { weekSummaryKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/**
 * The week summary of the week holding `todayKey` (GET /api/today/week/{date}), first from the
 * server page's fallback. `summary` is null where the backend has no such read. The day log's
 * writes (ticks, 완료, add, edit, delete) revalidate every week key (`isWeekKey`) once the server
 * has agreed, as they do the months.
 */
export function useWeekSummary(todayKey: string) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? weekSummaryKey(todayKey) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchWeekSummary(todayKey),
    serverFirst,
  );
  return { summary: data, error: error as unknown, isLoading, retry: () => mutate() };
}
