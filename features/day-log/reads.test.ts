import type { Today } from '@/lib/contract/today';

import { dayLogRead, dayRecordsRead, monthRead, previousSessionsRead } from './reads';

const DATE = '2026-11-25';

const entry = {
  id: 31,
  exerciseId: 4,
  restSeconds: null,
  exerciseName: '벤치프레스',
  sequence: 1,
  repWeightList: [
    { id: 41, reps: 10, weight: 60, done: true },
    { id: 42, reps: 8, weight: 62.5, done: false },
  ],
};

describe('monthRead', () => {
  it("is keyed by the member's month path, or the friend's", () => {
    expect(monthRead.key(2026, 11)).toBe('/api/today/yearAndMonth/2026/11');
    expect(monthRead.key(2026, 11, 12)).toBe('/api/today/friend/12/yearAndMonth/2026/11');
  });

  it("maps Spring's 'True'/'False' to the day's 완료 as a boolean", () => {
    expect(
      monthRead.toView([
        { localDate: '2026-11-03', checkBox: 'True' },
        { localDate: DATE, checkBox: 'False' },
      ]),
    ).toEqual([
      { localDate: '2026-11-03', completed: true },
      { localDate: DATE, completed: false },
    ]);
    expect(monthRead.toView([])).toEqual([]);
  });

  it('validates with the month list schema', async () => {
    const schema = await monthRead.schema();
    expect(schema.safeParse([{ localDate: DATE, checkBox: 'True' }]).success).toBe(true);
    expect(schema.safeParse([{ localDate: DATE, checkBox: true }]).success).toBe(false);
  });
});

describe('dayLogRead', () => {
  it("is keyed by the member's day path, or the friend's", () => {
    expect(dayLogRead.key(DATE)).toBe(`/api/today/date/${DATE}`);
    expect(dayLogRead.key(DATE, 12)).toBe(`/api/today/friend/12/date/${DATE}`);
  });

  it('maps the day, its 완료 a boolean and its entries as they are', () => {
    const wire: Today = { id: 9, localDate: DATE, checkBox: 'True', todayExercises: [entry] };
    expect(dayLogRead.toView(wire)).toEqual({
      id: 9,
      localDate: DATE,
      completed: true,
      todayExercises: [entry],
    });
    expect(dayLogRead.toView({ ...wire, checkBox: 'False' }).completed).toBe(false);
    expect(dayLogRead.toView(wire)).not.toHaveProperty('checkBox');
  });

  it('validates with the day schema', async () => {
    const schema = await dayLogRead.schema();
    expect(
      schema.safeParse({ id: 9, localDate: DATE, checkBox: 'True', todayExercises: [entry] })
        .success,
    ).toBe(true);
    expect(schema.safeParse({ id: 9, localDate: DATE, todayExercises: [] }).success).toBe(false);
  });
});

describe('dayRecordsRead', () => {
  it("is keyed by the day's records path (own or a friend's) and hands the badges over", async () => {
    expect(dayRecordsRead.key(DATE)).toBe(`/api/today/date/${DATE}/records`);
    expect(dayRecordsRead.key(DATE, 12)).toBe(`/api/today/friend/12/date/${DATE}/records`);
    const records = { sets: [{ id: 41, records: ['weight' as const] }], sessionVolume: [31] };
    expect(dayRecordsRead.toView(records)).toEqual(records);
    const schema = await dayRecordsRead.schema();
    expect(schema.safeParse({ sets: [{ id: 41, records: ['heaviest'] }] }).success).toBe(false);
  });
});

describe('previousSessionsRead', () => {
  it('is keyed by the day’s previous path and hands the sessions over', async () => {
    expect(previousSessionsRead.key(DATE)).toBe(`/api/today/date/${DATE}/previous`);
    const previous = [
      {
        todayExerciseId: 31,
        exerciseId: 4,
        localDate: '2026-11-18',
        repWeightList: [{ reps: 10, weight: 60 }],
      },
    ];
    expect(previousSessionsRead.toView(previous)).toEqual(previous);
    const schema = await previousSessionsRead.schema();
    expect(schema.safeParse(previous).success).toBe(true);
    expect(schema.safeParse([{ todayExerciseId: 31 }]).success).toBe(false);
  });
});
