import { DateTime } from 'luxon';
import { messages } from '@/lib/i18n/messages';

/** The app's time zone and date-key format (product.md §9). */
export const SEOUL = 'Asia/Seoul';
export const DATE_KEY_FORMAT = 'yyyy-MM-dd';

/** The Seoul calendar day of an instant, as `YYYY-MM-DD`. */
export function seoulDateKey(date: Date | number = Date.now()): string {
  const millis = typeof date === 'number' ? date : date.getTime();
  return DateTime.fromMillis(millis, { zone: SEOUL }).toFormat(DATE_KEY_FORMAT);
}

/**
 * The date key of a calendar tile. react-calendar hands out local-midnight Dates for the days it
 * shows, so the key is built from the local year/month/day, not converted to Seoul. No time zone
 * is involved, so this skips luxon: it runs twice per tile on every calendar render, where a
 * luxon DateTime per call was a visible share of the home screen's main-thread time on phones.
 */
export function calendarDateKey(date: Date): string {
  const year = String(date.getFullYear()).padStart(4, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** A calendar month (`month` is 1–12), as `GET /api/today/yearAndMonth/{year}/{month}` takes it. */
export interface YearMonth {
  year: number;
  month: number;
}

/** The Seoul month of an instant. */
export function seoulYearMonth(date: Date | number = Date.now()): YearMonth {
  const millis = typeof date === 'number' ? date : date.getTime();
  const seoul = DateTime.fromMillis(millis, { zone: SEOUL });
  return { year: seoul.year, month: seoul.month };
}

/** The year and month of a `YYYY-MM-DD` key. */
export function yearMonthOfKey(key: string): YearMonth {
  const [year, month] = key.split('-').map(Number);
  return { year, month };
}

/**
 * The local-midnight Date of a `YYYY-MM-DD` key: the form react-calendar uses for its tiles, so a
 * key always lands on the tile of the same day whatever the browser's time zone.
 */
export function localDateOfKey(key: string): Date {
  const [year, month, day] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** The local-midnight first day of a month (react-calendar's `activeStartDate`). */
export function monthStart({ year, month }: YearMonth): Date {
  return new Date(year, month - 1, 1);
}

/** The month a react-calendar date (local midnight) belongs to. */
export function yearMonthOfLocalDate(date: Date): YearMonth {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

/** True for a valid `YYYY-MM-DD`. */
export function isDateKey(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromFormat(value, DATE_KEY_FORMAT).isValid;
}

/** Parses a backend `LocalDateTime` (ISO without offset, Seoul time). */
export function parseSeoulDateTime(value: string): DateTime {
  return DateTime.fromISO(value, { zone: SEOUL });
}

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Comment time label (product.md §9): 방금 전, N분 전, N시간 전, N일 전, or a full Korean date when
 * older than 7 days.
 */
export function relativeTimeLabel(localDateTime: string, now: Date | number = Date.now()): string {
  const then = parseSeoulDateTime(localDateTime);
  if (!then.isValid) return localDateTime;
  const nowMillis = typeof now === 'number' ? now : now.getTime();
  const elapsed = nowMillis - then.toMillis();
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes < 1) return messages.comments.justNow;
  if (minutes < 60) return messages.comments.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return messages.comments.hoursAgo(hours);
  // Exactly 7 days is still `7일 전`; anything older is a full date (7 days 1 hour is not `7일 전`).
  if (elapsed <= SEVEN_DAYS_MS) return messages.comments.daysAgo(Math.floor(hours / 24));
  return messages.comments.fullDate(then.year, then.month, then.day);
}
