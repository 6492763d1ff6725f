import 'server-only';

import { unstable_serialize } from 'swr/infinite';

import { FEED_PAGE_SIZE, feedPageKey } from '@/lib/api/keys';
import { serverRead } from '@/lib/bff/server-read';

import { latestPostsRead } from './reads';

/**
 * What the feed's first view shows, as SWR fallback: the newest page of posts under the infinite
 * hook's key (features/posts/use-feed.ts), whose value is the list of pages held.
 */
export async function postFeedFallback() {
  return {
    [unstable_serialize(feedPageKey)]: [await serverRead(latestPostsRead, FEED_PAGE_SIZE)],
  };
}
