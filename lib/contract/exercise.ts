import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import { CLASSIFICATIONS, LIMITS, REST_SECONDS, RPE, SET_TYPES } from './values';

export { CLASSIFICATIONS, LIMITS, REST_SECONDS, RPE, SET_TYPES };

export const classificationSchema = z.enum(CLASSIFICATIONS, { error: '운동 부위를 선택해주세요.' });
export type Classification = z.infer<typeof classificationSchema>;

/** Korean label of each group; `GET /api/enum/classification` answers label → name in this order. */
export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  CHEST: '가슴',
  BACK: '등',
  SHOULDER: '어깨',
  BICEPS: '이두',
  TRICEPS: '삼두',
  LOWERBODY: '하체',
  ABS: '복근',
};

/** `GET /api/enum/classification`: label → enum name. */
export const classificationMapSchema = z.record(z.string(), classificationSchema);
export type ClassificationMap = z.infer<typeof classificationMapSchema>;

export const EXERCISE_MESSAGES = {
  nameBlank: '운동 이름을 입력해주세요.',
  nameTooLong: `운동 이름은 ${LIMITS.name}자 이하로 입력해주세요.`,
  memoTooLong: `메모는 ${LIMITS.memo}자 이하로 입력해주세요.`,
  setsEmpty: '운동 세트를 입력해주세요.',
  setsTooMany: `운동 세트는 ${LIMITS.sets}개 이하로 입력해주세요.`,
  reps: '반복 횟수를 정확히 입력해주세요.',
  weight: '무게를 정확히 입력해주세요.',
  memo: '메모를 정확히 입력해주세요.',
  setType: '세트 종류는 NORMAL, WARMUP, DROP, FAILURE 중 하나여야 합니다.',
  rpe: `RPE는 ${RPE.min}부터 ${RPE.max}까지 ${RPE.step} 단위로 입력해주세요.`,
  selectionEmpty: '추가할 운동을 선택해주세요.',
  selectionTooMany: `한 번에 ${LIMITS.selection}개까지 추가할 수 있습니다.`,
  /** Reordering or editing more entries than a list can hold in one request. */
  changesTooMany: `한 번에 ${LIMITS.selection}개까지 변경할 수 있습니다.`,
} as const;

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Jackson-style coercion for primitive `int reps` / `double weight`, as the original Spring backend
 * binds them: numbers pass, numeric strings become numbers, `""`/`null`/missing become 0, anything
 * else NaN.
 */
function toNumber(value: unknown): unknown {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return 0;
    return NUMERIC.test(text) ? Number(text) : Number.NaN;
  }
  return value;
}

/** reps: integer 1–10000; floats are truncated (10.7 → 10). */
export const repsInputSchema = z.pipe(
  z.transform((value) => {
    const number = toNumber(value);
    return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : number;
  }),
  z
    .number({ error: EXERCISE_MESSAGES.reps })
    .check(
      z.int({ error: EXERCISE_MESSAGES.reps }),
      z.gte(1, { error: EXERCISE_MESSAGES.reps }),
      z.lte(LIMITS.reps, { error: EXERCISE_MESSAGES.reps }),
    ),
);

/** weight: 0–10000; `""`/`null` is 0. */
export const weightInputSchema = z.pipe(
  z.transform(toNumber),
  z
    .number({ error: EXERCISE_MESSAGES.weight })
    .check(
      z.gte(0, { error: EXERCISE_MESSAGES.weight }),
      z.lte(LIMITS.weight, { error: EXERCISE_MESSAGES.weight }),
    ),
);

export const setTypeSchema = z.enum(SET_TYPES, { error: EXERCISE_MESSAGES.setType });
export type SetType = z.infer<typeof setTypeSchema>;

/** RPE: RPE.min–RPE.max in steps of RPE.step. */
export const rpeSchema = z.number({ error: EXERCISE_MESSAGES.rpe }).check(
  z.gte(RPE.min, { error: EXERCISE_MESSAGES.rpe }),
  z.lte(RPE.max, { error: EXERCISE_MESSAGES.rpe }),
  z.refine((value) => Number.isInteger(value / RPE.step), { error: EXERCISE_MESSAGES.rpe }),
);

