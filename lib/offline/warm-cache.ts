import { loadApi } from '@/lib/api/load';
import { seoulDateKey, seoulYearMonth } from '@/lib/dates';

/**
 * Reads the member's home data of this month and the previous one (each month's days, every
 * listed day's log and its previous-session hints, the exercise and routine libraries, the
 * settings) while online, so that the service worker's API cache holds them and `/` works in a
 * basement gym even for days not opened yet. Runs at most once per tab and day, only once the
 * service worker controls the page (otherwise nothing would be cached), and in the background:
 * two requests at a time, failures ignored.
 */

/** Also removed by clearOfflineData (offline-data.ts). */
const DONE_FLAG = 'everyhealth:offline-warmed';
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
    return sessionStorage.getItem(DONE_FLAG) === today;
  } catch {
    return false;
  }
}

export async function warmOfflineCache(now: Date = new Date()): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.onLine) return;
  if (!navigator.serviceWorker?.controller) return;
  const today = seoulDateKey(now);
  if (warmedToday(today)) return;
  const api = await loadApi();
  const current = seoulYearMonth(now);
  const months = [current, previousMonth(current)];
  const listed = await Promise.all(
    months.map(({ year, month }) => api.fetchMonth(year, month).catch(() => [])),
  );
  const days = listed.flat().map((day) => day.localDate);
  await inBatches([
    () => api.fetchExercises(),
    () => api.fetchRoutines(),
    () => api.fetchTrainingSettings(),
    ...days.flatMap((date) => [() => api.fetchDay(date), () => api.fetchPreviousSessions(date)]),
  ]);
  try {
    sessionStorage.setItem(DONE_FLAG, today);
  } catch {
    // Private mode without storage: warming again next time costs a few requests.
  }
}
