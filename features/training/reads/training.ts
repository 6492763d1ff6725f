import { exerciseHistoryPath, TRAINING_SETTINGS_KEY, weekSummaryKey } from '@/lib/api/keys';
import type {
  ExerciseHistory as ExerciseHistoryWire,
  HistoryRange,
  TrainingSettings as TrainingSettingsWire,
  WeekSummary as WeekSummaryWire,
} from '@/lib/contract/training';
import { defineRead } from '@/lib/reads/define';

/** An exercise's sessions within a range, oldest first, and its records of all time. */
export type ExerciseHistory = ExerciseHistoryWire;

/** The ISO week holding a date against the week before, and the streak of weeks trained. */
export type WeekSummary = WeekSummaryWire;

/** The member's unit (kg/lb; weights travel in kg), auto 완료 and default rest. */
export type TrainingSettings = TrainingSettingsWire;

/**
 * GET /api/exercise/{id}/history?range=: the member's sessions of one exercise within `range` and
 * its records. Another member's (or an unknown) exercise is 404: the page's not-found screen.
 */
export const exerciseHistoryRead = defineRead({
  key: (exerciseId: number, range: HistoryRange) => exerciseHistoryPath(exerciseId, range),
  schema: async () => (await import('@/lib/contract/training')).exerciseHistorySchema,
  toView: (history: ExerciseHistoryWire): ExerciseHistory => history,
});

/**
 * GET /api/today/week/{date}: the week summary. The original Spring backend has no such read
 * (404), which both sides read as null: the home then simply has no summary.
 */
export const weekSummaryRead = defineRead({
  key: (date: string) => weekSummaryKey(date),
  schema: async () => (await import('@/lib/contract/training')).weekSummarySchema,
  toView: (summary: WeekSummaryWire): WeekSummary => summary,
});

/**
 * GET /api/member/settings. The original backend has none (404): the server reads it as null,
 * and kg and the defaults apply.
 */
export const trainingSettingsRead = defineRead({
  key: () => TRAINING_SETTINGS_KEY,
  schema: async () => (await import('@/lib/contract/training')).trainingSettingsSchema,
  toView: (settings: TrainingSettingsWire): TrainingSettings => settings,
});
