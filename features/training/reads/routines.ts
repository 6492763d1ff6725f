import { ROUTINES_KEY } from '@/lib/api/keys';
import type { Routine as RoutineResponse, RoutineExercise } from '@/lib/contract/routine';
import { defineRead } from '@/lib/reads/define';

export type { RoutineExercise };

/** A routine as the UI reads it: the backend's `routineExerciseDtoList` is its `exercises`. */
export interface Routine {
  routineId: number;
  routineName: string;
  /** Its exercises in the backend's order, each with its sequence and sets. */
  exercises: RoutineExercise[];
}

function routineView({ routineId, routineName, routineExerciseDtoList }: RoutineResponse): Routine {
  return { routineId, routineName, exercises: routineExerciseDtoList };
}

/** GET /api/member/routines: the member's routines, each with its exercises and their sets. */
export const routinesRead = defineRead({
  key: () => ROUTINES_KEY,
  schema: async () => (await import('@/lib/contract/routine')).routineListSchema,
  toView: (routines: RoutineResponse[]): Routine[] => routines.map(routineView),
});
