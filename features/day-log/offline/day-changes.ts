import type { DayLog } from '@/features/day-log/reads';
import type { Routine } from '@/features/training/reads/routines';
import type { Exercise, RepWeight, SetType } from '@/lib/contract/exercise';
import type { TodayExercise } from '@/lib/contract/today';
import { messages } from '@/lib/i18n/messages';

import { type DayOp, newTemporaryId, type SelectionItem } from './day-ops';

/**
 * The day log's changes as the screens make them: each builder answers the queued change and the
 * line the sync panel shows for it (`11/25 벤치프레스 추가`).
 */

export interface DayChange {
  op: DayOp;
  label: string;
}

/** `2026-11-25` → `11/25`. */
export function monthDayOf(date: string): string {
  const [, month, day] = date.split('-').map(Number);
  return `${month}/${day}`;
}

function names(list: readonly string[]): string {
  return list.length <= 2
    ? list.join(', ')
    : `${list.slice(0, 2).join(', ')} 외 ${list.length - 2}개`;
}

/** A set's kind and RPE where it has them (the wire leaves NORMAL and none out). */
function kindOf(set: Pick<RepWeight, 'type' | 'rpe'>): Pick<RepWeight, 'type' | 'rpe'> {
  return {
    ...(set.type !== undefined ? { type: set.type } : {}),
    ...(set.rpe !== undefined ? { rpe: set.rpe } : {}),
  };
}

function newSets(sets: readonly RepWeight[]): RepWeight[] {
  return sets.map((set) => ({
    id: newTemporaryId(),
    reps: set.reps,
    weight: set.weight,
    done: false,
    ...kindOf(set),
  }));
}

/**
 * Adding exercises and routines (in the order checked) to the day; the entries shown until the
 * server answers take the library's or the routine's sets (the server may start them from the
 * last session instead: its numbers replace these once it answered).
 */
export function addChange(
  date: string,
  day: DayLog | null | undefined,
  selection: readonly SelectionItem[],
  exercises: readonly Exercise[],
  routines: readonly Routine[],
): DayChange {
  const entries: TodayExercise[] = [];
  for (const item of selection) {
    if (item.type === 'exercise') {
      const exercise = exercises.find((candidate) => candidate.id === item.id);
      if (!exercise) continue;
      entries.push({
        id: newTemporaryId(),
        exerciseId: exercise.id,
        restSeconds: exercise.restSeconds ?? null,
        exerciseName: exercise.name,
        repWeightList: newSets(exercise.repWeightList),
        sequence: null,
      });
    } else {
      const routine = routines.find((candidate) => candidate.routineId === item.id);
      const ordered = [...(routine?.exercises ?? [])].sort(
        (a, b) => (a.sequence ?? Number.MAX_SAFE_INTEGER) - (b.sequence ?? Number.MAX_SAFE_INTEGER),
      );
      for (const entry of ordered) {
        entries.push({
          id: newTemporaryId(),
          exerciseId: null,
          exerciseName: entry.exerciseName,
          repWeightList: newSets(entry.repWeightList),
          sequence: null,
        });
      }
    }
  }
  const picked = selection.map((item) =>
    item.type === 'exercise'
      ? (exercises.find((candidate) => candidate.id === item.id)?.name ?? '')
      : (routines.find((candidate) => candidate.routineId === item.id)?.routineName ?? ''),
  );
  return {
    op: {
      kind: 'add',
      date,
      items: selection.map(({ id, type, sequence }) => ({ id, type, sequence })),
      todayId: day?.id ?? newTemporaryId(),
      entries,
    },
    label: messages.sync.labels.add(monthDayOf(date), names(picked.filter(Boolean))),
  };
}

