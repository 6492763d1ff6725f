'use client';

import useSWR from 'swr';

import { weekSummaryRead } from '@/features/training/reads/training';
import { useSession } from '@/lib/auth';
import { useServerFirst } from '@/lib/hooks/use-server-first';
import { fetchReadOrNull } from '@/lib/reads/fetch-read';

/**
 * The week summary of the week holding `todayKey` (weekSummaryRead), first from the server page's
 * fallback. `summary` is null where the backend has no such read (its 404 is an answer, so not
 * useRead, which would take it for a failure). The day log's writes (ticks, 완료, add, edit,
 * delete) revalidate every week key (`isWeekKey`) once the server has agreed, as they do the
 * months.
 */
export function useWeekSummary(todayKey: string) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? weekSummaryRead.key(todayKey) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    () => fetchReadOrNull(weekSummaryRead, todayKey),
    { ...weekSummaryRead.swr, ...serverFirst },
  );
  return { summary: data, error: error as unknown, isLoading, retry: () => mutate() };
}
