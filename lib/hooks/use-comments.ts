'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { COMMENTS_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';

type CommentsKey = readonly [typeof COMMENTS_KEY, number];

/** A post's comments (GET /api/comment/{postId}); no request while `postId` is null or signed out. */
export function useComments(postId: number | null) {
  const { isAuthenticated } = useSession();
  const key: CommentsKey | null =
    isAuthenticated && postId !== null ? [COMMENTS_KEY, postId] : null;
  const { data, error, isLoading, mutate } = useSWR(key, async ([, id]) =>
    (await loadApi()).fetchComments(id),
  );
  return { comments: data, error: error as unknown, isLoading, mutate };
}