/** Ticking or unticking one set; `autoCompleteDay` is the member's setting. */
export function tickChange(
  day: DayLog,
  entry: TodayExercise,
  setId: number,
  done: boolean,
  autoCompleteDay: boolean,
): DayChange {
  const othersDone = day.todayExercises.every((candidate) =>
    candidate.repWeightList.every((set) => set.id === setId || set.done === true),
  );
  const position = entry.repWeightList.findIndex((set) => set.id === setId) + 1;
  const monthDay = monthDayOf(day.localDate);
  return {
    op: {
      kind: 'tick',
      date: day.localDate,
      setId,
      done,
      completesDay: done && autoCompleteDay && othersDone,
    },
    label: (done ? messages.sync.labels.tick : messages.sync.labels.untick)(
      monthDay,
      entry.exerciseName,
      position,
    ),
  };
}

/** The day's 완료 mark. */
export function checkChange(day: DayLog, checked: boolean): DayChange {
  const monthDay = monthDayOf(day.localDate);
  return {
    op: { kind: 'check', date: day.localDate, todayId: day.id, checked },
    label: checked ? messages.sync.labels.check(monthDay) : messages.sync.labels.uncheck(monthDay),
  };
}

/** Taking one exercise out of the day. */
export function deleteChange(day: DayLog, entry: TodayExercise): DayChange {
  return {
    op: { kind: 'delete', date: day.localDate, entryId: entry.id },
    label: messages.sync.labels.delete(monthDayOf(day.localDate), entry.exerciseName),
  };
}

/**
 * The edit modal's new order, or null when it did not change (nothing to send: one save of
 * changed sets is one queued change).
 */
export function sequenceChange(
  day: DayLog,
  order: ReadonlyArray<{ id: number; sequence: number }>,
): DayChange | null {
  const current = new Map(day.todayExercises.map((entry) => [entry.id, entry.sequence]));
  if (order.every((item) => current.get(item.id) === item.sequence)) return null;
  return {
    op: { kind: 'sequence', date: day.localDate, todayId: day.id, order: [...order] },
    label: messages.sync.labels.sequence(monthDayOf(day.localDate)),
  };
}

/** A set as a sets change lists it: `type` and `rpe` left out keep what the set has. */
export interface ChangedSet {
  id?: number | null;
  reps: number;
  weight: number;
  type?: SetType | null;
  /** null clears the set's RPE. */
  rpe?: number | null;
  /**
   * The done mark it takes, for a list rewritten by position (warm-ups put first); absent keeps
   * the mark of the set with this id (unticked for a new one).
   */
  doneAs?: boolean;
}

/**
 * The edit modal's sets, every entry's list in the order shown. A set keeps its id and its done
 * mark; a new one gets a temporary id so that it can be ticked before the server answered. A set
 * that leaves out its kind or RPE keeps the stored one (carried into the change, so that the
 * queued change shows it and sends it; issue 27).
 */
export function setsChange(
  day: DayLog,
  changes: ReadonlyArray<{ id: number; sets: ReadonlyArray<ChangedSet> }>,
): DayChange {
  const entryNames = changes.map(
    (change) => day.todayExercises.find((entry) => entry.id === change.id)?.exerciseName ?? '',
  );
  return {
    op: {
      kind: 'sets',
      date: day.localDate,
      todayId: day.id,
      changes: changes.map((change) => {
        const stored = day.todayExercises.find((entry) => entry.id === change.id)?.repWeightList;
        return {
          id: change.id,
          repWeightList: change.sets.map((set) => {
            const before = stored?.find((candidate) => set.id != null && candidate.id === set.id);
            return {
              id: set.id ?? newTemporaryId(),
              reps: set.reps,
              weight: set.weight,
              done: set.doneAs ?? before?.done ?? false,
              ...kindOf({
                type: set.type ?? before?.type,
                rpe: set.rpe !== undefined ? set.rpe : before?.rpe,
              }),
            };
          }),
        };
      }),
    },
    label: messages.sync.labels.sets(monthDayOf(day.localDate), names(entryNames.filter(Boolean))),
  };
}
