'use client';

import { useCallback, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { likersKey } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type { LikeState, Post } from '@/lib/contract/post';
import { usePostLists } from './use-post-lists';

interface Queue {
  /** The requests of this card, one after another (a later tap waits for the earlier one). */
  chain: Promise<void>;
  /** Number of the latest tap: only its outcome is shown. */
  latest: number;
  /** What the server last said while taps are pending (what a failure reverts to). */
  confirmed: LikeState | null;
}

/**
 * A post's like (issue 16): `toggle()` shows the change at once in every list that holds the post
 * (usePostLists), then sends `PUT`/`DELETE /api/post/{id}/like`. Quick taps are sent in order
 * (both calls are idempotent) and the last one's answer (the server's count) is kept; when it
 * fails, the like goes back to what the server last said and `onFailed` is told. `available` is
 * false when the backend sends no `likeCount` (the original backend has no likes).
 */
export function usePostLike(post: Post, onFailed: (error: unknown) => void) {
  const { patchPost } = usePostLists();
  const { mutate } = useSWRConfig();
  const queue = useRef<Queue>({ chain: Promise.resolve(), latest: 0, confirmed: null });
  const liked = post.liked ?? false;
  const likeCount = post.likeCount;

  const toggle = useCallback(() => {
    if (likeCount === undefined) return;
    const state = queue.current;
    state.confirmed ??= { liked, likeCount };
    const wanted = !liked;
    const tap = ++state.latest;
    void patchPost(post.id, {
      liked: wanted,
      likeCount: Math.max(0, likeCount + (wanted ? 1 : -1)),
    });
    state.chain = state.chain.then(async () => {
      let shown: LikeState;
      try {
        shown = await (await loadApi()).setPostLike(post.id, wanted);
        state.confirmed = shown;
      } catch (error) {
        // A later tap is still to be sent: its answer decides.
        if (tap !== state.latest || !state.confirmed) return;
        shown = state.confirmed;
        onFailed(error);
      }
      if (tap !== state.latest) return;
      state.confirmed = null;
      await patchPost(post.id, shown);
      // Who likes it changed: an open list reloads, a closed one loads afresh when next opened.
      await mutate(likersKey(post.id), undefined, { revalidate: true });
    });
    // A throw above must not stop the taps queued after it.
    state.chain = state.chain.catch(() => undefined);
  }, [liked, likeCount, post.id, patchPost, mutate, onFailed]);

  return { available: likeCount !== undefined, liked, likeCount: likeCount ?? 0, toggle };
}
