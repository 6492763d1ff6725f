import 'server-only';

import { unlessUnavailable, withEntry } from '@/lib/bff/screens/fallback';
import { readFallbackKey, serverRead } from '@/lib/bff/server-read';

import { friendRequestsRead, friendsRead, sentRequestsRead, suggestedFriendsRead } from './reads';

/**
 * What the friends page's first view shows, as SWR fallback: incoming requests and suggestions
 * (the spec's sections), the friends and the sent requests (issue 29's tabs; a failed read of
 * those is left to the browser, which shows its inline error). `counts` choose the first tab.
 */
export async function friendFallback() {
  const [requests, suggested, friends, sent] = await Promise.all([
    serverRead(friendRequestsRead),
    serverRead(suggestedFriendsRead),
    unlessUnavailable(serverRead(friendsRead)),
    unlessUnavailable(serverRead(sentRequestsRead)),
  ]);
  const fallback: Record<string, unknown> = {
    [readFallbackKey(friendRequestsRead)]: requests,
    [readFallbackKey(suggestedFriendsRead)]: suggested,
  };
  withEntry(fallback, readFallbackKey(friendsRead), friends);
  withEntry(fallback, readFallbackKey(sentRequestsRead), sent);
  return { fallback, counts: { requests: requests.length, friends: friends?.length } };
}
