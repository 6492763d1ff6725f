import 'server-only';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  SENT_REQUESTS_KEY,
  SUGGESTED_FRIENDS_KEY,
} from '@/lib/api/keys';
import {
  fetchFriendRequests,
  fetchFriends,
  fetchSentRequests,
  fetchSuggestedFriends,
} from '../reads/friends';
import { unlessUnavailable, withEntry } from './fallback';

/**
 * What the friends page's first view shows, as SWR fallback: incoming requests and suggestions
 * (the spec's sections), the friends and the sent requests (issue 29's tabs; a failed read of
 * those is left to the browser, which shows its inline error). `counts` choose the first tab.
 */
export async function friendFallback() {
  const [requests, suggested, friends, sent] = await Promise.all([
    fetchFriendRequests(),
    fetchSuggestedFriends(),
    unlessUnavailable(fetchFriends()),
    unlessUnavailable(fetchSentRequests()),
  ]);
  const fallback: Record<string, unknown> = {
    [FRIEND_REQUESTS_KEY]: requests,
    [SUGGESTED_FRIENDS_KEY]: suggested,
  };
  withEntry(fallback, FRIENDS_KEY, friends);
  withEntry(fallback, SENT_REQUESTS_KEY, sent);
  return { fallback, counts: { requests: requests.length, friends: friends?.length } };
}
