'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';

import { FEED_PAGE_SIZE, type FeedPageKey, feedPageKey, POSTS_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { Post } from '@/lib/contract/post';
import { useServerFirst } from '@/lib/hooks/use-server-first';
import { fetchReadAt } from '@/lib/reads/fetch-read';

import { latestPostsRead, olderPostsRead } from './reads';
import type { FeedPost } from './use-post-lists';

/** A feed page under its infinite key: the newest, or the one older than the last post held. */
function fetchFeedPage(key: FeedPageKey): Promise<Post[]> {
  return key[1] === 'latest'
    ? fetchReadAt(latestPostsRead, latestPostsRead.key(key[2]))
    : fetchReadAt(olderPostsRead, olderPostsRead.key(key[3], key[2]));
}

const signedOut = () => null;

/**
 * The post feed: the newest `FEED_PAGE_SIZE` posts, then older pages on `loadMore()`; it ends when
 * a page is shorter than the page size. No request while signed out.
 * When the server page handed over the first page (SWR fallback under the infinite key), the
 * hydrating mount shows it without asking again.
 */
export function useFeed() {
  const { isAuthenticated } = useSession();
  const serverFirst = useServerFirst(isAuthenticated ? unstable_serialize(feedPageKey) : null);
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite(
    isAuthenticated ? feedPageKey : signedOut,
    fetchFeedPage,
    // Loading the next page does not refetch the first one; a visit (mount) refreshes every page,
    // except the hydrating one whose first page came with the HTML.
    {
      revalidateFirstPage: false,
      revalidateOnMount: true,
      revalidateOnFocus: false,
      ...serverFirst,
    },
  );

  // The fallback is shown but lives outside the cache, where the infinite loader looks for the
  // pages it already holds: without it, the next page would first ask for the first page again.
  // So the handed-over page is recorded once, as the hook's pages and as the first page's entry.
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || serverFirst.revalidateOnMount !== false || !data?.[0]) return;
    seeded.current = true;
    void mutateKey(feedPageKey(0, null), data[0], { revalidate: false });
    void mutate(data, { revalidate: false });
  }, [serverFirst.revalidateOnMount, data, mutate, mutateKey]);

  const pages = data ?? [];
  // Posts deleted here stay in their pages, hidden, until the next refresh (usePostLists).
  const posts = pages.flat().filter((post: FeedPost) => !post.removed);
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
    // A first page recorded from the server's fallback (see useFeed) carries no key of its own for
    // the filter above to match.
    await mutate(feedPageKey(0, null), undefined, { revalidate: false });
    // The infinite hook's own entry (pages and page count); a mounted feed revalidates it.
    const infiniteKey = unstable_serialize(feedPageKey);
    cache.delete(infiniteKey);
    await mutate(infiniteKey);
  }, [cache, mutate]);
}
