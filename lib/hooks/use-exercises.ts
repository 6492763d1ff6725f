'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { EXERCISES_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/** The signed-in member's exercises (GET /api/member/exercises); no request while signed out. */
export function useExercises() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? EXERCISES_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchExercises(),
    serverFirst,
  );
  return { exercises: data, error: error as unknown, isLoading, mutate };
}
