import type { ExerciseHistory, WeekSummary } from '@/lib/contract/training';

import { exerciseHistoryRead, trainingSettingsRead, weekSummaryRead } from './training';

const parts = {
  CHEST: 6,
  BACK: 0,
  SHOULDER: 0,
  BICEPS: 0,
  TRICEPS: 0,
  LOWERBODY: 3,
  ABS: 0,
};

describe('exerciseHistoryRead', () => {
  it('is keyed by the exercise and range and hands the history over as answered', async () => {
    expect(exerciseHistoryRead.key(4, '3m')).toBe('/api/exercise/4/history?range=3m');
    expect(exerciseHistoryRead.key(4, 'all')).toBe('/api/exercise/4/history?range=all');
    const history: ExerciseHistory = {
      exerciseId: 4,
      name: '벤치프레스',
      classification: 'CHEST',
      range: '3m',
      sessions: [
        {
          localDate: '2026-11-18',
          topSet: { reps: 8, weight: 62.5 },
          oneRepMax: 79.2,
          volume: 1100,
          sets: 2,
        },
      ],
      records: {
        weight: { reps: 8, weight: 62.5, localDate: '2026-11-18' },
        oneRepMax: null,
        setVolume: null,
        sessionVolume: { value: 1100, localDate: '2026-11-18' },
        repsAtWeight: [],
      },
    };
    expect(exerciseHistoryRead.toView(history)).toEqual(history);
    const schema = await exerciseHistoryRead.schema();
    expect(schema.safeParse(history).success).toBe(true);
    expect(schema.safeParse({ ...history, range: '2w' }).success).toBe(false);
  });
});

describe('weekSummaryRead', () => {
  it("is keyed by the date's week path and hands the summary over as answered", async () => {
    expect(weekSummaryRead.key('2026-11-25')).toBe('/api/today/week/2026-11-25');
    const summary: WeekSummary = {
      current: { weekStart: '2026-11-23', sessions: 2, volume: 2400, setsByBodyPart: parts },
      previous: { weekStart: '2026-11-16', sessions: 0, volume: 0, setsByBodyPart: parts },
      streakWeeks: 3,
    };
    expect(weekSummaryRead.toView(summary)).toEqual(summary);
    const schema = await weekSummaryRead.schema();
    expect(schema.safeParse(summary).success).toBe(true);
    expect(schema.safeParse({ current: summary.current }).success).toBe(false);
  });
});

describe('trainingSettingsRead', () => {
  it('is keyed by the settings path and hands the settings over as answered', async () => {
    expect(trainingSettingsRead.key()).toBe('/api/member/settings');
    const settings = { weightUnit: 'lb' as const, autoCompleteDay: false, restSeconds: 120 };
    expect(trainingSettingsRead.toView(settings)).toEqual(settings);
    const schema = await trainingSettingsRead.schema();
    expect(schema.safeParse(settings).success).toBe(true);
    expect(schema.safeParse({ ...settings, weightUnit: 'stone' }).success).toBe(false);
  });
});
