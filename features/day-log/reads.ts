import { dayKey, dayRecordsKey, monthKey, previousSessionsKey } from '@/lib/api/keys';
import type { CheckBox, Today, TodayDate, TodayExercise } from '@/lib/contract/today';
import type {
  DayRecords as DayRecordsWire,
  PreviousSession as PreviousSessionWire,
} from '@/lib/contract/training';
import { defineRead } from '@/lib/reads/define';
import type { RecordKind } from '@/lib/shared/training/records';

/** A day of a month that has a record, and whether its 완료 is ticked (the calendar's dot). */
export interface MonthDay {
  localDate: string;
  completed: boolean;
}

/** One entry of a day log: the exercise, its sets and its place in the day. */
export type DayEntry = TodayExercise;

/** One day's log as the screens read it. */
export interface DayLog {
  id: number;
  localDate: string;
  /** The day's 완료. */
  completed: boolean;
  todayExercises: DayEntry[];
}

/** The record badges of a day's sets (by set id) and the entries whose session volume was one. */
export interface DayRecords {
  sets: Array<{ id: number; records: RecordKind[] }>;
  sessionVolume: number[];
}

/** What the member lifted the last earlier time for one entry of their day. */
export type PreviousSession = PreviousSessionWire;

/** The wire spells 완료 as Spring's boolean text. */
function isTicked(checkBox: CheckBox): boolean {
  return checkBox === 'True';
}

export function toMonthDays(days: readonly TodayDate[]): MonthDay[] {
  return days.map((day) => ({ localDate: day.localDate, completed: isTicked(day.checkBox) }));
}

export function toDayLog(day: Today): DayLog {
  return {
    id: day.id,
    localDate: day.localDate,
    completed: isTicked(day.checkBox),
    todayExercises: day.todayExercises,
  };
}

/**
 * GET /api/today/yearAndMonth/{year}/{month} (`month` 1–12), or with `friendId` that friend's
 * (GET /api/today/friend/{friendId}/yearAndMonth/…, 403 without the friendship): the days of the
 * month that have a record.
 */
export const monthRead = defineRead({
  key: (year: number, month: number, friendId?: number) => monthKey(year, month, friendId),
  schema: async () => (await import('@/lib/contract/today')).todayDateListSchema,
  toView: toMonthDays,
});

/**
 * GET /api/today/date/{date} (or a friend's): one day's log. Read only a date its month lists:
 * the original backend answers a date without a record with 500, ours with 404, which the callers
 * read as no record (null).
 */
export const dayLogRead = defineRead({
  key: (date: string, friendId?: number) => dayKey(date, friendId),
  schema: async () => (await import('@/lib/contract/today')).todaySchema,
  toView: toDayLog,
});

/**
 * GET /api/today/date/{date}/records (or a friend's): the record badges of the day's sets. The
 * original backend has no such read (404): the server reads it as null, the browser shows none.
 */
export const dayRecordsRead = defineRead({
  key: (date: string, friendId?: number) => dayRecordsKey(date, friendId),
  schema: async () => (await import('@/lib/contract/training')).dayRecordsSchema,
  toView: (records: DayRecordsWire): DayRecords => records,
});

/**
 * GET /api/today/date/{date}/previous: the last earlier session of each entry's exercise, for the
 * member's own day (a decoration like the badges: 404 from the original backend).
 */
export const previousSessionsRead = defineRead({
  key: (date: string) => previousSessionsKey(date),
  schema: async () => (await import('@/lib/contract/training')).previousSessionListSchema,
  toView: (sessions: PreviousSession[]) => sessions,
});
