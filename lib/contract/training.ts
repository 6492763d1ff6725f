import './zod-csp';

import * as z from 'zod/mini';

import { PLATE_LIMITS } from '@/lib/shared/training/plates';
import { RECORD_KINDS } from '@/lib/shared/training/records';
import { WEIGHT_UNITS } from '@/lib/shared/training/units';

import { localDateSchema } from './common';
import { classificationSchema, restSecondsSchema, setTypeSchema } from './exercise';
import { REST_SECONDS } from './values';

export { RECORD_KINDS, REST_SECONDS, WEIGHT_UNITS };

/*
 * The gym loop's reads and the member's training settings: additions to the original wire (issue
 * 14). Weights are kilograms on the wire, whatever unit the member reads them in.
 */

const int = () => z.number().check(z.int());

/** A set as logged: repetitions and kilograms, with its kind and RPE (absent: NORMAL, none). */
export const loggedSetSchema = z.object({
  reps: int(),
  weight: z.number(),
  type: z.optional(setTypeSchema),
  rpe: z.optional(z.nullable(z.number())),
});
export type LoggedSetDto = z.infer<typeof loggedSetSchema>;

/**
 * `GET /api/today/date/{date}/previous`: for each entry of the member's day, the last earlier
 * day on which they did the same exercise (by the exercise itself, not its name) and its sets.
 */
export const previousSessionSchema = z.object({
  todayExerciseId: int(),
  exerciseId: int(),
  localDate: localDateSchema,
  repWeightList: z.array(loggedSetSchema),
});
export const previousSessionListSchema = z.array(previousSessionSchema);
export type PreviousSession = z.infer<typeof previousSessionSchema>;

export const SETTINGS_MESSAGES = {
  weightUnit: '무게 단위는 kg 또는 lb여야 합니다.',
  autoCompleteDay: '자동 완료 설정은 true 또는 false여야 합니다.',
  plates: `바벨은 0보다 크고 ${PLATE_LIMITS.bar} 이하, 원판은 0보다 크고 ${PLATE_LIMITS.plate} 이하(0.25 단위), 쌍 수는 0~${PLATE_LIMITS.pairs}, 원판 종류는 ${PLATE_LIMITS.sizes}개 이하여야 합니다.`,
} as const;

const plateError = { error: SETTINGS_MESSAGES.plates };
const quarter = (value: number) => Number.isInteger(Math.round(value * 1e6) / 250000);

/**
 * A bar and its plates in one unit (issue 27 point 5): sizes in quarters of the unit (1.25 kg,
 * 2.5 lb), each with the pairs the member has.
 */
export const plateInventorySchema = z.object({
  bar: z.number(plateError).check(z.positive(plateError), z.lte(PLATE_LIMITS.bar, plateError)),
  plates: z
    .array(
      z.object({
        size: z
          .number(plateError)
          .check(
            z.positive(plateError),
            z.lte(PLATE_LIMITS.plate, plateError),
            z.refine(quarter, plateError),
          ),
        pairs: z
          .number(plateError)
          .check(z.int(plateError), z.gte(0, plateError), z.lte(PLATE_LIMITS.pairs, plateError)),
      }),
      plateError,
    )
    .check(z.maxLength(PLATE_LIMITS.sizes, plateError)),
});
export type PlateInventoryDto = z.infer<typeof plateInventorySchema>;

/** The member's inventories, one per unit; a unit left out is the default gym's. */
export const plateInventoriesSchema = z.object({
  kg: z.optional(plateInventorySchema),
  lb: z.optional(plateInventorySchema),
});
export type PlateInventories = z.infer<typeof plateInventoriesSchema>;

/** `GET /api/member/settings`. */
export const trainingSettingsSchema = z.object({
  weightUnit: z.enum(WEIGHT_UNITS),
  /** Ticking the last set of a day ticks the day's 완료 too. */
  autoCompleteDay: z.boolean(),
  /** Rest after a ticked set, for exercises without their own. */
  restSeconds: int(),
  /** The bar and plates per unit (an addition, issue 27): absent until the member sets them. */
  plates: z.optional(plateInventoriesSchema),
});
export type TrainingSettings = z.infer<typeof trainingSettingsSchema>;

