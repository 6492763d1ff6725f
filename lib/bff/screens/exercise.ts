import 'server-only';
import { CLASSIFICATIONS_KEY, EXERCISES_KEY } from '@/lib/api/keys';
import { fetchClassifications, fetchExercises } from '../reads/exercises';

/**
 * What the exercise library's first view shows, as SWR fallback entries: the member's exercises
 * and the classification labels their groups are headed with.
 */
export async function exerciseFallback() {
  const [exercises, classifications] = await Promise.all([
    fetchExercises(),
    fetchClassifications(),
  ]);
  return { [EXERCISES_KEY]: exercises, [CLASSIFICATIONS_KEY]: classifications };
}
