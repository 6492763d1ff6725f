'use client';

import useSWR, { useSWRConfig } from 'swr';
import { loadApi } from '@/lib/api/load';
import { CLUBS_KEY, type ClubSearch } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

type ClubsKey = readonly [typeof CLUBS_KEY, ClubSearch | null];

/**
 * The club list (GET /api/clubs): all clubs while `search` is null, else filtered by name and
 * membership. No request while signed out, nor on the mount that hydrates the list the server
 * page handed over (`[CLUBS_KEY, null]` in the SWR fallback, lib/bff/screens/club.ts).
 */
export function useClubs(search: ClubSearch | null) {
  const { isAuthenticated } = useSession();
  const key: ClubsKey | null = isAuthenticated ? [CLUBS_KEY, search] : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    key,
    async ([, query]) => (await loadApi()).fetchClubs(query),
    serverFirst,
  );
  return { clubs: data, error: error as unknown, isLoading, isValidating, mutate };
}

/** Revalidates every cached club list (after creating or leaving a club). */
export function useRevalidateClubs(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === CLUBS_KEY);
}
