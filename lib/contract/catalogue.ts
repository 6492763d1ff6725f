import './zod-csp';

import * as z from 'zod/mini';

import { EQUIPMENT, type Equipment } from '@/lib/shared/catalogue/equipment';

import { classificationSchema, exerciseSchema } from './exercise';

export { EQUIPMENT, type Equipment };

/*
 * The built-in exercise catalogue (issue 29), additions to the original wire:
 * `GET /api/exercise/catalogue` answers every entry (public data, cacheable);
 * `POST /api/exercise/catalogue/{key}` adds one to the caller's library on first use and answers
 * the member's exercise (the existing one when it is already there);
 * `GET /api/member/exercises/recent` answers the caller's most recently logged exercises.
 */

/** A catalogue key: lower-case words joined by hyphens. */
export const catalogueKeySchema = z
  .string()
  .check(z.minLength(1), z.maxLength(80), z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/));

export const equipmentSchema = z.enum(EQUIPMENT);

/** One catalogue exercise. */
export const catalogueEntrySchema = z.object({
  /** Stable id, never reused; a member's exercise keeps it as `catalogueKey`. */
  key: catalogueKeySchema,
  /** The Korean name the member's exercise gets. */
  name: z.string(),
  classification: classificationSchema,
  equipment: equipmentSchema,
  /** Strong's and Hevy's spelling, e.g. `Bench Press (Barbell)`. */
  english: z.string(),
  /** Other spellings (Korean and English) searched and matched too. */
  aliases: z.array(z.string()),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

export const catalogueSchema = z.array(catalogueEntrySchema);

/** `POST /api/exercise/catalogue/{key}`: the member's exercise, and whether this call created it. */
export const catalogueAddResultSchema = z.object({
  created: z.boolean(),
  exercise: exerciseSchema,
});
export type CatalogueAddResult = z.infer<typeof catalogueAddResultSchema>;

/** `GET /api/member/exercises/recent`: the member's exercises, most recently logged first. */
export const recentExerciseSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  /** The latest day it was logged on (yyyy-MM-dd). */
  lastDate: z.string(),
});
export const recentExercisesSchema = z.array(recentExerciseSchema);
export type RecentExercise = z.infer<typeof recentExerciseSchema>;

/** How many exercises the recent list answers. */
export const RECENT_EXERCISES_LIMIT = 8;
