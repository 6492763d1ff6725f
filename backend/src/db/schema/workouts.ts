import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { SetType } from '@/lib/contract/exercise';

import { members } from './members';

/** A member's exercise (the library entry). */
export const exercises = pgTable(
  'exercises',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    memo: text('memo'),
    classification: text('classification').notNull(),
    /** Rest after a ticked set of this exercise; null: the member's default. */
    restSeconds: integer('rest_seconds'),
    /** The built-in catalogue entry it was added from (issue 29); null: the member's own. */
    catalogueKey: text('catalogue_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('exercises_member_idx').on(table.memberId),
    uniqueIndex('exercises_member_catalogue_key')
      .on(table.memberId, table.catalogueKey)
      .where(sql`${table.catalogueKey} is not null`),
  ],
);

/**
 * A member's remembered import choice (issue 29): an exercise name as another app's file spells
 * it (`exerciseKey` form: trimmed, spaces collapsed, lower case) → the member's exercise it goes to.
 */
export const exerciseAliases = pgTable(
  'exercise_aliases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    sourceName: text('source_name').notNull(),
    exerciseId: bigint('exercise_id', { mode: 'number' })
      .notNull()
      .references(() => exercises.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exercise_aliases_member_source_key').on(table.memberId, table.sourceName),
    index('exercise_aliases_exercise_idx').on(table.exerciseId),
  ],
);

/** A member's routine: an ordered list of exercises with their own copies of the sets. */
export const routines = pgTable(
  'routines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('routines_member_idx').on(table.memberId)],
);

/**
 * An exercise in a routine. `exercise_name` is copied when added (and refreshed when the exercise
 * is deleted) so that the entry keeps its name once the exercise is gone; while the exercise
 * exists its live name is answered.
 */
export const routineExercises = pgTable(
  'routine_exercises',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    routineId: bigint('routine_id', { mode: 'number' })
      .notNull()
      .references(() => routines.id, { onDelete: 'cascade' }),
    exerciseId: bigint('exercise_id', { mode: 'number' }).references(() => exercises.id, {
      onDelete: 'set null',
    }),
    exerciseName: text('exercise_name').notNull(),
    sequence: integer('sequence'),
  },
  (table) => [
    index('routine_exercises_routine_idx').on(table.routineId),
    index('routine_exercises_exercise_idx').on(table.exerciseId),
  ],
);

/**
 * A routine's share link (issue 27): one active token per routine; revoking deletes the row, so a
 * later share gets a new token. The token is 128 random bits in base64url.
 */
export const routineShares = pgTable('routine_shares', {
  routineId: bigint('routine_id', { mode: 'number' })
    .primaryKey()
    .references(() => routines.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('routine_shares_token_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's day log ("Today"); one per member and date. */
export const todays = pgTable(
  'todays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    checkBox: text('check_box').notNull().default('False'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('todays_member_date_key').on(table.memberId, table.localDate),
    check('todays_check_box_check', sql`${table.checkBox} in ('True', 'False')`),
  ],
);

/** An exercise in a day log, with its own copy of the sets (same naming rule as routines). */
export const todayExercises = pgTable(
  'today_exercises',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    todayId: bigint('today_id', { mode: 'number' })
      .notNull()
      .references(() => todays.id, { onDelete: 'cascade' }),
    exerciseId: bigint('exercise_id', { mode: 'number' }).references(() => exercises.id, {
      onDelete: 'set null',
    }),
    exerciseName: text('exercise_name').notNull(),
    sequence: integer('sequence'),
  },
  (table) => [
    index('today_exercises_today_idx').on(table.todayId),
    index('today_exercises_exercise_idx').on(table.exerciseId),
  ],
);

/**
 * A set ("RepWeight"). Like the original, one table whose row belongs to exactly one of an
 * exercise, a routine exercise or a day-log exercise; answered in id order.
 */
export const repWeights = pgTable(
  'rep_weights',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    exerciseId: bigint('exercise_id', { mode: 'number' }).references(() => exercises.id, {
      onDelete: 'cascade',
    }),
    routineExerciseId: bigint('routine_exercise_id', { mode: 'number' }).references(
      () => routineExercises.id,
      { onDelete: 'cascade' },
    ),
    todayExerciseId: bigint('today_exercise_id', { mode: 'number' }).references(
      () => todayExercises.id,
      { onDelete: 'cascade' },
    ),
    reps: integer('reps').notNull(),
    weight: doublePrecision('weight').notNull(),
    /** A day-log set ticked as done (always false for library and routine sets). */
    done: boolean('done').notNull().default(false),
    /** NORMAL, WARMUP, DROP or FAILURE (lib/contract SET_TYPES); the original's sets are NORMAL. */
    setType: text('set_type').$type<SetType>().notNull().default('NORMAL'),
    /** Rate of perceived exertion, 6–10 in halves, or null. */
    rpe: doublePrecision('rpe'),
  },
  (table) => [
    index('rep_weights_exercise_idx').on(table.exerciseId),
    index('rep_weights_routine_exercise_idx').on(table.routineExerciseId),
    index('rep_weights_today_exercise_idx').on(table.todayExerciseId),
    check(
      'rep_weights_one_owner_check',
      sql`num_nonnulls(${table.exerciseId}, ${table.routineExerciseId}, ${table.todayExerciseId}) = 1`,
    ),
  ],
);

export type ExerciseRow = typeof exercises.$inferSelect;
export type NewExercise = typeof exercises.$inferInsert;
export type RoutineRow = typeof routines.$inferSelect;
export type TodayRow = typeof todays.$inferSelect;
export type RepWeightRow = typeof repWeights.$inferSelect;
