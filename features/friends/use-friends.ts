'use client';

import useSWR, { useSWRConfig } from 'swr';

import {
  FRIEND_POSTS_KEY,
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  MEMBER_SEARCH_KEY,
  SENT_REQUESTS_KEY,
} from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { useSession } from '@/lib/auth';

/**
 * Members found by name (GET /api/members/search?name=), each with the caller's relation; no
 * request while the trimmed name is empty. SWR key `[MEMBER_SEARCH_KEY, name]`.
 */
export function useMemberSearch(name: string) {
  const { isAuthenticated } = useSession();
  const trimmed = name.trim();
  const key = isAuthenticated && trimmed ? [MEMBER_SEARCH_KEY, trimmed] : null;
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).searchMembers(trimmed),
    { keepPreviousData: true, revalidateOnFocus: false },
  );
  return { hits: key ? data : undefined, error: error as unknown, isLoading, mutate };
}

/**
 * Revalidates what a friendship change touches: the friend and request lists (both ways), each
 * relation, search results, checks, friends' posts, calendars, day logs, records and histories.
 * Suggestions are left alone (cards would jump).
 */
export function useRevalidateFriendships(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      if (Array.isArray(key)) return key[0] === FRIEND_POSTS_KEY || key[0] === MEMBER_SEARCH_KEY;
      return (
        typeof key === 'string' &&
        (key === FRIENDS_KEY ||
          key === FRIEND_REQUESTS_KEY ||
          key === SENT_REQUESTS_KEY ||
          key.startsWith('/api/friend/status/') ||
          key.startsWith('/api/friend/check/') ||
          key.startsWith('/api/today/friend/') ||
          /^\/api\/friend\/\d+\/exercise\//.test(key))
      );
    });
}
