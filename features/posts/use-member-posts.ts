'use client';

import useSWR, { useSWRConfig } from 'swr';

import { friendPostsKey, memberPostsKey } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import { useServerFirst } from '@/lib/hooks/use-server-first';
import { fetchReadAt } from '@/lib/reads/fetch-read';

import { friendPostsRead, memberPostsRead } from './reads';

// These lists keep their array SWR keys rather than useRead's path: the post-list updates
// (usePostLists) and the friendship revalidation find them by their first element.

/**
 * The signed-in member's posts (memberPostsRead), for the profile's post grid. SWR key
 * `memberPostsKey()` (features/account/profile/profile-screen.ts hands it over from the server).
 */
export function useMemberPosts() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? memberPostsKey() : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    () => fetchReadAt(memberPostsRead, memberPostsRead.key()),
    serverFirst,
  );
  return { posts: data, error: error as unknown, isLoading, mutate };
}

/**
 * A friend's posts (friendPostsRead); no request while `friendId` is null. SWR key
 * `friendPostsKey(friendId)` (features/friends/profile/friend-profile-screen.ts hands it over from the server).
 */
export function useFriendPosts(friendId: number | null) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && friendId !== null ? friendPostsKey(friendId) : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading, mutate } = useSWR(
    key,
    ([, id]) => fetchReadAt(friendPostsRead, friendPostsRead.key(id)),
    serverFirst,
  );
  return { posts: data, error: error as unknown, isLoading, mutate };
}

/** Revalidates the signed-in member's posts (after an upload). */
export function useRevalidateMemberPosts(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate(memberPostsKey());
}
