import type { DayLog, MonthDay } from '@/features/day-log/reads';
import type { TodayExercise } from '@/lib/contract/today';

import {
  type AddOp,
  applyDayOp,
  applyDayOps,
  applyMonthOps,
  type CheckOp,
  type DayOp,
  type DeleteOp,
  type IdMap,
  isTemporaryId,
  newTemporaryId,
  resolveId,
  type SequenceOp,
  type SetsOp,
  temporaryIdsOf,
  type TickOp,
} from './day-ops';

const DATE = '2026-11-25';
const none: IdMap = new Map();

function entry(id: number, sequence: number, sets: Array<[number, boolean]>): TodayExercise {
  return {
    id,
    exerciseName: `운동${id}`,
    sequence,
    repWeightList: sets.map(([setId, done]) => ({ id: setId, reps: 10, weight: 20, done })),
  };
}

function day(entries: TodayExercise[], completed = false): DayLog {
  return { id: 7, localDate: DATE, completed, todayExercises: entries };
}

/** A day with two entries: 11 (sets 111, 112) and 12 (set 121). */
function twoEntries(): DayLog {
  return day([
    entry(11, 1, [
      [111, false],
      [112, false],
    ]),
    entry(12, 2, [[121, false]]),
  ]);
}

function addOp(todayId: number, entries: TodayExercise[], date = DATE): AddOp {
  return {
    kind: 'add',
    date,
    todayId,
    items: [{ id: 3, type: 'exercise', sequence: 1 }],
    entries,
  };
}

describe('temporary ids', () => {
  it('are negative, distinct, and never mistaken for server ids', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newTemporaryId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toBeLessThan(0);
      expect(Number.isSafeInteger(id)).toBe(true);
      expect(isTemporaryId(id)).toBe(true);
    }
    expect(isTemporaryId(1)).toBe(false);
  });

  it('resolveId answers real ids as they are, mapped temporary ids, and undefined otherwise', () => {
    const ids: IdMap = new Map([[-5, 50]]);
    expect(resolveId(9, ids)).toBe(9);
    expect(resolveId(-5, ids)).toBe(50);
    expect(resolveId(-6, ids)).toBeUndefined();
  });

  it('temporaryIdsOf lists the temporary rows each change names', () => {
    expect(temporaryIdsOf(addOp(-1, [entry(-2, 1, [[-3, false]])]))).toEqual([]);
    expect(
      temporaryIdsOf({
        kind: 'sets',
        date: DATE,
        todayId: -1,
        changes: [
          { id: -2, repWeightList: [] },
          { id: 12, repWeightList: [] },
        ],
      }),
    ).toEqual([-2]);
    expect(
      temporaryIdsOf({
        kind: 'sequence',
        date: DATE,
        todayId: 7,
        order: [
          { id: 11, sequence: 2 },
          { id: -4, sequence: 1 },
        ],
      }),
    ).toEqual([-4]);
    expect(
      temporaryIdsOf({ kind: 'tick', date: DATE, setId: -8, done: true, completesDay: false }),
    ).toEqual([-8]);
    expect(
      temporaryIdsOf({ kind: 'tick', date: DATE, setId: 8, done: true, completesDay: false }),
    ).toEqual([]);
    expect(temporaryIdsOf({ kind: 'check', date: DATE, todayId: -1, checked: true })).toEqual([]);
    expect(temporaryIdsOf({ kind: 'delete', date: DATE, entryId: -9 })).toEqual([-9]);
    expect(temporaryIdsOf({ kind: 'delete', date: DATE, entryId: 9 })).toEqual([]);
  });
});

