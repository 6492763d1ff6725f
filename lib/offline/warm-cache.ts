import {
  dayKey,
  EXERCISES_KEY,
  monthKey,
  previousSessionsKey,
  ROUTINES_KEY,
  TRAINING_SETTINGS_KEY,
} from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { seoulDateKey, seoulYearMonth } from '@/lib/shared/dates';

import { OFFLINE_WARMED_FLAG } from './warm-flag';

/**
 * Reads the member's home data of this month and the previous one (each month's days, every
 * listed day's log and its previous-session hints, the exercise and routine libraries, the
 * settings) while online, once a day per device, so that the service worker's API cache holds them and `/` works in a
 * basement gym even for days not opened yet. Runs at most once a day on this device, only once the
 * service worker controls the page (otherwise nothing would be cached), and in the background:
 * two requests at a time, failures ignored.
 */

const CONCURRENCY = 2;

function previousMonth({ year, month }: { year: number; month: number }) {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

async function inBatches(tasks: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task().catch(() => undefined);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** True when this tab already warmed the cache today (the flag holds a date, nothing of the member). */
function warmedToday(today: string): boolean {
  try {
    return localStorage.getItem(OFFLINE_WARMED_FLAG) === today;
  } catch {
    return false;
  }
}

/** Marks the warm-up's reads: background reads, not a page's (e2e tells them apart by it). */
const WARMUP_HEADERS = { 'X-Offline-Warmup': '1' };

export async function warmOfflineCache(now: Date = new Date()): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.onLine) return;
  if (!navigator.serviceWorker?.controller) return;
  const today = seoulDateKey(now);
  if (warmedToday(today)) return;
  const api = await loadApi();
  const read = (path: string) => api.requestJson<unknown>(path, { headers: WARMUP_HEADERS });
  const current = seoulYearMonth(now);
  const months = [current, previousMonth(current)];
  const listed = await Promise.all(
    months.map(({ year, month }) => read(monthKey(year, month)).catch(() => [])),
  );
  const days = listed
    .flatMap((list) => (Array.isArray(list) ? (list as Array<{ localDate?: unknown }>) : []))
    .map((day) => day.localDate)
    .filter((date): date is string => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date));
  await inBatches([
    () => read(EXERCISES_KEY),
    () => read(ROUTINES_KEY),
    () => read(TRAINING_SETTINGS_KEY),
    ...days.flatMap((date) => [() => read(dayKey(date)), () => read(previousSessionsKey(date))]),
  ]);
  try {
    localStorage.setItem(OFFLINE_WARMED_FLAG, today);
  } catch {
    // Private mode without storage: warming again next time costs a few requests.
  }
}
