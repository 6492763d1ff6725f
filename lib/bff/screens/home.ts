import 'server-only';
import {
  dayKey,
  dayRecordsKey,
  isListed,
  monthKey,
  previousSessionsKey,
  weekSummaryKey,
} from '@/lib/api/keys';
import { seoulDateKey, yearMonthOfKey } from '@/lib/shared/dates';
import { fetchDay, fetchDayRecords, fetchMonth, fetchPreviousSessions } from '../reads/today';
import { fetchWeekSummary } from '../reads/training';
import { unlessUnavailable, withEntry } from './fallback';

/**
 * What the home screen's first view shows, as SWR fallback entries: this month's days in Seoul
 * time, and today's log when today has a record (with its record badges and what was lifted last
 * time per exercise). The week summary is not among them: it streams in after the calendar
 * (`homeWeekFallback`, in its own Suspense boundary), so a slow summary never holds the page back.
 */
export async function homeFallback(todayKey: string = seoulDateKey()) {
  const { year, month } = yearMonthOfKey(todayKey);
  const days = await fetchMonth(year, month);
  const fallback: Record<string, unknown> = { [monthKey(year, month)]: days };
  if (isListed(days, todayKey)) {
    const [log, records, previous] = await Promise.all([
      fetchDay(todayKey),
      unlessUnavailable(fetchDayRecords(todayKey)),
      unlessUnavailable(fetchPreviousSessions(todayKey)),
    ]);
    fallback[dayKey(todayKey)] = log;
    if (log) {
      withEntry(fallback, dayRecordsKey(todayKey), records);
      withEntry(fallback, previousSessionsKey(todayKey), previous);
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
    weekSummaryKey(todayKey),
    await unlessUnavailable(fetchWeekSummary(todayKey)),
  );
  return fallback;
}