/** One set in a request; `id` names an existing set to update (absent or null creates one). */
export const repWeightInputSchema = z.object({
  id: z.nullish(idSchema),
  reps: repsInputSchema,
  weight: weightInputSchema,
  /**
   * A day-log set's done mark (an addition to the original wire). Absent or null keeps the stored
   * mark (false for a new set), so the original client's edits never clear it; ignored for
   * library and routine sets.
   */
  done: z.nullish(z.boolean({ error: '완료 표시는 true 또는 false여야 합니다.' })),
  /**
   * The set's kind (an addition). Absent or null keeps the stored kind (NORMAL for a new set), so
   * a client that does not know kinds (the original) rewrites a set without losing its kind.
   */
  type: z.nullish(setTypeSchema),
  /**
   * The set's RPE (an addition). Absent keeps the stored RPE (none for a new set); null clears it.
   */
  rpe: z.optional(z.nullable(rpeSchema)),
});
export type RepWeightInput = z.infer<typeof repWeightInputSchema>;

/** 1–50 sets. */
export const repWeightListInputSchema = z
  .array(repWeightInputSchema, { error: EXERCISE_MESSAGES.setsEmpty })
  .check(
    z.minLength(1, { error: EXERCISE_MESSAGES.setsEmpty }),
    z.maxLength(LIMITS.sets, { error: EXERCISE_MESSAGES.setsTooMany }),
  );

export const exerciseNameSchema = z
  .string({ error: EXERCISE_MESSAGES.nameBlank })
  .check(
    z.trim(),
    z.minLength(1, { error: EXERCISE_MESSAGES.nameBlank }),
    z.maxLength(LIMITS.name, { error: EXERCISE_MESSAGES.nameTooLong }),
  );

export const memoSchema = z
  .string({ error: EXERCISE_MESSAGES.memo })
  .check(z.maxLength(LIMITS.memo, { error: EXERCISE_MESSAGES.memoTooLong }));

const REST_MESSAGE = `휴식 시간은 ${REST_SECONDS.min}초부터 ${REST_SECONDS.max}초 사이여야 합니다.`;

/** Seconds of rest after a ticked set: a whole number within REST_SECONDS. */
export const restSecondsSchema = z
  .number({ error: REST_MESSAGE })
  .check(
    z.int({ error: REST_MESSAGE }),
    z.gte(REST_SECONDS.min, { error: REST_MESSAGE }),
    z.lte(REST_SECONDS.max, { error: REST_MESSAGE }),
  );

/** `POST /api/exercise` body. `restSeconds` (an addition): this exercise's rest; null: the member's. */
export const exerciseCreateSchema = z.object({
  name: exerciseNameSchema,
  memo: z.nullish(memoSchema),
  repWeightList: repWeightListInputSchema,
  classification: classificationSchema,
  restSeconds: z.nullish(restSecondsSchema),
});
export type ExerciseCreate = z.infer<typeof exerciseCreateSchema>;

/**
 * `PATCH /api/exercise/{id}` body: null or absent fields are kept; sets are replaced by id. Only
 * `restSeconds` (an addition the original client never sends) tells null (back to the member's
 * default) from absent (kept).
 */
export const exerciseUpdateSchema = z.object({
  restSeconds: z.nullish(restSecondsSchema),
  name: z.nullish(exerciseNameSchema),
  memo: z.nullish(memoSchema),
  repWeightList: z.nullish(repWeightListInputSchema),
  classification: z.nullish(classificationSchema),
});
export type ExerciseUpdate = z.infer<typeof exerciseUpdateSchema>;

/** A stored set as answered. */
export const repWeightSchema = z.object({
  id: z.nullable(z.number().check(z.int())),
  reps: z.number(),
  weight: z.number(),
  /** Day-log sets only: ticked as done (absent from the original backend and other sets). */
  done: z.optional(z.boolean()),
  /** The set's kind; absent for a working set (NORMAL), as from the original backend. */
  type: z.optional(setTypeSchema),
  /** The set's RPE; absent when it has none, as from the original backend. */
  rpe: z.optional(z.nullable(z.number())),
});
export type RepWeight = z.infer<typeof repWeightSchema>;

/** `ExerciseResponse`. */
export const exerciseSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  memo: z.nullable(z.string()),
  repWeightList: z.array(repWeightSchema),
  classification: classificationSchema,
  /** This exercise's rest after a ticked set; null: the member's default (an addition). */
  restSeconds: z.optional(z.nullable(z.number())),
  /** The built-in catalogue entry it was added from; null: the member's own (an addition). */
  catalogueKey: z.optional(z.nullable(z.string())),
});

/** The member's exercise library. */
export const exerciseListSchema = z.array(exerciseSchema);
export type Exercise = z.infer<typeof exerciseSchema>;
