import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SWRConfig } from 'swr';

import { HomePage } from '@/features/day-log/home-page';
import { homeScreen } from '@/features/day-log/home-screen';
import { HomeWeekSummary } from '@/features/day-log/home-week-summary';
import { WeekSummarySkeleton } from '@/features/training/history/week-summary';
import { StreamedFallback } from '@/lib/hooks/streamed-fallback';
import { messages } from '@/lib/i18n/messages';
import { seoulDateKey } from '@/lib/shared/dates';

export const metadata: Metadata = { title: messages.pages.home };

export default async function Page() {
  const todayKey = seoulDateKey();
  const { fallback, decorations } = await homeScreen(todayKey);
  return (
    <SWRConfig value={{ fallback }}>
      <StreamedFallback {...decorations}>
        <HomePage
          weekSummary={
            <Suspense fallback={<WeekSummarySkeleton />}>
              <HomeWeekSummary todayKey={todayKey} />
            </Suspense>
          }
        />
      </StreamedFallback>
    </SWRConfig>
  );
}
