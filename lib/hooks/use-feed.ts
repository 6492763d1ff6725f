'use client';

import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { FEED_PAGE_SIZE, POSTS_KEY, fetchLatestPosts, fetchPostsBefore } from '@/lib/api/posts';
import { useSession } from '@/lib/auth';
import type { Post } from '@/lib/contract/post';

/** A feed page's SWR key: the first page, or the page older than the last post already held. */
export type FeedPageKey =
  | readonly [typeof POSTS_KEY, 'latest', number]
  | readonly [typeof POSTS_KEY, 'scroll', number, number];

/**
 * The key of feed page `index` given the page before it: null once a page came back shorter than
 * the page size (the feed has ended).
 */
export function feedPageKey(index: number, previous: Post[] | null): FeedPageKey | null {
  if (index === 0) return [POSTS_KEY, 'latest', FEED_PAGE_SIZE];
  if (!previous || previous.length < FEED_PAGE_SIZE) return null;
  return [POSTS_KEY, 'scroll', FEED_PAGE_SIZE, previous[previous.length - 1].id];
}

function fetchFeedPage(key: FeedPageKey): Promise<Post[]> {
  return key[1] === 'latest' ? fetchLatestPosts(key[2]) : fetchPostsBefore(key[3], key[2]);
}

const signedOut = () => null;

/**
 * The post feed (product.md §4): the newest `FEED_PAGE_SIZE` posts, then older pages on
 * `loadMore()`; it ends when a page is shorter than the page size. No request while signed out.
 */
export function useFeed() {
  const { isAuthenticated } = useSession();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(
    isAuthenticated ? feedPageKey : signedOut,
    fetchFeedPage,
    // Loading the next page does not refetch the first one; a visit (mount) refreshes every page.
    { revalidateFirstPage: false, revalidateOnMount: true, revalidateOnFocus: false },
  );
  const pages = data ?? [];
  const posts = pages.flat();
  const last = pages[pages.length - 1];
  const isEnd = last !== undefined && last.length < FEED_PAGE_SIZE;
  // A page was asked for (size grew) and has not arrived yet.
  const isLoadingMore =
    isLoading || (size > 0 && data !== undefined && data[size - 1] === undefined);
  const loadMore = useCallback(() => setSize((current) => current + 1), [setSize]);
  return {
    posts: data ? posts : undefined,
    error: error as unknown,
    isLoading,
    isLoadingMore,
    isValidating,
    isEnd,
    loadMore,
    retry: () => mutate(),
  };
}

/**
 * Forgets the cached feed so that the next visit starts again from the newest page (after an
 * upload, so the new post is on top without showing the stale list first).
 */
export function useResetFeed(): () => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && key[0] === POSTS_KEY, undefined, {
      revalidate: false,
    });
    // The infinite hook's own entry (pages and page count); a mounted feed revalidates it.
    const infiniteKey = unstable_serialize(feedPageKey);
    cache.delete(infiniteKey);
    await mutate(infiniteKey);
  }, [cache, mutate]);
}
