import type { DayLog } from '@/features/day-log/reads';
import type { Routine } from '@/features/training/reads/routines';
import type { Exercise } from '@/lib/contract/exercise';
import type { TodayExercise } from '@/lib/contract/today';

import {
  addChange,
  checkChange,
  deleteChange,
  monthDayOf,
  sequenceChange,
  setsChange,
  tickChange,
} from './day-changes';
import { type AddOp, isTemporaryId, type SetsOp, type TickOp } from './day-ops';

const DATE = '2026-11-05';

const bench: Exercise = {
  id: 3,
  name: '벤치프레스',
  memo: null,
  classification: 'CHEST',
  restSeconds: 120,
  repWeightList: [
    { id: 31, reps: 10, weight: 60 },
    { id: 32, reps: 8, weight: 70 },
  ],
};
const squat: Exercise = {
  id: 4,
  name: '스쿼트',
  memo: '깊게',
  classification: 'LOWERBODY',
  repWeightList: [{ id: 41, reps: 5, weight: 100 }],
};
const deadlift: Exercise = {
  id: 5,
  name: '데드리프트',
  memo: null,
  classification: 'BACK',
  restSeconds: null,
  repWeightList: [{ id: 51, reps: 3, weight: 140 }],
};
const legDay: Routine = {
  routineId: 9,
  routineName: '하체 루틴',
  shareToken: null,
  exercises: [
    { routineExerciseId: 93, sequence: null, exerciseName: '카프 레이즈', repWeightList: [] },
    {
      routineExerciseId: 91,
      sequence: 2,
      exerciseName: '레그 프레스',
      repWeightList: [{ id: 911, reps: 12, weight: 150 }],
    },
    {
      routineExerciseId: 92,
      sequence: 1,
      exerciseName: '런지',
      repWeightList: [
        { id: 921, reps: 10, weight: 20 },
        { id: 922, reps: 10, weight: 25 },
      ],
    },
  ],
};

function entry(id: number, name: string, sets: Array<[number, boolean]>): TodayExercise {
  return {
    id,
    exerciseName: name,
    sequence: id,
    repWeightList: sets.map(([setId, done]) => ({ id: setId, reps: 10, weight: 50, done })),
  };
}

function today(entries: TodayExercise[]): DayLog {
  return { id: 70, localDate: DATE, completed: false, todayExercises: entries };
}

describe('monthDayOf', () => {
  it('writes the month and day without leading zeros', () => {
    expect(monthDayOf('2026-11-25')).toBe('11/25');
    expect(monthDayOf('2026-01-05')).toBe('1/5');
  });
});

