'use client';

import useSWR, { useSWRConfig } from 'swr';
import {
  FRIEND_POSTS_KEY,
  MEMBER_POSTS_KEY,
  fetchFriendPosts,
  fetchMemberPosts,
} from '@/lib/api/posts';
import { useSession } from '@/lib/auth';

/** The signed-in member's posts (GET /api/member/posts), for the profile's post grid. */
export function useMemberPosts() {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    isAuthenticated ? [MEMBER_POSTS_KEY] : null,
    () => fetchMemberPosts(),
  );
  return { posts: data, error: error as unknown, isLoading, mutate };
}

/** A friend's posts (GET /api/posts/friend/{friendId}); no request while `friendId` is null. */
export function useFriendPosts(friendId: number | null) {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    isAuthenticated && friendId !== null ? ([FRIEND_POSTS_KEY, friendId] as const) : null,
    ([, id]) => fetchFriendPosts(id),
  );
  return { posts: data, error: error as unknown, isLoading, mutate };
}

/** Revalidates the signed-in member's posts (after an upload). */
export function useRevalidateMemberPosts(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate([MEMBER_POSTS_KEY]);
}
