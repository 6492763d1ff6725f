import 'server-only';
import { unstable_serialize } from 'swr';
import { CLUBS_KEY, ROOMS_SUMMARY_KEY } from '@/lib/api/keys';
import { fetchRoomsSummary } from '../reads/chat';
import { fetchClubs } from '../reads/clubs';

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
