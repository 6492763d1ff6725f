'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { CATALOGUE_KEY, RECENT_EXERCISES_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';

/** The built-in exercise catalogue: read once per session (it changes only with a deploy). */
export function useCatalogue(enabled = true) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && enabled ? CATALOGUE_KEY : null;
  const { data, error, mutate } = useSWR(key, async () => (await loadApi()).fetchCatalogue(), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
  });
  return { catalogue: data, error: error as unknown, mutate };
}

/** The member's most recently logged exercises (GET /api/member/exercises/recent). */
export function useRecentExercises(enabled = true) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && enabled ? RECENT_EXERCISES_KEY : null;
  const { data, error } = useSWR(key, async () => (await loadApi()).fetchRecentExercises());
  return { recent: data, error: error as unknown };
}
