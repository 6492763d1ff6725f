import 'server-only';
import { cache } from 'react';
import { exerciseHistoryPath, weekSummaryKey } from '@/lib/api/keys';
import {
  exerciseHistorySchema,
  weekSummarySchema,
  type ExerciseHistory,
  type HistoryRange,
  type WeekSummary,
} from '@/lib/contract/training';
import { readBackend, readBackendOrNull } from '../server-client';

/**
 * GET /api/exercise/{id}/history?range=: the member's sessions of one exercise within `range`,
 * oldest first, and its records of all time. Another member's (or an unknown) exercise is 404:
 * notFound(), the route's not-found screen.
 */
export const fetchExerciseHistory = cache(
  (exerciseId: number, range: HistoryRange): Promise<ExerciseHistory> =>
    readBackend(exerciseHistoryPath(exerciseId, range), exerciseHistorySchema),
);

/**
 * GET /api/today/week/{date}: the week summary, or null where the backend has no such endpoint
 * (the original Spring backend answers 404): the home screen then simply has no summary.
 */
export const fetchWeekSummary = cache((date: string): Promise<WeekSummary | null> =>
  readBackendOrNull(weekSummaryKey(date), weekSummarySchema),
);
