'use client';

import useSWR from 'swr';
import { dayKey, fetchDay } from '@/lib/api/today';
import { useSession } from '@/lib/auth';

/**
 * One day's log (GET /api/today/date/{date}); `today` is null when the date has no record (the
 * backend's 404), undefined while loading.
 */
export function useDayLog(date: string) {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(isAuthenticated ? dayKey(date) : null, () =>
    fetchDay(date),
  );
  return { today: data, error: error as unknown, isLoading, mutate };
}
