import './zod-csp';

import * as z from 'zod/mini';

import { idSchema, localDateSchema } from './common';
import { EXERCISE_MESSAGES, LIMITS, repWeightListInputSchema, repWeightSchema } from './exercise';
import { sequenceSchema } from './routine';

export const CHECK_BOX = ['True', 'False'] as const;
export const checkBoxSchema = z.enum(CHECK_BOX);
export type CheckBox = z.infer<typeof checkBoxSchema>;

export const TODAY_MESSAGES = {
  duplicate: '이미 해당 날짜의 Today가 존재합니다.',
  type: '종류는 exercise 또는 routine이어야 합니다.',
  checked: 'checked는 true 또는 false여야 합니다.',
  month: '월은 1부터 12 사이여야 합니다.',
  year: '연도를 정확히 입력해주세요.',
} as const;

/** One entry of a day log. */
export const todayExerciseSchema = z.object({
  id: z.number().check(z.int()),
  /** The library exercise (an addition; null once it was deleted, absent from the original). */
  exerciseId: z.optional(z.nullable(z.number().check(z.int()))),
  /** The exercise's own rest after a ticked set (an addition; null: the member's default). */
  restSeconds: z.optional(z.nullable(z.number())),
  exerciseName: z.string(),
  repWeightList: z.array(repWeightSchema),
  sequence: z.nullable(z.number().check(z.int())),
});
export type TodayExercise = z.infer<typeof todayExerciseSchema>;

/** `TodayDto`. */
export const todaySchema = z.object({
  id: z.number().check(z.int()),
  todayExercises: z.array(todayExerciseSchema),
  localDate: localDateSchema,
  checkBox: checkBoxSchema,
});
export type Today = z.infer<typeof todaySchema>;

/** `TodayDateDto` (month calendar). */
export const todayDateSchema = z.object({ localDate: localDateSchema, checkBox: checkBoxSchema });

/** The days of one month that have a record. */
export const todayDateListSchema = z.array(todayDateSchema);
export type TodayDate = z.infer<typeof todayDateSchema>;

/**
 * `POST /api/todayExercise/{date}` body; the client `sequence` is ignored (server-assigned). At most
 * `LIMITS.selection` items (a sanity bound, not the per-exercise set limit).
 */
export const todayExerciseAddSchema = z
  .array(
    z.object({
      id: idSchema,
      type: z.enum(['exercise', 'routine'], { error: TODAY_MESSAGES.type }),
      sequence: z.optional(z.unknown()),
    }),
  )
  .check(
    z.minLength(1, { error: EXERCISE_MESSAGES.selectionEmpty }),
    z.maxLength(LIMITS.selection, { error: EXERCISE_MESSAGES.selectionTooMany }),
  );
export type TodayExerciseAdd = z.infer<typeof todayExerciseAddSchema>;

/** `PATCH /api/todayExercise/updateSequence/{todayId}` body. */
export const todaySequenceUpdateSchema = z
  .array(z.object({ id: idSchema, sequence: sequenceSchema }))
  .check(z.maxLength(LIMITS.selection, { error: EXERCISE_MESSAGES.changesTooMany }));
export type TodaySequenceUpdate = z.infer<typeof todaySequenceUpdateSchema>;

/** `PATCH /api/todayExercise/{todayId}` body. */
export const todaySetsUpdateSchema = z
  .array(z.object({ id: idSchema, repWeightList: repWeightListInputSchema }))
  .check(z.maxLength(LIMITS.selection, { error: EXERCISE_MESSAGES.changesTooMany }));
export type TodaySetsUpdate = z.infer<typeof todaySetsUpdateSchema>;

/** `PATCH /api/todayExercise/set/{setId}` body: tick or untick one day-log set. */
export const setDoneUpdateSchema = z.object({
  done: z.boolean({ error: '완료 표시는 true 또는 false여야 합니다.' }),
});
export type SetDoneUpdate = z.infer<typeof setDoneUpdateSchema>;

/** Its answer: the mark as stored and the day's 완료 (ticked too when that was the last set). */
export const setDoneResultSchema = z.object({ done: z.boolean(), checkBox: checkBoxSchema });
export type SetDoneResult = z.infer<typeof setDoneResultSchema>;

/** `?checked=` of the checkbox endpoint: Spring's boolean spellings. */
export const checkedParamSchema = z.pipe(
  z.string({ error: TODAY_MESSAGES.checked }).check(
    z.trim(),
    z.toLowerCase(),
    z.refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), {
      error: TODAY_MESSAGES.checked,
    }),
  ),
  z.transform((v) => ['true', '1', 'yes', 'on'].includes(v)),
);
