import 'server-only';
import { dayKey, isListed, monthKey } from '@/lib/api/keys';
import { seoulDateKey, yearMonthOfKey } from '@/lib/dates';
import { fetchDay, fetchMonth } from '../reads/today';

/**
 * What the home screen's first view shows, as SWR fallback entries: this month's days in Seoul
 * time and, when today has a record, today's log.
 */
export async function homeFallback(todayKey: string = seoulDateKey()) {
  const { year, month } = yearMonthOfKey(todayKey);
  const days = await fetchMonth(year, month);
  const fallback: Record<string, unknown> = { [monthKey(year, month)]: days };
  if (isListed(days, todayKey)) fallback[dayKey(todayKey)] = await fetchDay(todayKey);
  return fallback;
}