describe('applyDayOp', () => {
  describe('add', () => {
    it('appends the entries after the last sequence, numbering them on', () => {
      const op = addOp(7, [entry(-1, 0, [[-11, false]]), entry(-2, 0, [[-21, false]])]);
      const shown = applyDayOp(twoEntries(), op, none);
      expect(shown?.todayExercises.map((e) => [e.id, e.sequence])).toEqual([
        [11, 1],
        [12, 2],
        [-1, 3],
        [-2, 4],
      ]);
      expect(shown?.todayExercises[2].repWeightList).toEqual([
        { id: -11, reps: 10, weight: 20, done: false },
      ]);
      expect(shown?.id).toBe(7);
    });

    it('on a day without a record creates the day with the temporary id', () => {
      const op = addOp(-100, [entry(-1, 0, [[-11, false]])]);
      const shown = applyDayOp(null, op, none);
      expect(shown).toEqual({
        id: -100,
        localDate: DATE,
        completed: false,
        todayExercises: [{ ...entry(-1, 0, [[-11, false]]), sequence: 1 }],
      });
    });

    it('changes nothing when the server answer already has the entries (mapped ids)', () => {
      const op = addOp(-100, [entry(-1, 0, [[-11, false]]), entry(-2, 0, [[-21, false]])]);
      const ids: IdMap = new Map([
        [-100, 7],
        [-1, 11],
        [-2, 12],
        [-11, 111],
        [-21, 121],
      ]);
      const server = twoEntries();
      expect(applyDayOp(server, op, ids)).toEqual(server);
    });

    it('adds only the entries the server answer does not have yet', () => {
      const op = addOp(7, [entry(-1, 0, []), entry(-2, 0, [])]);
      const ids: IdMap = new Map([[-1, 11]]);
      const shown = applyDayOp(twoEntries(), op, ids);
      expect(shown?.todayExercises.map((e) => e.id)).toEqual([11, 12, -2]);
    });

    it('with unmapped ids, a server answer does not hide the entries', () => {
      const op = addOp(7, [entry(-1, 0, [])]);
      const shown = applyDayOp(twoEntries(), op, new Map([[-9, 11]]));
      expect(shown?.todayExercises.map((e) => e.id)).toEqual([11, 12, -1]);
    });
  });

  describe('sets', () => {
    const op: SetsOp = {
      kind: 'sets',
      date: DATE,
      todayId: 7,
      changes: [
        {
          id: 11,
          repWeightList: [
            { id: 111, reps: 5, weight: 100, done: true },
            { id: -3, reps: 6, weight: 90, done: false },
          ],
        },
      ],
    };

    it('replaces the listed entry sets and leaves the others alone', () => {
      const shown = applyDayOp(twoEntries(), op, none);
      expect(shown?.todayExercises[0].repWeightList).toEqual(op.changes[0].repWeightList);
      expect(shown?.todayExercises[1]).toEqual(twoEntries().todayExercises[1]);
    });

    it('reaches an entry named by a mapped temporary id', () => {
      const onTemporary: SetsOp = { ...op, changes: [{ ...op.changes[0], id: -1 }] };
      const shown = applyDayOp(twoEntries(), onTemporary, new Map([[-1, 12]]));
      expect(shown?.todayExercises[1].repWeightList).toEqual(op.changes[0].repWeightList);
      expect(shown?.todayExercises[0]).toEqual(twoEntries().todayExercises[0]);
    });

    it('shows a new set the server has made under its server id', () => {
      const mapped = applyDayOp(twoEntries(), op, new Map([[-3, 113]]));
      expect(mapped?.todayExercises[0].repWeightList.map((set) => set.id)).toEqual([111, 113]);
      const unmapped = applyDayOp(twoEntries(), op, none);
      expect(unmapped?.todayExercises[0].repWeightList.map((set) => set.id)).toEqual([111, -3]);
    });

    it('changes nothing when the server answer already has the new sets', () => {
      const server = twoEntries();
      server.todayExercises[0].repWeightList = [
        { id: 111, reps: 5, weight: 100, done: true },
        { id: 113, reps: 6, weight: 90, done: false },
      ];
      expect(applyDayOp(server, op, new Map([[-3, 113]]))).toEqual(server);
    });

    it('changes nothing on a day without a record', () => {
      expect(applyDayOp(null, op, none)).toBeNull();
    });
  });

  it('sequence sets each listed entry sequence (temporary ids through the map)', () => {
    const op: SequenceOp = {
      kind: 'sequence',
      date: DATE,
      todayId: 7,
      order: [
        { id: 11, sequence: 2 },
        { id: -2, sequence: 1 },
      ],
    };
    const shown = applyDayOp(twoEntries(), op, new Map([[-2, 12]]));
    expect(shown?.todayExercises.map((e) => [e.id, e.sequence])).toEqual([
      [11, 2],
      [12, 1],
    ]);
    // Unmapped: the entry named -2 is not 12.
    const unmapped = applyDayOp(twoEntries(), op, none);
    expect(unmapped?.todayExercises.map((e) => [e.id, e.sequence])).toEqual([
      [11, 2],
      [12, 2],
    ]);
    expect(applyDayOp(null, op, none)).toBeNull();
  });

  describe('tick', () => {
    const tick = (setId: number, done: boolean, completesDay = false): TickOp => ({
      kind: 'tick',
      date: DATE,
      setId,
      done,
      completesDay,
    });

    it('marks only the named set', () => {
      const shown = applyDayOp(twoEntries(), tick(112, true), none);
      expect(shown?.todayExercises[0].repWeightList.map((s) => s.done)).toEqual([false, true]);
      expect(shown?.todayExercises[1].repWeightList.map((s) => s.done)).toEqual([false]);
      expect(shown?.completed).toBe(false);
      const unticked = applyDayOp(
        day([
          entry(11, 1, [
            [111, true],
            [112, true],
          ]),
        ]),
        tick(111, false),
        none,
      );
      expect(unticked?.todayExercises[0].repWeightList.map((s) => s.done)).toEqual([false, true]);
    });

    it('reaches a set named by a mapped temporary id, and no set when unmapped', () => {
      const mapped = applyDayOp(twoEntries(), tick(-5, true), new Map([[-5, 121]]));
      expect(mapped?.todayExercises[1].repWeightList[0].done).toBe(true);
      const unmapped = applyDayOp(twoEntries(), tick(-5, true), none);
      expect(unmapped).toEqual(twoEntries());
    });

    it('with completesDay sets 완료, but not when it unticks', () => {
      expect(applyDayOp(twoEntries(), tick(121, true, true), none)?.completed).toBe(true);
      expect(applyDayOp(twoEntries(), tick(121, false, true), none)?.completed).toBe(false);
    });

    it('changes nothing on a day without a record', () => {
      expect(applyDayOp(null, tick(1, true, true), none)).toBeNull();
    });
  });

  it('check sets and clears 완료, and needs a record', () => {
    const check = (checked: boolean): CheckOp => ({
      kind: 'check',
      date: DATE,
      todayId: 7,
      checked,
    });
    expect(applyDayOp(twoEntries(), check(true), none)?.completed).toBe(true);
    expect(applyDayOp(day([], true), check(false), none)?.completed).toBe(false);
    expect(applyDayOp(null, check(true), none)).toBeNull();
  });

  describe('delete', () => {
    const del = (entryId: number): DeleteOp => ({ kind: 'delete', date: DATE, entryId });

    it('removes the entry', () => {
      const shown = applyDayOp(twoEntries(), del(11), none);
      expect(shown?.todayExercises.map((e) => e.id)).toEqual([12]);
      expect(shown?.id).toBe(7);
    });

    it('of the last entry leaves the day without a record', () => {
      expect(applyDayOp(day([entry(11, 1, [])]), del(11), none)).toBeNull();
    });

    it('reaches a mapped temporary entry, and nothing when unmapped or already gone', () => {
      expect(
        applyDayOp(twoEntries(), del(-1), new Map([[-1, 12]]))?.todayExercises.map((e) => e.id),
      ).toEqual([11]);
      expect(applyDayOp(twoEntries(), del(-1), none)).toEqual(twoEntries());
      expect(applyDayOp(twoEntries(), del(99), none)).toEqual(twoEntries());
      expect(applyDayOp(null, del(11), none)).toBeNull();
    });
  });
});

