import 'server-only';
import { unstable_serialize } from 'swr';
import { CLUBS_KEY } from '@/lib/api/keys';
import { fetchClubs } from '../reads/clubs';

/**
 * What /club's first view shows, as SWR fallback entries: every club, under the key
 * lib/hooks/use-clubs.ts reads before any search (`[CLUBS_KEY, null]`).
 */
export async function clubListFallback(): Promise<Record<string, unknown>> {
  return { [unstable_serialize([CLUBS_KEY, null])]: await fetchClubs() };
}
