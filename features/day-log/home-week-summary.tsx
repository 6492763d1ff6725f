import { SWRConfig } from 'swr';

import { WeekSummary } from '@/features/training/history/week-summary';

import { homeWeekFallback } from './home-screen';

/**
 * The home screen's week summary as a server component of its own: the page renders it inside a
 * Suspense boundary, so the calendar and today's log are sent first and the summary streams in
 * when its read answers. Its fallback entry joins the page's (SWR merges nested fallbacks).
 */
export async function HomeWeekSummary({ todayKey }: { todayKey: string }) {
  return (
    <SWRConfig value={{ fallback: await homeWeekFallback(todayKey) }}>
      <WeekSummary todayKey={todayKey} />
    </SWRConfig>
  );
}
