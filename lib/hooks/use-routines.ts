'use client';

import useSWR from 'swr';
import { fetchRoutines, ROUTINES_KEY } from '@/lib/api/routines';
import { useSession } from '@/lib/auth';

/** The signed-in member's routines (GET /api/member/routines); no request while signed out. */
export function useRoutines() {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    isAuthenticated ? ROUTINES_KEY : null,
    fetchRoutines,
  );
  return { routines: data, error: error as unknown, isLoading, mutate };
}
