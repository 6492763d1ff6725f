import '@/lib/contract/zod-csp';

import * as z from 'zod/mini';

import {
  type Today,
  todayDateListSchema,
  type TodayExercise,
  todayExerciseSchema,
  todaySchema,
  type TodaySequenceUpdate,
  type TodaySetsUpdate,
} from '@/lib/contract/today';
import { yearMonthOfKey } from '@/lib/shared/dates';

import { api, requestJson } from './client';
import { isHttpStatus } from './errors';
import { isListed, monthKey } from './keys';

const todayExerciseListSchema = z.array(todayExerciseSchema);

/** What the add dialog sends: the checked items in the order they were checked, numbered from 1. */
export interface TodaySelectionItem {
  id: number;
  type: 'exercise' | 'routine';
  sequence: number;
}

/**
 * How a day-log write is sent by the offline queue: `Idempotency-Key` (so a retry after a lost
 * answer is applied once; the original backend ignores it) and `Prefer: return=representation`
 * (our backend then answers the rows it created, whose ids later queued changes need; the
 * original answers its plain text, and the caller reads the day instead).
 */
export interface WriteOptions {
  idempotencyKey?: string;
}

export function writeHeaders(
  options: WriteOptions | undefined,
  representation = false,
): HeadersInit {
  const headers: Record<string, string> = {};
  // A structured-field string, as the Idempotency-Key draft spells it.
  if (options?.idempotencyKey) headers['Idempotency-Key'] = `"${options.idempotencyKey}"`;
  if (representation) headers.Prefer = 'return=representation';
  return headers;
}

/** The body as `schema` when the server honoured `Prefer: return=representation`, else null. */
function representationOf<S extends z.ZodMiniType>(body: unknown, schema: S): z.output<S> | null {
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** POST /api/today?date={date}: creates the (empty) day record; the day when the server says it. */
export async function createToday(date: string, options?: WriteOptions): Promise<Today | null> {
  const body = await api.post('/api/today', undefined, {
    query: { date },
    headers: writeHeaders(options, true),
  });
  return representationOf(body, todaySchema);
}

/**
 * Makes sure the date has a day record (the add dialog saves into one): asks the backend for the
 * date's month (GET /api/today/yearAndMonth/{year}/{month}, which both backends answer for any
 * month) and creates the record (POST /api/today?date=) only when the date is not listed. It never
 * asks for the date itself: the original backend answers a date without a record with 500. When
 * the create is refused because the record appeared meanwhile (400 duplicate), that is fine too.
 * Returns true when it created one.
 */
export async function ensureToday(date: string, options?: WriteOptions): Promise<boolean> {
  const { year, month } = yearMonthOfKey(date);
  const listed = async () =>
    isListed(await requestJson(monthKey(year, month), { schema: todayDateListSchema }), date);
  if (await listed()) return false;
  try {
    await createToday(date, options);
    return true;
  } catch (error) {
    if (isHttpStatus(error, 400) && (await listed())) return false;
    throw error;
  }
}

/**
 * POST /api/todayExercise/{date}: appends the exercises (routines expand server-side); answers
 * the created entries in order when the server honours the representation preference, else null.
 */
export async function addTodayExercises(
  date: string,
  items: readonly TodaySelectionItem[],
  options?: WriteOptions,
): Promise<TodayExercise[] | null> {
  const body = await api.post(`/api/todayExercise/${date}`, items, {
    headers: writeHeaders(options, true),
  });
  return representationOf(body, todayExerciseListSchema);
}

/** DELETE /api/todayExercise/{id}; the day record goes too when it was the last entry. */
export async function deleteTodayExercise(
  todayExerciseId: number,
  options?: WriteOptions,
): Promise<void> {
  await api.delete(`/api/todayExercise/${todayExerciseId}`, { headers: writeHeaders(options) });
}

/** PATCH /api/todayExercise/updateSequence/{todayId}: the server renumbers 1..n. */
export async function updateTodaySequence(
  todayId: number,
  body: TodaySequenceUpdate,
  options?: WriteOptions,
): Promise<void> {
  await api.patch(`/api/todayExercise/updateSequence/${todayId}`, body, {
    headers: writeHeaders(options),
  });
}

/**
 * PATCH /api/todayExercise/{todayId}: each listed entry's sets are replaced; answers the updated
 * entries in request order when the server honours the representation preference, else null.
 */
export async function updateTodaySets(
  todayId: number,
  body: TodaySetsUpdate,
  options?: WriteOptions,
): Promise<TodayExercise[] | null> {
  const answer = await api.patch(`/api/todayExercise/${todayId}`, body, {
    headers: writeHeaders(options, true),
  });
  return representationOf(answer, todayExerciseListSchema);
}

/** POST /api/today/checkbox/{todayId}?checked=: marks the day done or not. */
export async function setTodayChecked(
  todayId: number,
  checked: boolean,
  options?: WriteOptions,
): Promise<void> {
  await api.post(`/api/today/checkbox/${todayId}`, undefined, {
    query: { checked },
    headers: writeHeaders(options),
  });
}
