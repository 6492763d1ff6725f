import 'server-only';

import { weekSummaryRead } from '@/features/training/reads/training';
import { isListed } from '@/lib/api/keys';
import {
  decoration,
  type Decorations,
  settleDecorations,
  unlessUnavailable,
  withEntry,
} from '@/lib/bff/screens/fallback';
import { readFallbackKey, serverRead, serverReadOrNull } from '@/lib/bff/server-read';
import { seoulDateKey, yearMonthOfKey } from '@/lib/shared/dates';

import { dayLogRead, dayRecordsRead, monthRead, previousSessionsRead } from './reads';

/** What the home page hands over: its first view's SWR fallback, and the day log's decorations. */
export interface HomeScreen {
  fallback: Record<string, unknown>;
  decorations: Decorations;
}

const NO_DECORATIONS: Decorations = { fallback: {}, streamed: {} };

/**
 * What the home screen's first view shows, as SWR fallback entries: this month's days in Seoul
 * time, and today's log when today has a record. Its record badges and what was lifted last time
 * per exercise decorate the log: read beside it, they come with the first HTML when they have
 * answered by then, else they stream in after it (StreamedFallback), so the calendar and the log
 * never wait for them. The week summary streams too, in its own Suspense boundary
 * (`homeWeekFallback`).
 */
export async function homeScreen(todayKey: string = seoulDateKey()): Promise<HomeScreen> {
  const { year, month } = yearMonthOfKey(todayKey);
  const days = await serverRead(monthRead, year, month);
  const fallback: Record<string, unknown> = { [readFallbackKey(monthRead, year, month)]: days };
  if (!isListed(days, todayKey)) return { fallback, decorations: NO_DECORATIONS };
  const records = decoration(serverReadOrNull(dayRecordsRead, todayKey));
  const previous = decoration(serverReadOrNull(previousSessionsRead, todayKey));
  // The day may have lost its record since the month was read (404: no record, not the page's).
  const log = await serverReadOrNull(dayLogRead, todayKey);
  fallback[readFallbackKey(dayLogRead, todayKey)] = log;
  if (!log) return { fallback, decorations: NO_DECORATIONS };
  const decorations = await settleDecorations({
    [readFallbackKey(dayRecordsRead, todayKey)]: records,
    [readFallbackKey(previousSessionsRead, todayKey)]: previous,
  });
  return { fallback, decorations };
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
