'use client';

import { useMemo } from 'react';
import { type Key, unstable_serialize as serializeKey, useSWRConfig } from 'swr';
import { unstable_serialize as serializeInfinite } from 'swr/infinite';

import { feedPageKey, isFeedPageKey, isMemberPostsKey } from '@/lib/api/keys';
import type { Post } from '@/lib/contract/post';

/**
 * An entry of a feed page: a post, or the tombstone of one deleted here. A deleted post keeps its
 * place in its page, hidden, because the page's length and last id are what the next page's key
 * and the end of the feed are computed from (`feedPageKey`): taking it out would end the feed
 * early or skip a page. The feed's next refresh (every visit) pages it without the post.
 */
export type FeedPost = Post & { removed?: true };

/** The infinite feed's own cache entry (its pages) and its first page's, as useFeed seeds them. */
const FEED_KEY = serializeInfinite(feedPageKey);
const FIRST_PAGE_KEY = serializeKey(feedPageKey(0, null));

type Change = (post: FeedPost) => FeedPost;

/** `list` with `change` applied to the post `postId`; the same array when it is not there. */
function changeIn<T extends FeedPost>(
  list: T[] | undefined,
  postId: number,
  change: (post: T) => T,
): T[] | undefined {
  if (!list || !list.some((post) => post.id === postId)) return list;
  return list.map((post) => (post.id === postId ? change(post) : post));
}

export interface PostLists {
  /** Merges `patch` into the post wherever a cached list shows it (feed pages, profile grids). */
  patchPost(postId: number, patch: Partial<Post>): Promise<void>;
  /** Takes the post out of every cached list (a hidden tombstone in the feed's pages). */
  removePost(postId: number): Promise<void>;
}

/**
 * Changes a post in place in every cached list that shows it, without asking the backend again:
 * the feed (all loaded pages: the infinite hook's entry and each page's own, which it compares
 * before deciding to refetch a page), the member's own posts and any friend's posts.
 */
export function usePostLists(): PostLists {
  const { cache, mutate } = useSWRConfig();
  return useMemo(() => {
    const holds = (data: unknown, postId: number) =>
      Array.isArray(data) && data.some((post: Post | undefined) => post?.id === postId);
    // Only the entries that show the post are written: a write marks its key as mutated, which
    // makes SWR drop the answer of a request for that key still in flight.
    const showing = (isKey: (key: unknown) => boolean, postId: number) => (key: unknown) =>
      isKey(key) && holds(cache.get(serializeKey(key as Key))?.data, postId);

    async function update(
      postId: number,
      inFeed: Change,
      inList: (list: Post[]) => Post[],
    ): Promise<void> {
      const quiet = { revalidate: false } as const;
      const page = (data?: FeedPost[]) => changeIn(data, postId, inFeed);
      // Each page's own entry first: the infinite hook compares them with its pages.
      await Promise.all([
        mutate(showing(isFeedPageKey, postId), page, quiet),
        mutate(showing(isMemberPostsKey, postId), (data?: Post[]) => data && inList(data), quiet),
        // The first page handed over by the server page is recorded without the key the filters
        // see (useFeed).
        holds(cache.get(FIRST_PAGE_KEY)?.data, postId)
          ? mutate(FIRST_PAGE_KEY, page, quiet)
          : undefined,
      ]);
      const pages = cache.get(FEED_KEY)?.data as FeedPost[][] | undefined;
      if (pages?.some((entries) => holds(entries, postId))) {
        // Revalidated, which asks for no page it holds (each equals its entry now), so that a
        // next page that was loading when this write dropped its answer is asked for again.
        await mutate(
          FEED_KEY,
          pages.map((entries) => changeIn(entries, postId, inFeed) ?? entries),
          { revalidate: true },
        );
      }
    }

    return {
      patchPost: (postId, patch) =>
        update(
          postId,
          (post) => ({ ...post, ...patch }),
          (list) => list.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
        ),
      removePost: (postId) =>
        update(
          postId,
          (post) => ({ ...post, removed: true }),
          (list) => list.filter((post) => post.id !== postId),
        ),
    };
  }, [cache, mutate]);
}
