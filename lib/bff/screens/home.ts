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
 * time, today's log when today has a record (with its record badges and what was lifted last time
 * per exercise), and this week's summary (null from a backend without these reads). The summary decorates the screen: when it cannot be read (backend trouble) its key is left
 * out and the browser asks for it itself.
 */
export async function homeFallback(todayKey: string = seoulDateKey()) {
  const { year, month } = yearMonthOfKey(todayKey);
  const [days, week] = await Promise.all([
    fetchMonth(year, month),
    unlessUnavailable(fetchWeekSummary(todayKey)),
  ]);
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
  withEntry(fallback, weekSummaryKey(todayKey), week);
  return fallback;
}
