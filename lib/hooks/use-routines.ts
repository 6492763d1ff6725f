'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/** The signed-in member's routines (GET /api/member/routines); no request while signed out. */
export function useRoutines() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? ROUTINES_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchRoutines(),
    serverFirst,
  );
  return { routines: data, error: error as unknown, isLoading, mutate };
}
