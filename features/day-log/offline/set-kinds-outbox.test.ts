/**
 * @jest-environment node
 */
// Node, not jsdom: fake-indexeddb clones values with structuredClone, which jsdom lacks.
import 'fake-indexeddb/auto';

import type { DayLog } from '@/features/day-log/reads';
import { type Api, loadApi } from '@/lib/api/load';
import type { TodayExercise } from '@/lib/contract/today';

import { addChange, setsChange } from './day-changes';
import { applyDayOp, type SetsOp } from './day-ops';
import { deleteOutboxDatabase } from './outbox-db';
import { indexedDbOutboxStorage } from './outbox-idb';
import { sendChange } from './send-change';

/*
 * Issue 27: a set's kind and RPE go through the day-log outbox like its reps and weight: the
 * change carries them (and the stored ones of the sets it leaves alone), IndexedDB keeps them,
 * the queued change shows them, and the PATCH sends what says something.
 */

jest.mock('@/lib/api/load', () => ({ loadApi: jest.fn() }));

const DATE = '2026-11-25';

const updateTodaySets = jest.fn<Promise<TodayExercise[] | null>, [number, unknown, unknown]>();

beforeEach(() => {
  updateTodaySets.mockReset();
  updateTodaySets.mockResolvedValue([]);
  jest.mocked(loadApi).mockResolvedValue({ updateTodaySets } as unknown as Api);
});

afterEach(async () => {
  await deleteOutboxDatabase();
});

const day: DayLog = {
  id: 70,
  localDate: DATE,
  completed: false,
  todayExercises: [
    {
      id: 1,
      exerciseName: '벤치프레스',
      sequence: 1,
      repWeightList: [
        { id: 11, reps: 10, weight: 40, done: true, type: 'WARMUP' },
        { id: 12, reps: 5, weight: 80, done: false, rpe: 8 },
        { id: 13, reps: 8, weight: 60, done: false, type: 'DROP', rpe: 9.5 },
      ],
    },
  ],
};

describe('set kinds and RPE in the day-log outbox', () => {
  it('carries a changed kind and RPE, keeps the untouched sets’ own, and survives IndexedDB', async () => {
    const { op, label } = setsChange(day, [
      {
        id: 1,
        sets: [
          // Reps changed only (the inline row): the warm-up stays a warm-up.
          { id: 11, reps: 12, weight: 40 },
          // Made a set to failure, its RPE cleared.
          { id: 12, reps: 5, weight: 80, type: 'FAILURE', rpe: null },
          // A drop made a working set again, its RPE changed.
          { id: 13, reps: 8, weight: 60, type: 'NORMAL', rpe: 10 },
          // A new set with an RPE.
          { id: null, reps: 3, weight: 85, rpe: 8.5 },
        ],
      },
    ]);
    const sets = (op as SetsOp).changes[0].repWeightList;
    expect(sets.map(({ reps, done, type, rpe }) => ({ reps, done, type, rpe }))).toEqual([
      { reps: 12, done: true, type: 'WARMUP', rpe: undefined },
      { reps: 5, done: false, type: 'FAILURE', rpe: null },
      { reps: 8, done: false, type: 'NORMAL', rpe: 10 },
      { reps: 3, done: false, type: undefined, rpe: 8.5 },
    ]);

    // Queued while offline: the stored change is the same change, kinds and RPE included.
    const storage = indexedDbOutboxStorage();
    const seq = await storage.addChange({ key: 'k1', memberId: 1, op, label, createdAt: 1 });
    const [loaded] = await storage.loadChanges();
    expect(loaded).toEqual({ key: 'k1', memberId: 1, op, label, createdAt: 1, seq });

    // The queued change shows on the day as the member left it.
    const shown = applyDayOp(day, loaded.op, new Map());
    expect(
      shown?.todayExercises[0].repWeightList.map((set) => [set.type ?? 'NORMAL', set.rpe ?? null]),
    ).toEqual([
      ['WARMUP', null],
      ['FAILURE', null],
      ['NORMAL', 10],
      ['NORMAL', 8.5],
    ]);

    // Sent: what says something goes; a new working set leaves its default kind out.
    await sendChange({ ...loaded, seq, state: 'sending' }, new Map());
    expect(updateTodaySets).toHaveBeenCalledWith(
      70,
      [
        {
          id: 1,
          repWeightList: [
            { id: 11, reps: 12, weight: 40, type: 'WARMUP' },
            { id: 12, reps: 5, weight: 80, type: 'FAILURE', rpe: null },
            { id: 13, reps: 8, weight: 60, type: 'NORMAL', rpe: 10 },
            { reps: 3, weight: 85, rpe: 8.5 },
          ],
        },
      ],
      { idempotencyKey: 'k1' },
    );
  });

  it('sends a plain change exactly as before (no kind, no RPE on working sets without one)', async () => {
    const plain: DayLog = {
      ...day,
      todayExercises: [
        {
          ...day.todayExercises[0],
          repWeightList: [{ id: 21, reps: 5, weight: 100, done: false }],
        },
      ],
    };
    const { op } = setsChange(plain, [
      {
        id: 1,
        sets: [
          { id: 21, reps: 6, weight: 100 },
          { id: null, reps: 6, weight: 100, type: 'NORMAL' },
        ],
      },
    ]);
    await sendChange(
      { seq: 1, state: 'sending', key: 'k2', memberId: 1, op, label: '', createdAt: 0 },
      new Map(),
    );
    expect(updateTodaySets).toHaveBeenCalledWith(
      70,
      [
        {
          id: 1,
          repWeightList: [
            { id: 21, reps: 6, weight: 100 },
            { reps: 6, weight: 100 },
          ],
        },
      ],
      { idempotencyKey: 'k2' },
    );
  });

  it('shows an added exercise with its library sets’ kinds until the server answers', () => {
    const { op } = addChange(
      DATE,
      day,
      [{ id: 3, type: 'exercise', sequence: 1 }],
      [
        {
          id: 3,
          name: '스쿼트',
          memo: null,
          classification: 'LOWERBODY',
          repWeightList: [
            { id: 31, reps: 10, weight: 60, type: 'WARMUP' },
            { id: 32, reps: 5, weight: 100, rpe: 8 },
          ],
        },
      ],
      [],
    );
    const entries = op.kind === 'add' ? op.entries : [];
    expect(entries[0].repWeightList.map(({ type, rpe }) => [type, rpe])).toEqual([
      ['WARMUP', undefined],
      [undefined, 8],
    ]);
  });
});
