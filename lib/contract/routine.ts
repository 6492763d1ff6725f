import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import {
  classificationSchema,
  EXERCISE_MESSAGES,
  LIMITS,
  repWeightListInputSchema,
  repWeightSchema,
  setTypeSchema,
} from './exercise';
import { SHARE_TOKEN_PATTERN } from './values';

export const ROUTINE_MESSAGES = {
  nameBlank: '루틴 이름을 입력해주세요.',
  nameTooLong: `루틴 이름은 ${LIMITS.name}자 이하로 입력해주세요.`,
  sequence: '순서를 정확히 입력해주세요.',
  duplicate: '같은 항목이 두 번 들어 있습니다.',
} as const;

/** `?name=` of `POST /api/routine`. */
export const routineNameSchema = z
  .string({ error: ROUTINE_MESSAGES.nameBlank })
  .check(
    z.trim(),
    z.minLength(1, { error: ROUTINE_MESSAGES.nameBlank }),
    z.maxLength(LIMITS.name, { error: ROUTINE_MESSAGES.nameTooLong }),
  );

export const sequenceSchema = z
  .number({ error: ROUTINE_MESSAGES.sequence })
  .check(
    z.int({ error: ROUTINE_MESSAGES.sequence }),
    z.gte(0, { error: ROUTINE_MESSAGES.sequence }),
    z.lte(1_000_000, { error: ROUTINE_MESSAGES.sequence }),
  );

/**
 * `POST /api/routineExercise` body; a missing sequence is stored as the routine's max + 1. At most
 * `LIMITS.selection` exercises (a sanity bound, not the per-exercise set limit).
 */
export const routineExerciseCreateSchema = z.object({
  routineId: idSchema,
  exerciseInfoList: z
    .array(z.object({ exerciseId: idSchema, sequence: z.nullish(sequenceSchema) }))
    .check(
      z.minLength(1, { error: EXERCISE_MESSAGES.selectionEmpty }),
      z.maxLength(LIMITS.selection, { error: EXERCISE_MESSAGES.selectionTooMany }),
    ),
});
export type RoutineExerciseCreate = z.infer<typeof routineExerciseCreateSchema>;

/** `PATCH /api/routineExercise/updateSequence/{routineId}` body. */
export const routineSequenceUpdateSchema = z
  .array(z.object({ routineExerciseId: idSchema, sequence: sequenceSchema }))
  .check(z.maxLength(LIMITS.selection, { error: EXERCISE_MESSAGES.changesTooMany }));
export type RoutineSequenceUpdate = z.infer<typeof routineSequenceUpdateSchema>;

/**
 * `PATCH /api/routineExercise/update/{routineId}` body. `sequence` and `exerciseName` are accepted
 * and ignored, as by the original Spring backend: ordering has its own call.
 */
export const routineSetsUpdateSchema = z
  .array(
    z.object({
      routineExerciseId: idSchema,
      sequence: z.optional(z.unknown()),
      repWeightList: z.nullish(repWeightListInputSchema),
    }),
  )
  .check(z.maxLength(LIMITS.selection, { error: EXERCISE_MESSAGES.changesTooMany }));
export type RoutineSetsUpdate = z.infer<typeof routineSetsUpdateSchema>;

/** One exercise of a routine (`RoutineExerciseResponse`, and the items of `routineExerciseDtoList`). */
export const routineExerciseSchema = z.object({
  routineExerciseId: z.number().check(z.int()),
  sequence: z.nullable(z.number().check(z.int())),
  repWeightList: z.array(repWeightSchema),
  exerciseName: z.string(),
});
export type RoutineExercise = z.infer<typeof routineExerciseSchema>;

/** `RoutineResponse` (`GET /api/member/routines`). */
export const routineSchema = z.object({
  routineId: z.number().check(z.int()),
  routineName: z.string(),
  routineExerciseDtoList: z.array(routineExerciseSchema),
  /** The routine's active share token (issue 27; an addition, the owner's own reads only). */
  shareToken: z.optional(z.string()),
});

/** The member's routines. */
export const routineListSchema = z.array(routineSchema);
export type Routine = z.infer<typeof routineSchema>;

export { SHARE_TOKEN_PATTERN };

/** `POST /api/routine/{id}/share`: the routine's active share token and the page it opens. */
export const routineShareSchema = z.object({ token: z.string(), url: z.string() });
export type RoutineShare = z.infer<typeof routineShareSchema>;

/** A set of a shared routine: no ids (they are the owner's), the kind and RPE when set. */
export const sharedSetSchema = z.object({
  reps: z.number(),
  weight: z.number(),
  type: z.optional(setTypeSchema),
  rpe: z.optional(z.number()),
});

/** An exercise of a shared routine, with its body part (null once the owner deleted the exercise). */
export const sharedRoutineExerciseSchema = z.object({
  sequence: z.nullable(z.number().check(z.int())),
  exerciseName: z.string(),
  classification: z.nullable(classificationSchema),
  repWeightList: z.array(sharedSetSchema),
});

/** `GET /api/shared-routine/{token}`: a routine read-only, as any signed-in member sees it. */
export const sharedRoutineSchema = z.object({
  token: z.string(),
  routineName: z.string(),
  ownerName: z.string(),
  /** The caller owns it (their page shows no copy button, or a copy still works). */
  mine: z.boolean(),
  exercises: z.array(sharedRoutineExerciseSchema),
});
export type SharedRoutine = z.infer<typeof sharedRoutineSchema>;

/**
 * `GET /api/shared-routine/{token}/preview`, public (link previews from crawlers that are not
 * signed in): the name and counts only, nothing of the owner's.
 */
export const sharedRoutinePreviewSchema = z.object({
  routineName: z.string(),
  exerciseCount: z.number().check(z.int()),
  setCount: z.number().check(z.int()),
});
export type SharedRoutinePreview = z.infer<typeof sharedRoutinePreviewSchema>;

/** `POST /api/shared-routine/{token}/copy` (201): the caller's new routine. */
export const routineCopySchema = z.object({
  routineId: z.number().check(z.int()),
  routineName: z.string(),
});
export type RoutineCopy = z.infer<typeof routineCopySchema>;
