import { messages } from '@/lib/i18n/messages';

/**
 * Labels of backend `LocalDateTime`s (ISO without offset, Seoul wall time). Asia/Seoul has been
 * UTC+9 without daylight saving since 1988, so a fixed offset reads them exactly and this module
 * needs no time-zone database (luxon alone was ~22 kB gzip on the feed's first load, where the
 * post cards now show their time).
 */

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;

interface SeoulWallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** The instant, in epoch milliseconds. */
  millis: number;
}

/** Parses a backend `LocalDateTime` (Seoul time); null when it is not one. */
function parseSeoulDateTime(value: string): SeoulWallTime | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const millisecond = Number((match[7] ?? '').slice(0, 3).padEnd(3, '0'));
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const check = new Date(local);
  // 2026-02-30 and 25:00 are not times.
  if (
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return null;
  }
  return { year, month, day, hour, minute, millis: local - SEOUL_OFFSET_MS };
}

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Comment time label: 방금 전, N분 전, N시간 전, N일 전, or a full Korean date when older than 7 days.
 */
export function relativeTimeLabel(localDateTime: string, now: Date | number = Date.now()): string {
  const then = parseSeoulDateTime(localDateTime);
  if (!then) return localDateTime;
  const nowMillis = typeof now === 'number' ? now : now.getTime();
  const elapsed = nowMillis - then.millis;
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes < 1) return messages.comments.justNow;
  if (minutes < 60) return messages.comments.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return messages.comments.hoursAgo(hours);
  // Exactly 7 days is still `7일 전`; anything older is a full date (7 days 1 hour is not `7일 전`).
  if (elapsed <= SEVEN_DAYS_MS) return messages.comments.daysAgo(Math.floor(hours / 24));
  return messages.comments.fullDate(then.year, then.month, then.day);
}

/** The full Seoul date and time of a `LocalDateTime` (`2026년 11월 20일 18:30`), for a title. */
export function fullDateTimeLabel(localDateTime: string): string {
  const then = parseSeoulDateTime(localDateTime);
  if (!then) return localDateTime;
  return messages.comments.fullDateTime(then.year, then.month, then.day, then.hour, then.minute);
}
