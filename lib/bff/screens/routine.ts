import 'server-only';
import { ROUTINES_KEY } from '@/lib/api/keys';
import { fetchRoutines } from '../reads/routines';

/**
 * What the routines page's first view shows, as SWR fallback: the member's routines (the add
 * dialog's exercise list loads when it is opened).
 */
export async function routineFallback() {
  return { [ROUTINES_KEY]: await fetchRoutines() };
}
