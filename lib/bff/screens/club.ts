import 'server-only';
import { unstable_serialize } from 'swr';
import { CLUBS_KEY, ROOMS_SUMMARY_KEY, clubKey, clubMembersKey } from '@/lib/api/keys';
import { fetchRoomsSummary } from '../reads/chat';
import { fetchClub, fetchClubMembers, fetchClubs } from '../reads/clubs';
import { unlessUnavailable, withEntry } from './fallback';

/**
 * What /club's first view shows, as SWR fallback entries: every club, under the key
 * lib/hooks/use-clubs.ts reads before any search (`[CLUBS_KEY, null]`), and the member's rooms with
 * their last messages and unread counts (lib/hooks/use-rooms-summary.ts). The summary is an
 * addition of this backend: against one without it (the original), the page shows the clubs alone.
 */
export async function clubListFallback(): Promise<Record<string, unknown>> {
  const [clubs, summary] = await Promise.all([fetchClubs(), fetchRoomsSummary().catch(() => null)]);
  return {
    [unstable_serialize([CLUBS_KEY, null])]: clubs,
    ...(summary ? { [ROOMS_SUMMARY_KEY]: summary } : {}),
  };
}

/**
 * What /club/{clubId}'s first view shows (issue 29), as SWR fallback under the keys of
 * lib/hooks/use-club.ts: the club (an unknown one is notFound()) and its members. A members read
 * that fails otherwise is left to the browser, which shows its inline error with retry.
 */
export async function clubPageFallback(clubId: number): Promise<Record<string, unknown>> {
  const [club, members] = await Promise.all([
    fetchClub(clubId),
    unlessUnavailable(fetchClubMembers(clubId)),
  ]);
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, clubKey(clubId), club);
  withEntry(fallback, clubMembersKey(clubId), members);
  return fallback;
}
