'use client';

import useSWR, { useSWRConfig } from 'swr';
import { loadApi } from '@/lib/api/load';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  MEMBER_SEARCH_KEY,
  SENT_REQUESTS_KEY,
  SUGGESTED_FRIENDS_KEY,
  FRIEND_POSTS_KEY,
  friendStatusKey,
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

/** Requests the caller sent and waits on (GET /api/member/friend/sent; `friend` is the addressee). */
export function useSentRequests() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? SENT_REQUESTS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchSentRequests(),
    serverFirst,
  );
  return { sent: data, error: error as unknown, isLoading, mutate };
}

/** The caller's relation to a member (GET /api/friend/status/{memberId}). */
export function useFriendStatus(memberId: number) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? friendStatusKey(memberId) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchFriendStatus(memberId),
    serverFirst,
  );
  return { relation: data?.relation, error: error as unknown, isLoading, mutate };
}

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
