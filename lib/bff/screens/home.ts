import 'server-only';
import { isListed } from '@/lib/api/keys';
import { dayLogRead, dayRecordsRead, monthRead, previousSessionsRead } from '@/lib/reads/day-log';
import { weekSummaryRead } from '@/lib/reads/training';
import { seoulDateKey, yearMonthOfKey } from '@/lib/shared/dates';
import { readFallbackKey, serverRead, serverReadOrNull } from '../server-read';
import { unlessUnavailable, withEntry } from './fallback';

/**
 * What the home screen's first view shows, as SWR fallback entries: this month's days in Seoul
 * time, and today's log when today has a record (with its record badges and what was lifted last
 * time per exercise). The week summary is not among them: it streams in after the calendar
 * (`homeWeekFallback`, in its own Suspense boundary), so a slow summary never holds the page back.
 */
export async function homeFallback(todayKey: string = seoulDateKey()) {
  const { year, month } = yearMonthOfKey(todayKey);
  const days = await serverRead(monthRead, year, month);
  const fallback: Record<string, unknown> = { [readFallbackKey(monthRead, year, month)]: days };
  if (isListed(days, todayKey)) {
    // The day may have lost its record since the month was read (404: no record, not the page's).
    const [log, records, previous] = await Promise.all([
      serverReadOrNull(dayLogRead, todayKey),
      unlessUnavailable(serverReadOrNull(dayRecordsRead, todayKey)),
      unlessUnavailable(serverReadOrNull(previousSessionsRead, todayKey)),
    ]);
    fallback[readFallbackKey(dayLogRead, todayKey)] = log;
    if (log) {
      withEntry(fallback, readFallbackKey(dayRecordsRead, todayKey), records);
      withEntry(fallback, readFallbackKey(previousSessionsRead, todayKey), previous);
    }
  }
  return fallback;
}

/**
 * The week summary's fallback entry (null from a backend without it). It decorates the screen:
 * when it cannot be read (backend trouble) the entry is left out and the browser asks itself.
 */
export async function homeWeekFallback(todayKey: string) {
  const fallback: Record<string, unknown> = {};
  withEntry(
    fallback,
    readFallbackKey(weekSummaryRead, todayKey),
    await unlessUnavailable(serverReadOrNull(weekSummaryRead, todayKey)),
  );
  return fallback;
}
