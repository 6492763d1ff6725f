import 'server-only';

import { classificationsRead, exercisesRead } from '@/features/training/reads/exercises';
import { readFallbackKey, serverRead } from '@/lib/bff/server-read';

/**
 * What the exercise library's first view shows, as SWR fallback entries: the member's exercises
 * and the body parts their groups are headed with.
 */
export async function exerciseFallback() {
  const [exercises, classifications] = await Promise.all([
    serverRead(exercisesRead),
    serverRead(classificationsRead),
  ]);
  return {
    [readFallbackKey(exercisesRead)]: exercises,
    [readFallbackKey(classificationsRead)]: classifications,
  };
}
