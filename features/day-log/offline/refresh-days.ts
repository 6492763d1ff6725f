import type { ScopedMutator } from 'swr';

import {
  dayLogRead,
  dayRecordsRead,
  monthRead,
  previousSessionsRead,
} from '@/features/day-log/reads';
import { isListed, isWeekKey } from '@/lib/api/keys';
import { fetchRead, fetchReadOrNull } from '@/lib/reads/fetch-read';
import { yearMonthOfKey } from '@/lib/shared/dates';

/**
 * The outbox's `refresh`: reads each confirmed day and its month again and writes both into the
 * SWR cache in one go (mapped as the screens' reads map them), so that the confirmed changes can
 * leave the overlay without the screen flickering back. A month that cannot be read (the
 * connection dropped again) leaves its days out of the answer: their changes stay in the overlay
 * until the next try. The week summary, record badges and previous-session hints of those days
 * are revalidated in the background.
 */
export function createDayRefresher(mutate: ScopedMutator) {
  return async (dates: readonly string[]): Promise<readonly string[]> => {
    const byMonth = new Map<string, string[]>();
    for (const date of dates) {
      const month = date.slice(0, 7);
      byMonth.set(month, [...(byMonth.get(month) ?? []), date]);
    }
    const read: string[] = [];
    await Promise.all(
      [...byMonth.values()].map(async (monthDates) => {
        const { year, month } = yearMonthOfKey(monthDates[0]);
        try {
          const days = await fetchRead(monthRead, year, month);
          const logs = await Promise.all(
            monthDates.map((date) =>
              isListed(days, date) ? fetchReadOrNull(dayLogRead, date) : null,
            ),
          );
          await mutate(monthRead.key(year, month), days, { revalidate: false });
          await Promise.all(
            monthDates.map((date, index) =>
              mutate(dayLogRead.key(date), logs[index], { revalidate: false }),
            ),
          );
          read.push(...monthDates);
        } catch {
          // Not read now; the outbox tries again with its next send or retry.
        }
      }),
    );
    void mutate(isWeekKey);
    for (const date of read) {
      void mutate(dayRecordsRead.key(date));
      void mutate(previousSessionsRead.key(date));
    }
    return read;
  };
}
