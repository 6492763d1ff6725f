import 'server-only';
import { FRIEND_REQUESTS_KEY, SUGGESTED_FRIENDS_KEY } from '@/lib/api/keys';
import { fetchFriendRequests, fetchSuggestedFriends } from '../reads/friends';

/** What the friends page's first view shows, as SWR fallback: incoming requests and suggestions. */
export async function friendFallback() {
  const [requests, suggested] = await Promise.all([fetchFriendRequests(), fetchSuggestedFriends()]);
  return { [FRIEND_REQUESTS_KEY]: requests, [SUGGESTED_FRIENDS_KEY]: suggested };
}
