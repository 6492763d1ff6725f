import { ROUTINES_KEY } from '@/lib/api/keys';
import type {
  Routine as RoutineResponse,
  RoutineExercise,
  SharedRoutine,
  SharedRoutinePreview,
} from '@/lib/contract/routine';
import { defineRead } from '@/lib/reads/define';

export type { RoutineExercise, SharedRoutine, SharedRoutinePreview };

/** A routine as the UI reads it: the backend's `routineExerciseDtoList` is its `exercises`. */
export interface Routine {
  routineId: number;
  routineName: string;
  /** Its exercises in the backend's order, each with its sequence and sets. */
  exercises: RoutineExercise[];
  /** Its active share token (issue 27), null when not shared or from the original backend. */
  shareToken: string | null;
}

function routineView({
  routineId,
  routineName,
  routineExerciseDtoList,
  shareToken,
}: RoutineResponse): Routine {
  return {
    routineId,
    routineName,
    exercises: routineExerciseDtoList,
    shareToken: shareToken ?? null,
  };
}

/** GET /api/member/routines: the member's routines, each with its exercises and their sets. */
export const routinesRead = defineRead({
  key: () => ROUTINES_KEY,
  schema: async () => (await import('@/lib/contract/routine')).routineListSchema,
  toView: (routines: RoutineResponse[]): Routine[] => routines.map(routineView),
});

/** The path of a shared routine's page (what a share link opens). */
export function sharedRoutinePath(token: string): string {
  return `/routine/shared/${encodeURIComponent(token)}`;
}

/** GET /api/shared-routine/{token}: a shared routine read-only, for any signed-in member. */
export const sharedRoutineRead = defineRead({
  key: (token: string) => `/api/shared-routine/${encodeURIComponent(token)}`,
  schema: async () => (await import('@/lib/contract/routine')).sharedRoutineSchema,
  toView: (routine: SharedRoutine): SharedRoutine => routine,
});

/** GET /api/shared-routine/{token}/preview (public): the name and counts of a link preview. */
export const sharedRoutinePreviewRead = defineRead({
  key: (token: string) => `/api/shared-routine/${encodeURIComponent(token)}/preview`,
  schema: async () => (await import('@/lib/contract/routine')).sharedRoutinePreviewSchema,
  toView: (preview: SharedRoutinePreview): SharedRoutinePreview => preview,
});
