'use client';

import useSWR, { useSWRConfig } from 'swr';
import { loadApi } from '@/lib/api/load';
import { FRIEND_POSTS_KEY, MEMBER_POSTS_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/**
 * The signed-in member's posts (GET /api/member/posts), for the profile's post grid. SWR key
 * `[MEMBER_POSTS_KEY]` (lib/bff/screens/profile.ts hands it over from the server).
 */
export function useMemberPosts() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? [MEMBER_POSTS_KEY] : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchMemberPosts(),
    serverFirst,
  );
  return { posts: data, error: error as unknown, isLoading, mutate };
}

/**
 * A friend's posts (GET /api/posts/friend/{friendId}); no request while `friendId` is null. SWR key
 * `[FRIEND_POSTS_KEY, friendId]` (lib/bff/screens/friend-profile.ts hands it over from the server).
 */
export function useFriendPosts(friendId: number | null) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && friendId !== null ? ([FRIEND_POSTS_KEY, friendId] as const) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    async ([, id]) => (await loadApi()).fetchFriendPosts(id),
    serverFirst,
  );
  return { posts: data, error: error as unknown, isLoading, mutate };
}

/** Revalidates the signed-in member's posts (after an upload). */
export function useRevalidateMemberPosts(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate([MEMBER_POSTS_KEY]);
}
