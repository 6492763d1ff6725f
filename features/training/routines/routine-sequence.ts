import type { Routine } from '@/features/training/reads/routines';
import type { RoutineExerciseCreate } from '@/lib/contract/routine';

/** The first sequence for exercises added to a routine: one after the current highest. */
export function nextSequenceStart(routine: Pick<Routine, 'exercises'>): number {
  let highest = 0;
  for (const item of routine.exercises) {
    if (item.sequence !== null && item.sequence > highest) highest = item.sequence;
  }
  return highest + 1;
}

/** The POST /api/routineExercise body: the chosen exercises, numbered after the highest sequence. */
export function buildRoutineExerciseCreate(
  routine: Pick<Routine, 'routineId' | 'exercises'>,
  exerciseIds: readonly number[],
): RoutineExerciseCreate {
  const start = nextSequenceStart(routine);
  return {
    routineId: routine.routineId,
    exerciseInfoList: exerciseIds.map((exerciseId, index) => ({
      exerciseId,
      sequence: start + index,
    })),
  };
}