describe('idempotency', () => {
  const ids: IdMap = new Map([
    [-100, 7],
    [-1, 13],
    [-11, 131],
    [-12, 113],
  ]);
  const ops: DayOp[] = [
    addOp(-100, [entry(-1, 0, [[-11, false]])]),
    {
      kind: 'sets',
      date: DATE,
      todayId: -100,
      changes: [
        {
          id: 11,
          repWeightList: [
            { id: 111, reps: 3, weight: 30, done: false },
            { id: 112, reps: 4, weight: 40, done: true },
            { id: -12, reps: 5, weight: 50, done: false },
          ],
        },
      ],
    },
    {
      kind: 'sequence',
      date: DATE,
      todayId: 7,
      order: [
        { id: -1, sequence: 1 },
        { id: 11, sequence: 2 },
        { id: 12, sequence: 3 },
      ],
    },
    { kind: 'tick', date: DATE, setId: -11, done: true, completesDay: false },
    { kind: 'tick', date: DATE, setId: 121, done: true, completesDay: false },
    { kind: 'check', date: DATE, todayId: -100, checked: true },
    { kind: 'delete', date: DATE, entryId: 12 },
  ];

  it.each(ops.map((op) => [op.kind, op] as const))(
    'applying %s twice is applying it once',
    (_kind, op) => {
      for (const base of [twoEntries(), null]) {
        for (const map of [none, ids]) {
          const once = applyDayOp(base, op, map);
          expect(applyDayOp(once, op, map)).toEqual(once);
        }
      }
    },
  );

  it('replaying the whole queue on its own result changes nothing', () => {
    const once = applyDayOps(twoEntries(), ops, none);
    expect(applyDayOps(once, ops, none)).toEqual(once);
  });

  it('a server answer that already has every change is shown as it is', () => {
    // What the server answers once it applied `ops`, the new rows under their real ids.
    const server: DayLog = {
      id: 7,
      localDate: DATE,
      completed: true,
      todayExercises: [
        entry(11, 2, [
          [111, false],
          [112, true],
        ]),
        entry(13, 1, [[131, true]]),
      ],
    };
    server.todayExercises[0].repWeightList = [
      { id: 111, reps: 3, weight: 30, done: false },
      { id: 112, reps: 4, weight: 40, done: true },
      { id: 113, reps: 5, weight: 50, done: false },
    ];
    expect(applyDayOps(server, ops, ids)).toEqual(server);
  });

  it('applyDayOps applies the changes in order', () => {
    const shown = applyDayOps(
      null,
      [
        addOp(-100, [entry(-1, 0, [[-11, false]])]),
        { kind: 'tick', date: DATE, setId: -11, done: true, completesDay: true },
        { kind: 'delete', date: DATE, entryId: -1 },
      ],
      none,
    );
    expect(shown).toBeNull();
    const kept = applyDayOps(
      null,
      [
        addOp(-100, [entry(-1, 0, [[-11, false]])]),
        { kind: 'tick', date: DATE, setId: -11, done: true, completesDay: true },
      ],
      none,
    );
    expect(kept?.completed).toBe(true);
    expect(kept?.todayExercises[0].repWeightList[0].done).toBe(true);
    expect(applyDayOps(twoEntries(), [], none)).toEqual(twoEntries());
  });
});