describe('addChange', () => {
  it('adds an exercise with its library sets under new temporary ids', () => {
    const { op, label } = addChange(
      DATE,
      today([]),
      [{ id: 3, type: 'exercise', sequence: 1 }],
      [bench, squat],
      [],
    );
    expect(label).toBe('11/5 벤치프레스 추가');
    const add = op as AddOp;
    expect(add).toMatchObject({
      kind: 'add',
      date: DATE,
      todayId: 70,
      items: [{ id: 3, type: 'exercise', sequence: 1 }],
    });
    expect(add.entries).toHaveLength(1);
    const [shown] = add.entries;
    expect(isTemporaryId(shown.id)).toBe(true);
    expect(shown).toMatchObject({
      exerciseId: 3,
      exerciseName: '벤치프레스',
      restSeconds: 120,
      sequence: null,
    });
    expect(shown.repWeightList.map(({ reps, weight, done }) => ({ reps, weight, done }))).toEqual([
      { reps: 10, weight: 60, done: false },
      { reps: 8, weight: 70, done: false },
    ]);
    for (const set of shown.repWeightList) expect(isTemporaryId(set.id ?? 0)).toBe(true);
  });

  it('expands a routine in its sequence order (unnumbered last) with new set ids', () => {
    const { op, label } = addChange(
      DATE,
      today([]),
      [{ id: 9, type: 'routine', sequence: 1 }],
      [],
      [legDay],
    );
    expect(label).toBe('11/5 하체 루틴 추가');
    const add = op as AddOp;
    expect(add.items).toEqual([{ id: 9, type: 'routine', sequence: 1 }]);
    expect(add.entries.map((e) => e.exerciseName)).toEqual(['런지', '레그 프레스', '카프 레이즈']);
    expect(
      add.entries.map((e) => e.repWeightList.map(({ reps, weight }) => [reps, weight])),
    ).toEqual([
      [
        [10, 20],
        [10, 25],
      ],
      [[12, 150]],
      [],
    ]);
    const setIds = add.entries.flatMap((e) => e.repWeightList.map((set) => set.id));
    expect(setIds.every((id) => id !== null && isTemporaryId(id))).toBe(true);
    // None of the routine's own set ids is reused.
    expect(setIds).not.toEqual(expect.arrayContaining([921]));
    expect(add.entries.every((e) => e.repWeightList.every((set) => set.done === false))).toBe(true);
  });

  it('keeps the order checked, with unique temporary ids, and names more than two shortly', () => {
    const { op, label } = addChange(
      DATE,
      today([]),
      [
        { id: 4, type: 'exercise', sequence: 1 },
        { id: 9, type: 'routine', sequence: 2 },
        { id: 3, type: 'exercise', sequence: 3 },
        { id: 5, type: 'exercise', sequence: 4 },
      ],
      [bench, squat, deadlift],
      [legDay],
    );
    expect(label).toBe('11/5 스쿼트, 하체 루틴 외 2개 추가');
    const add = op as AddOp;
    expect(add.entries.map((e) => e.exerciseName)).toEqual([
      '스쿼트',
      '런지',
      '레그 프레스',
      '카프 레이즈',
      '벤치프레스',
      '데드리프트',
    ]);
    expect(add.items.map((item) => item.sequence)).toEqual([1, 2, 3, 4]);
    const ids = [
      ...add.entries.map((e) => e.id),
      ...add.entries.flatMap((e) => e.repWeightList.map((set) => set.id)),
      add.todayId,
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names two items with a comma', () => {
    const { label } = addChange(
      DATE,
      today([]),
      [
        { id: 3, type: 'exercise', sequence: 1 },
        { id: 4, type: 'exercise', sequence: 2 },
      ],
      [bench, squat],
      [],
    );
    expect(label).toBe('11/5 벤치프레스, 스쿼트 추가');
  });

  it('gives a day without a record a temporary id', () => {
    for (const day of [null, undefined]) {
      const { op } = addChange(DATE, day, [{ id: 3, type: 'exercise', sequence: 1 }], [bench], []);
      expect(isTemporaryId((op as AddOp).todayId)).toBe(true);
    }
  });

  it('skips an exercise it does not know (still sent, not shown or named)', () => {
    const { op, label } = addChange(
      DATE,
      today([]),
      [
        { id: 99, type: 'exercise', sequence: 1 },
        { id: 3, type: 'exercise', sequence: 2 },
      ],
      [bench],
      [],
    );
    expect((op as AddOp).items.map((item) => item.id)).toEqual([99, 3]);
    expect((op as AddOp).entries.map((e) => e.exerciseName)).toEqual(['벤치프레스']);
    expect(label).toBe('11/5 벤치프레스 추가');
  });
});

describe('tickChange', () => {
  const day = () =>
    today([
      entry(1, '벤치프레스', [
        [11, true],
        [12, false],
      ]),
      entry(2, '스쿼트', [[21, true]]),
    ]);

  it('ticks the set, named by its position', () => {
    const d = day();
    const { op, label } = tickChange(d, d.todayExercises[0], 12, true, false);
    expect(op).toEqual({
      kind: 'tick',
      date: DATE,
      setId: 12,
      done: true,
      completesDay: false,
    });
    expect(label).toBe('11/5 벤치프레스 2세트 완료');
  });

  it('completes the day only when every other set is done and the setting is on', () => {
    const d = day();
    expect((tickChange(d, d.todayExercises[0], 12, true, true).op as TickOp).completesDay).toBe(
      true,
    );
    // The setting is off.
    expect((tickChange(d, d.todayExercises[0], 12, true, false).op as TickOp).completesDay).toBe(
      false,
    );
    // Another set is still open.
    const open = today([
      entry(1, '벤치프레스', [
        [11, false],
        [12, false],
      ]),
      entry(2, '스쿼트', [[21, true]]),
    ]);
    expect(
      (tickChange(open, open.todayExercises[0], 12, true, true).op as TickOp).completesDay,
    ).toBe(false);
    // Open in another entry.
    const elsewhere = today([
      entry(1, '벤치프레스', [[11, true]]),
      entry(2, '스쿼트', [[21, false]]),
      entry(3, '런지', [[31, false]]),
    ]);
    expect(
      (tickChange(elsewhere, elsewhere.todayExercises[1], 21, true, true).op as TickOp)
        .completesDay,
    ).toBe(false);
  });

  it('a set without a done mark counts as open', () => {
    const d = today([
      {
        id: 1,
        exerciseName: '벤치프레스',
        sequence: 1,
        repWeightList: [
          { id: 11, reps: 5, weight: 50 },
          { id: 12, reps: 5, weight: 50, done: false },
        ],
      },
    ]);
    expect((tickChange(d, d.todayExercises[0], 12, true, true).op as TickOp).completesDay).toBe(
      false,
    );
  });

  it('unticking never completes the day', () => {
    const d = day();
    const { op, label } = tickChange(d, d.todayExercises[1], 21, false, true);
    expect(op).toMatchObject({ kind: 'tick', setId: 21, done: false, completesDay: false });
    expect(label).toBe('11/5 스쿼트 1세트 완료 취소');
  });
});

describe('checkChange', () => {
  it('sets and clears the day mark', () => {
    expect(checkChange(today([]), true)).toEqual({
      op: { kind: 'check', date: DATE, todayId: 70, checked: true },
      label: '11/5 완료 표시',
    });
    expect(checkChange(today([]), false)).toEqual({
      op: { kind: 'check', date: DATE, todayId: 70, checked: false },
      label: '11/5 완료 해제',
    });
  });
});

describe('deleteChange', () => {
  it('takes the entry out by id', () => {
    const d = today([entry(1, '벤치프레스', []), entry(2, '스쿼트', [])]);
    expect(deleteChange(d, d.todayExercises[1])).toEqual({
      op: { kind: 'delete', date: DATE, entryId: 2 },
      label: '11/5 스쿼트 삭제',
    });
  });
});

describe('sequenceChange', () => {
  const d = today([entry(1, '벤치프레스', []), entry(2, '스쿼트', [])]);

  it('is null when the order did not change', () => {
    expect(
      sequenceChange(d, [
        { id: 1, sequence: 1 },
        { id: 2, sequence: 2 },
      ]),
    ).toBeNull();
  });

  it('answers the new order', () => {
    const order = [
      { id: 2, sequence: 1 },
      { id: 1, sequence: 2 },
    ];
    const change = sequenceChange(d, order);
    expect(change).toEqual({
      op: { kind: 'sequence', date: DATE, todayId: 70, order },
      label: '11/5 운동 순서 변경',
    });
    expect((change?.op as { order: unknown }).order).not.toBe(order);
  });
});

describe('setsChange', () => {
  const d = today([
    entry(1, '벤치프레스', [
      [11, true],
      [12, false],
    ]),
    entry(2, '스쿼트', [[21, true]]),
    entry(3, '런지', [[31, false]]),
  ]);

  it('keeps set ids and done marks, and gives new sets temporary ids', () => {
    const { op, label } = setsChange(d, [
      {
        id: 1,
        sets: [
          { id: 11, reps: 5, weight: 80 },
          { id: null, reps: 6, weight: 75 },
          { reps: 7, weight: 70 },
        ],
      },
    ]);
    expect(label).toBe('11/5 벤치프레스 세트 수정');
    const sets = op as SetsOp;
    expect(sets).toMatchObject({ kind: 'sets', date: DATE, todayId: 70 });
    expect(sets.changes).toHaveLength(1);
    expect(sets.changes[0].id).toBe(1);
    const [kept, made, alsoMade] = sets.changes[0].repWeightList;
    expect(kept).toEqual({ id: 11, reps: 5, weight: 80, done: true });
    expect(made).toMatchObject({ reps: 6, weight: 75, done: false });
    expect(alsoMade).toMatchObject({ reps: 7, weight: 70, done: false });
    expect(isTemporaryId(made.id ?? 0)).toBe(true);
    expect(isTemporaryId(alsoMade.id ?? 0)).toBe(true);
    expect(made.id).not.toBe(alsoMade.id);
  });

  it("takes each set's done mark from its own entry", () => {
    const { op } = setsChange(d, [
      {
        id: 2,
        sets: [
          { id: 21, reps: 5, weight: 100 },
          // Set 11 belongs to another entry: not this entry's set.
          { id: 11, reps: 5, weight: 100 },
        ],
      },
    ]);
    expect((op as SetsOp).changes[0].repWeightList.map((set) => set.done)).toEqual([true, false]);
  });

  it('lists every changed entry, named shortly past two', () => {
    const { op, label } = setsChange(d, [
      { id: 1, sets: [{ id: 12, reps: 1, weight: 1 }] },
      { id: 2, sets: [{ id: 21, reps: 2, weight: 2 }] },
      { id: 3, sets: [{ id: 31, reps: 3, weight: 3 }] },
    ]);
    expect(label).toBe('11/5 벤치프레스, 스쿼트 외 1개 세트 수정');
    expect((op as SetsOp).changes.map((change) => change.id)).toEqual([1, 2, 3]);
    expect((op as SetsOp).changes[0].repWeightList).toEqual([
      { id: 12, reps: 1, weight: 1, done: false },
    ]);
  });
});
