'use client';

import useSWR from 'swr';
import { likersKey } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { useSession } from '@/lib/auth';

/**
 * The members who like a post, newest first (GET /api/post/{id}/likes), for the `좋아요한 회원`
 * dialog. SWR key `likersKey(postId)`; no request while signed out.
 */
export function useLikers(postId: number) {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, mutate } = useSWR(
    isAuthenticated ? likersKey(postId) : null,
    async () => (await loadApi()).fetchLikers(postId),
  );
  return { likers: data, error: error as unknown, isLoading, mutate };
}
