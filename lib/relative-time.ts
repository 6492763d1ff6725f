import { DateTime } from 'luxon';

import { SEOUL } from '@/lib/dates';
import { messages } from '@/lib/i18n/messages';

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