/**
 * `PATCH /api/member/settings`: absent fields are kept; in `plates` a unit sent replaces that
 * unit's inventory and a unit left out keeps its own.
 */
export const trainingSettingsUpdateSchema = z.object({
  weightUnit: z.optional(z.enum(WEIGHT_UNITS, { error: SETTINGS_MESSAGES.weightUnit })),
  autoCompleteDay: z.optional(z.boolean({ error: SETTINGS_MESSAGES.autoCompleteDay })),
  restSeconds: z.optional(restSecondsSchema),
  plates: z.optional(
    z.object(
      {
        kg: z.optional(plateInventorySchema),
        lb: z.optional(plateInventorySchema),
      },
      plateError,
    ),
  ),
});
export type TrainingSettingsUpdate = z.infer<typeof trainingSettingsUpdateSchema>;

export const recordKindSchema = z.enum(RECORD_KINDS);
export type RecordKindDto = z.infer<typeof recordKindSchema>;

/**
 * `GET /api/today/date/{date}/records` (and a friend's, `/api/today/friend/{id}/date/{date}/records`):
 * the records the day's sets set when they were done, by set id, and the entries whose session
 * volume was a record.
 */
export const dayRecordsSchema = z.object({
  sets: z.array(z.object({ id: int(), records: z.array(recordKindSchema) })),
  sessionVolume: z.array(int()),
});
export type DayRecords = z.infer<typeof dayRecordsSchema>;

const datedSet = z.object({ reps: int(), weight: z.number(), localDate: localDateSchema });

/** An exercise's personal records, each with the day it was first reached. */
export const exerciseRecordsSchema = z.object({
  weight: z.nullable(datedSet),
  oneRepMax: z.nullable(z.extend(datedSet, { value: z.number() })),
  setVolume: z.nullable(z.extend(datedSet, { value: z.number() })),
  sessionVolume: z.nullable(z.object({ value: z.number(), localDate: localDateSchema })),
  repsAtWeight: z.array(datedSet),
});
export type ExerciseRecords = z.infer<typeof exerciseRecordsSchema>;

export const HISTORY_RANGES = ['3m', '1y', 'all'] as const;
export const historyRangeSchema = z.enum(HISTORY_RANGES, {
  error: '기간은 3m, 1y 또는 all이어야 합니다.',
});
export type HistoryRange = z.infer<typeof historyRangeSchema>;

/** One day's work on an exercise in its history. */
export const historySessionSchema = z.object({
  localDate: localDateSchema,
  /** The heaviest set (most reps among equals), with its RPE when it has one. */
  topSet: loggedSetSchema,
  /** Best estimated one-rep max of the day (Epley). */
  oneRepMax: z.number(),
  /** Sum of reps × kg. */
  volume: z.number(),
  sets: int(),
  /**
   * Mean RPE of the day's counted sets that have one, to one decimal (an addition, issue 27):
   * absent when none has an RPE. Warm-ups count in no history figure.
   */
  rpe: z.optional(z.number()),
});

/** `GET /api/exercise/{id}/history?range=3m|1y|all`: sessions oldest first, and the records. */
export const exerciseHistorySchema = z.object({
  exerciseId: int(),
  name: z.string(),
  classification: classificationSchema,
  range: historyRangeSchema,
  sessions: z.array(historySessionSchema),
  records: exerciseRecordsSchema,
});
export type ExerciseHistory = z.infer<typeof exerciseHistorySchema>;

const weekFigures = z.object({
  weekStart: localDateSchema,
  sessions: int(),
  volume: z.number(),
  /** Counted sets per body part (every classification present, zeros included). */
  setsByBodyPart: z.record(classificationSchema, int()),
});

/** `GET /api/today/week/{date}`: the week (Monday to Sunday) containing `date`, and the one before. */
export const weekSummarySchema = z.object({
  current: weekFigures,
  previous: weekFigures,
  /** Consecutive weeks with at least one session, up to this week (not broken before it ends). */
  streakWeeks: int(),
});
export type WeekSummary = z.infer<typeof weekSummarySchema>;
