'use client';

import { useSWRConfig } from 'swr';

import {
  FRIEND_POSTS_KEY,
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  isMemberSearchKey,
  SENT_REQUESTS_KEY,
} from '@/lib/api/keys';
import { useRead } from '@/lib/hooks/use-read';

import { memberSearchRead } from './reads';

/**
 * Members found by name (memberSearchRead), each with the caller's relation; no request while the
 * trimmed name is empty, and no hits shown then.
 */
export function useMemberSearch(name: string) {
  const trimmed = name.trim();
  const { data, error, isLoading, mutate } = useRead(memberSearchRead, trimmed ? [trimmed] : null);
  return { hits: trimmed ? data : undefined, error: error as unknown, isLoading, mutate };
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
      if (Array.isArray(key)) return key[0] === FRIEND_POSTS_KEY;
      if (isMemberSearchKey(key)) return true;
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
