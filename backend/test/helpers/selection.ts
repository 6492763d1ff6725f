import { LIMITS } from '@/lib/contract/exercise';

import type { Db } from '../../src/db/client';
import { buildExercise, insertExercises, type StoredExercise } from '../../src/seed/builders';

/**
 * A full selection for the add calls: `LIMITS.selection` exercises of `LIMITS.sets` sets each,
 * owned by `memberId` (inserted 100 at a time).
 */
export async function seedFullSelection(db: Db, memberId: number): Promise<StoredExercise[]> {
  const many: StoredExercise[] = [];
  while (many.length < LIMITS.selection) {
    many.push(
      ...(await insertExercises(
        db,
        Array.from({ length: 100 }, () =>
          buildExercise({
            memberId,
            sets: Array.from({ length: LIMITS.sets }, (_, i) => ({ reps: i + 1, weight: 0 })),
          }),
        ),
      )),
    );
  }
  return many;
}