describe('applyMonthOps', () => {
  const days: MonthDay[] = [
    { localDate: '2026-11-03', completed: true },
    { localDate: '2026-11-25', completed: false },
  ];
  const unknown = () => undefined;

  it('with no changes answers the list as it is (a copy)', () => {
    const shown = applyMonthOps(days, [], none, unknown);
    expect(shown).toEqual(days);
    expect(shown).not.toBe(days);
  });

  describe('without a known day', () => {
    it('an add lists the date, in date order', () => {
      const shown = applyMonthOps(
        days,
        [addOp(-1, [entry(-2, 0, [])], '2026-11-10')],
        none,
        unknown,
      );
      expect(shown).toEqual([
        { localDate: '2026-11-03', completed: true },
        { localDate: '2026-11-10', completed: false },
        { localDate: '2026-11-25', completed: false },
      ]);
    });

    it('an add on a listed date keeps its mark', () => {
      const shown = applyMonthOps(
        days,
        [addOp(7, [entry(-2, 0, [])], '2026-11-03')],
        none,
        unknown,
      );
      expect(shown).toEqual(days);
    });

    it('a check sets and clears the mark of a listed date only', () => {
      const check = (date: string, checked: boolean): CheckOp => ({
        kind: 'check',
        date,
        todayId: 7,
        checked,
      });
      expect(applyMonthOps(days, [check('2026-11-25', true)], none, unknown)).toEqual([
        { localDate: '2026-11-03', completed: true },
        { localDate: '2026-11-25', completed: true },
      ]);
      expect(applyMonthOps(days, [check('2026-11-03', false)], none, unknown)[0].completed).toBe(
        false,
      );
      expect(applyMonthOps(days, [check('2026-11-20', true)], none, unknown)).toEqual(days);
    });

    it('a tick that completes the day sets the mark', () => {
      const tick: TickOp = {
        kind: 'tick',
        date: '2026-11-25',
        setId: 1,
        done: true,
        completesDay: true,
      };
      expect(applyMonthOps(days, [tick], none, unknown)[1].completed).toBe(true);
      expect(
        applyMonthOps(days, [{ ...tick, completesDay: false }], none, unknown)[1].completed,
      ).toBe(false);
    });

    it('a delete keeps the date (it may not have been the last entry)', () => {
      const del: DeleteOp = { kind: 'delete', date: '2026-11-25', entryId: 11 };
      expect(applyMonthOps(days, [del], none, unknown)).toEqual(days);
    });
  });

  describe('with a known day', () => {
    it('a delete of the last entry removes the date', () => {
      const del: DeleteOp = { kind: 'delete', date: '2026-11-25', entryId: 11 };
      const base = (date: string) => (date === '2026-11-25' ? day([entry(11, 1, [])]) : undefined);
      expect(applyMonthOps(days, [del], none, base)).toEqual([days[0]]);
    });

    it('a delete of one of several entries keeps the date', () => {
      const del: DeleteOp = { kind: 'delete', date: '2026-11-25', entryId: 11 };
      const base = (date: string) => (date === '2026-11-25' ? twoEntries() : undefined);
      expect(applyMonthOps(days, [del], none, base)).toEqual(days);
    });

    it('takes the mark from the day with its changes', () => {
      const tick: TickOp = {
        kind: 'tick',
        date: '2026-11-25',
        setId: 121,
        done: true,
        completesDay: true,
      };
      const base = (date: string) => (date === '2026-11-25' ? twoEntries() : undefined);
      expect(applyMonthOps(days, [tick], none, base)[1]).toEqual({
        localDate: '2026-11-25',
        completed: true,
      });
    });

    it('an add on a day known to have no record lists it, sorted by date', () => {
      const base = (date: string) => (date === '2026-11-01' ? null : undefined);
      const shown = applyMonthOps(days, [addOp(-1, [entry(-2, 0, [])], '2026-11-01')], none, base);
      expect(shown.map((d) => d.localDate)).toEqual(['2026-11-01', '2026-11-03', '2026-11-25']);
    });
  });
});
