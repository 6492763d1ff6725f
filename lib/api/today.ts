import {
  todayDateListSchema,
  todaySchema,
  type Today,
  type TodayDate,
  type TodaySequenceUpdate,
  type TodaySetsUpdate,
} from '@/lib/contract/today';
import { yearMonthOfKey } from '@/lib/dates';
import { api, requestJson } from './client';
import { isHttpStatus } from './errors';
import { dayKey, isListed, monthKey } from './keys';

/** What the add dialog sends: the checked items in the order they were checked, numbered from 1. */
export interface TodaySelectionItem {
  id: number;
  type: 'exercise' | 'routine';
  sequence: number;
}

/**
 * GET /api/today/yearAndMonth/{year}/{month}: the days of that month that have a record; with
 * `friendId`, GET /api/today/friend/{friendId}/yearAndMonth/{year}/{month} (403 when not friends).
 */
export function fetchMonth(year: number, month: number, friendId?: number): Promise<TodayDate[]> {
  return requestJson(monthKey(year, month, friendId), { schema: todayDateListSchema });
}

/**
 * GET /api/today/date/{date} (or a friend's, with `friendId`): the day's log, or null when the date
 * has no record (our backend's 404). Only call it for a date the month list names: the original
 * backend answers a date without a record with 500 (original-backend.md §3.3), see `useDayLog`.
 */
export async function fetchDay(date: string, friendId?: number): Promise<Today | null> {
  try {
    return await requestJson(dayKey(date, friendId), { schema: todaySchema });
  } catch (error) {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  }
}

/** POST /api/today?date={date}: creates the (empty) day record. */
export async function createToday(date: string): Promise<void> {
  await api.post('/api/today', undefined, { query: { date } });
}

/**
 * Makes sure the date has a day record (product.md §4, add dialog): asks the backend for the
 * date's month (GET /api/today/yearAndMonth/{year}/{month}, which both backends answer for any
 * month) and creates the record (POST /api/today?date=) only when the date is not listed. It never
 * asks for the date itself: the original backend answers a date without a record with 500. When
 * the create is refused because the record appeared meanwhile (400 duplicate), that is fine too.
 * Returns true when it created one.
 */
export async function ensureToday(date: string): Promise<boolean> {
  const { year, month } = yearMonthOfKey(date);
  if (isListed(await fetchMonth(year, month), date)) return false;
  try {
    await createToday(date);
    return true;
  } catch (error) {
    if (isHttpStatus(error, 400) && isListed(await fetchMonth(year, month), date)) return false;
    throw error;
  }
}

/** POST /api/todayExercise/{date}: appends the exercises (routines expand server-side). */
export async function addTodayExercises(
  date: string,
  items: readonly TodaySelectionItem[],
): Promise<void> {
  await api.post(`/api/todayExercise/${date}`, items);
}

/** DELETE /api/todayExercise/{id}; the day record goes too when it was the last entry. */
export async function deleteTodayExercise(todayExerciseId: number): Promise<void> {
  await api.delete(`/api/todayExercise/${todayExerciseId}`);
}

/** PATCH /api/todayExercise/updateSequence/{todayId}: the server renumbers 1..n. */
export async function updateTodaySequence(
  todayId: number,
  body: TodaySequenceUpdate,
): Promise<void> {
  await api.patch(`/api/todayExercise/updateSequence/${todayId}`, body);
}

/** PATCH /api/todayExercise/{todayId}: each listed entry's sets are replaced. */
export async function updateTodaySets(todayId: number, body: TodaySetsUpdate): Promise<void> {
  await api.patch(`/api/todayExercise/${todayId}`, body);
}

/** POST /api/today/checkbox/{todayId}?checked=: marks the day done or not. */
export async function setTodayChecked(todayId: number, checked: boolean): Promise<void> {
  await api.post(`/api/today/checkbox/${todayId}`, undefined, { query: { checked } });
}
