'use client';

import useSWR from 'swr';
import { dayKey, fetchDay } from '@/lib/api/today';
import { useSession } from '@/lib/auth';

/**
 * One day's log (GET /api/today/date/{date}, or with `friendId` GET
 * /api/today/friend/{friendId}/date/{date}); `today` is null when the date has no record (the
 * backend's 404), undefined while loading.
 */
export function useDayLog(date: string, friendId?: number) {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    isAuthenticated ? dayKey(date, friendId) : null,
    () => fetchDay(date, friendId),
  );
  return { today: data, error: error as unknown, isLoading, mutate };
}
