import type { RepWeight } from '@/lib/contract/exercise';

import { withWarmups, workingWeight } from './warmup-sets';

const sets: RepWeight[] = [
  { id: 11, reps: 5, weight: 100, done: true, rpe: 8 },
  { id: 12, reps: 8, weight: 80, type: 'DROP' },
];

describe('withWarmups', () => {
  it('puts the warm-ups before the working sets, rewriting the stored sets by position', () => {
    const changed = withWarmups(sets, [
      { weight: 20, reps: 10 },
      { weight: 40, reps: 5 },
    ]);
    expect(changed).toEqual([
      { id: 11, reps: 10, weight: 20, type: 'WARMUP', rpe: null, doneAs: false },
      { id: 12, reps: 5, weight: 40, type: 'WARMUP', rpe: null, doneAs: false },
      { id: null, reps: 5, weight: 100, type: 'NORMAL', rpe: 8, doneAs: true },
      { id: null, reps: 8, weight: 80, type: 'DROP', rpe: null, doneAs: false },
    ]);
  });

  it('goes after warm-ups the exercise already starts with', () => {
    const changed = withWarmups(
      [{ id: 1, reps: 10, weight: 20, type: 'WARMUP' }, ...sets],
      [{ weight: 60, reps: 3 }],
    );
    expect(changed.map((set) => [set.id, set.type, set.weight])).toEqual([
      [1, 'WARMUP', 20],
      [11, 'WARMUP', 60],
      [12, 'NORMAL', 100],
      [null, 'DROP', 80],
    ]);
  });

  it('adds to an exercise of warm-ups only at the end', () => {
    const changed = withWarmups(
      [{ id: 1, reps: 10, weight: 20, type: 'WARMUP' }],
      [{ weight: 40, reps: 5 }],
    );
    expect(changed.map((set) => [set.id, set.weight])).toEqual([
      [1, 20],
      [null, 40],
    ]);
  });
});

describe('workingWeight', () => {
  it('is the heaviest set that is not a warm-up', () => {
    expect(workingWeight([{ id: 1, reps: 10, weight: 120, type: 'WARMUP' }, ...sets])).toBe(100);
    expect(workingWeight([])).toBe(0);
  });
});
