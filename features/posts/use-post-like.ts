'use client';

import { startTransition, useOptimistic, useRef } from 'react';
import { useSWRConfig } from 'swr';

import { likersKey } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type { LikeState, Post } from '@/lib/contract/post';

import { usePostLists } from './use-post-lists';

/**
 * A post's like (issue 16): `toggle()` shows the change at once (useOptimistic), then sends
 * `PUT`/`DELETE /api/post/{id}/like`. Quick taps are sent in order (both calls are idempotent)
 * and the last tap shows until every one is answered. The lists that hold the post (usePostLists)
 * get only the server's answers, so a failure shows what the server last said again, and
 * `onFailed` is told. `available` is false when the backend sends no `likeCount` (the original
 * backend has no likes).
 */
export function usePostLike(post: Post, onFailed: (error: unknown) => void) {
  const { patchPost } = usePostLists();
  const { mutate } = useSWRConfig();
  const [shown, show] = useOptimistic<LikeState>({
    liked: post.liked ?? false,
    likeCount: post.likeCount ?? 0,
  });
  // The writes in order (a later tap waits for the earlier one), and the last tap's number.
  const writes = useRef({ chain: Promise.resolve(), latest: 0 });

  function toggle() {
    if (post.likeCount === undefined) return;
    const queue = writes.current;
    const wanted = !shown.liked;
    const tap = ++queue.latest;
    const written = queue.chain
      .then(async () => {
        try {
          await patchPost(post.id, await (await loadApi()).setPostLike(post.id, wanted));
        } catch (error) {
          // Not the last tap: the later one's answer decides what shows.
          if (tap === queue.latest) onFailed(error);
          return;
        }
        // Who likes it changed: an open list reloads, a closed one loads afresh when next opened.
        if (tap === queue.latest) await mutate(likersKey(post.id), undefined, { revalidate: true });
      })
      // A throw above must not stop the taps queued after it.
      .catch(() => undefined);
    queue.chain = written;
    startTransition(async () => {
      show({ liked: wanted, likeCount: Math.max(0, shown.likeCount + (wanted ? 1 : -1)) });
      await written;
    });
  }

  return {
    available: post.likeCount !== undefined,
    liked: shown.liked,
    likeCount: shown.likeCount,
    toggle,
  };
}
