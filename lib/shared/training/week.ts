import { seoulDateKey } from '@/lib/shared/dates';

/**
 * Training weeks: ISO weeks (Monday to Sunday) over the member's calendar days, for the weekly
 * summary and the streak. Dates are `YYYY-MM-DD` keys with no time of day, so the arithmetic runs
 * on UTC midnights, where every day is 24 hours long whatever the browser's zone and its DST.
 * No luxon: ESLint keeps it out of lib/ (22 kB gzip on the pages that would import this).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC midnight of a `YYYY-MM-DD` key; throws on anything that is not a real calendar day. */
function utcOfKey(date: string): number {
  const match = DATE_KEY.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  // Date.UTC rolls 2026-02-30 over to March; a key that does not come back is not a day.
  if (Number.isNaN(time) || keyOfUtc(time) !== date) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  }
  return time;
}

function keyOfUtc(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** The day `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return keyOfUtc(utcOfKey(date) + days * DAY_MS);
}

/** The Monday on or before `date`: the start of its ISO week. */
export function weekStart(date: string): string {
  const time = utcOfKey(date);
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7; // getUTCDay: Sunday 0 … Saturday 6
  return keyOfUtc(time - sinceMonday * DAY_MS);
}

/** The ISO week holding `date`: Monday `start` to Sunday `end`, both inclusive. */
export function weekRange(date: string): { start: string; end: string } {
  const start = weekStart(date);
  return { start, end: addDays(start, 6) };
}

/** The calendar day in Seoul at the instant `now`, whatever the browser's own zone. */
export function seoulToday(now: Date = new Date()): string {
  return seoulDateKey(now);
}

/**
 * Consecutive weeks with at least one session, ending with the week of `today`. A current week
 * with no session yet does not break the streak (the week is not over): counting then starts
 * from the previous week. Sessions after `today` (a day logged ahead) are not done yet and do not
 * count. Dates may repeat and come in any order.
 */
export function weekStreak(sessionDates: readonly string[], today: string): number {
  const weeks = new Set(
    sessionDates.filter((date) => date <= today).map((date) => weekStart(date)),
  );
  let week = weekStart(today);
  if (!weeks.has(week)) week = addDays(week, -7);
  let streak = 0;
  while (weeks.has(week)) {
    streak += 1;
    week = addDays(week, -7);
  }
  return streak;
}
