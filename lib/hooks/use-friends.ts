'use client';

import useSWR, { useSWRConfig } from 'swr';
import { loadApi } from '@/lib/api/load';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  SUGGESTED_FRIENDS_KEY,
  FRIEND_POSTS_KEY,
} from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/** The caller's friends (GET /api/member/friend); `friend` of each entry is the other member. */
export function useFriends() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? FRIENDS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchFriends(),
    serverFirst,
  );
  return { friends: data, error: error as unknown, isLoading, mutate };
}

/** Requests sent to the caller and not answered yet (GET /api/member/friend/request). */
export function useFriendRequests() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? FRIEND_REQUESTS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchFriendRequests(),
    serverFirst,
  );
  return { requests: data, error: error as unknown, isLoading, mutate };
}

/** Suggested friends (GET /api/member/suggested-friends); empty when the answer is not a list. */
export function useSuggestedFriends() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? SUGGESTED_FRIENDS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchSuggestedFriends(),
    {
      revalidateOnFocus: false,
      ...serverFirst,
    },
  );
  return { suggested: data, error: error as unknown, isLoading, mutate };
}

/**
 * Revalidates what a friendship change touches: the friend and request lists, checks, friends'
 * posts and calendars. Suggestions are left alone (they come in random order; cards would jump).
 */
export function useRevalidateFriendships(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      if (Array.isArray(key)) return key[0] === FRIEND_POSTS_KEY;
      return (
        typeof key === 'string' &&
        (key === FRIENDS_KEY ||
          key === FRIEND_REQUESTS_KEY ||
          key.startsWith('/api/friend/check/') ||
          key.startsWith('/api/today/friend/'))
      );
    });
}
