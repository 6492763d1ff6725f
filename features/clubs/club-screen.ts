import 'server-only';

import { roomsSummaryRead } from '@/features/clubs/reads/chat';
import { clubMembersRead, clubRead, clubsRead } from '@/features/clubs/reads/clubs';
import { unlessUnavailable, withEntry } from '@/lib/bff/screens/fallback';
import { readFallbackKey, serverRead } from '@/lib/bff/server-read';

/**
 * What /club's first view shows, as SWR fallback entries: every club, under the key the list
 * reads before any search (clubsRead with no search), and the member's rooms with their last
 * messages and unread counts (features/clubs/chat/use-rooms-summary.ts). The summary is an addition of this
 * backend: against one without it (the original), the page shows the clubs alone.
 */
export async function clubListFallback(): Promise<Record<string, unknown>> {
  const [clubs, summary] = await Promise.all([
    serverRead(clubsRead, null),
    serverRead(roomsSummaryRead).catch(() => null),
  ]);
  return {
    [readFallbackKey(clubsRead, null)]: clubs,
    ...(summary ? { [readFallbackKey(roomsSummaryRead)]: summary } : {}),
  };
}

/**
 * What /club/{clubId}'s first view shows (issue 29), as SWR fallback under the keys the club page
 * reads: the club (an unknown one is notFound()) and its members. A members read that fails
 * otherwise is left to the browser, which shows its inline error with retry.
 */
export async function clubPageFallback(clubId: number): Promise<Record<string, unknown>> {
  const [club, members] = await Promise.all([
    serverRead(clubRead, clubId),
    unlessUnavailable(serverRead(clubMembersRead, clubId)),
  ]);
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, clubRead.key(clubId), club);
  withEntry(fallback, clubMembersRead.key(clubId), members);
  return fallback;
}
