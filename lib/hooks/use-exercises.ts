'use client';

import useSWR from 'swr';
import { EXERCISES_KEY, fetchExercises } from '@/lib/api/exercises';
import { useSession } from '@/lib/auth';

/** The signed-in member's exercises (GET /api/member/exercises); no request while signed out. */
export function useExercises() {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    isAuthenticated ? EXERCISES_KEY : null,
    fetchExercises,
  );
  return { exercises: data, error: error as unknown, isLoading, mutate };
}
