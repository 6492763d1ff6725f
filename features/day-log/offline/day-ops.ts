import type { DayLog, MonthDay } from '@/features/day-log/reads';
import type { RepWeight } from '@/lib/contract/exercise';
import type { TodayExercise } from '@/lib/contract/today';

/**
 * The day log's changes as the offline queue keeps them, and how a queued change shows on top of
 * what the server last answered (the "overlay"). Pure functions, no I/O.
 *
 * Entries and sets made while offline have no server id yet: they get a negative temporary id
 * (`newTemporaryId`). When the server has created them, the queue records temporary → real in an
 * id map, so that later changes naming the temporary id reach the right row, and so that the
 * overlay recognises the created rows in a fresh server answer. That makes every overlay step
 * idempotent: applying a change that the server already has changes nothing, which is what lets
 * the queue drop confirmed changes and refresh the cache in either order.
 */

/** What the add dialog sends: the checked items in the order they were checked, numbered from 1. */
export interface SelectionItem {
  id: number;
  type: 'exercise' | 'routine';
  sequence: number;
}

interface DayOpBase {
  /** The day the change belongs to, `YYYY-MM-DD`. */
  date: string;
}

/** POST /api/todayExercise/{date} (after creating the day record when it has none). */
export interface AddOp extends DayOpBase {
  kind: 'add';
  items: SelectionItem[];
  /** The day's id: real when it had a record, else temporary (the overlay's new day). */
  todayId: number;
  /** The entries as shown until the server answers, with temporary entry and set ids. */
  entries: TodayExercise[];
}

/** PATCH /api/todayExercise/{todayId}: each listed entry's sets replaced. */
export interface SetsOp extends DayOpBase {
  kind: 'sets';
  todayId: number;
  changes: Array<{ id: number; repWeightList: RepWeight[] }>;
}

/** PATCH /api/todayExercise/updateSequence/{todayId}. */
export interface SequenceOp extends DayOpBase {
  kind: 'sequence';
  todayId: number;
  order: Array<{ id: number; sequence: number }>;
}

/** PATCH /api/todayExercise/set/{setId}. */
export interface TickOp extends DayOpBase {
  kind: 'tick';
  setId: number;
  done: boolean;
  /** This tick closes the day's last open set and the member's setting ticks 완료 with it. */
  completesDay: boolean;
}

/** POST /api/today/checkbox/{todayId}?checked=. */
export interface CheckOp extends DayOpBase {
  kind: 'check';
  todayId: number;
  checked: boolean;
}

/** DELETE /api/todayExercise/{entryId} (the day record goes with its last entry). */
export interface DeleteOp extends DayOpBase {
  kind: 'delete';
  entryId: number;
}

export type DayOp = AddOp | SetsOp | SequenceOp | TickOp | CheckOp | DeleteOp;
export type DayOpKind = DayOp['kind'];

/** Temporary id → the id the server gave the row. */
export type IdMap = ReadonlyMap<number, number>;

/** A fresh temporary id: negative, so it can never collide with a server id. */
export function newTemporaryId(): number {
  return -(Math.floor(Math.random() * 2 ** 52) + 1);
}

export function isTemporaryId(id: number): boolean {
  return id < 0;
}

/** The server id for `id`: itself when real, the mapped id when known, else undefined. */
export function resolveId(id: number, ids: IdMap): number | undefined {
  return isTemporaryId(id) ? ids.get(id) : id;
}

/** True when `candidate` (a row id as shown) is the row `id` names, temporary or real. */
function sameRow(candidate: number | null, id: number, ids: IdMap): boolean {
  if (candidate === null) return false;
  return candidate === id || (isTemporaryId(id) && candidate === ids.get(id));
}

function mapEntries(day: DayLog, change: (entry: TodayExercise) => TodayExercise): DayLog {
  return { ...day, todayExercises: day.todayExercises.map(change) };
}

/** One queued change on top of a day (null: no record). Applying it twice changes nothing more. */
export function applyDayOp(day: DayLog | null, op: DayOp, ids: IdMap): DayLog | null {
  switch (op.kind) {
    case 'add': {
      const base: DayLog = day ?? {
        id: op.todayId,
        localDate: op.date,
        completed: false,
        todayExercises: [],
      };
      const missing = op.entries.filter(
        (entry) => !base.todayExercises.some((shown) => sameRow(shown.id, entry.id, ids)),
      );
      if (missing.length === 0) return base;
      let last = Math.max(0, ...base.todayExercises.map((entry) => entry.sequence ?? 0));
      return {
        ...base,
        todayExercises: [
          ...base.todayExercises,
          ...missing.map((entry) => ({ ...entry, sequence: (last += 1) })),
        ],
      };
    }
    case 'sets': {
      if (!day) return day;
      return mapEntries(day, (entry) => {
        const change = op.changes.find((item) => sameRow(entry.id, item.id, ids));
        if (!change) return entry;
        // A set the server has made shows under its server id, so that a fresh answer that
        // already has this change is shown as it is.
        const repWeightList = change.repWeightList.map((set) => {
          const real = set.id === null ? undefined : resolveId(set.id, ids);
          return real === undefined || real === set.id ? set : { ...set, id: real };
        });
        return { ...entry, repWeightList };
      });
    }
    case 'sequence': {
      if (!day) return day;
      return mapEntries(day, (entry) => {
        const item = op.order.find((candidate) => sameRow(entry.id, candidate.id, ids));
        return item ? { ...entry, sequence: item.sequence } : entry;
      });
    }
    case 'tick': {
      if (!day) return day;
      const ticked = mapEntries(day, (entry) => ({
        ...entry,
        repWeightList: entry.repWeightList.map((set) =>
          sameRow(set.id, op.setId, ids) ? { ...set, done: op.done } : set,
        ),
      }));
      return op.completesDay && op.done ? { ...ticked, completed: true } : ticked;
    }
    case 'check':
      return day ? { ...day, completed: op.checked } : day;
    case 'delete': {
      if (!day) return day;
      const left = day.todayExercises.filter((entry) => !sameRow(entry.id, op.entryId, ids));
      if (left.length === day.todayExercises.length) return day;
      // The server removes the day record with its last entry, as the original Spring backend does.
      return left.length === 0 ? null : { ...day, todayExercises: left };
    }
  }
}

/** Every queued change of one day, in order, on top of the server's answer. */
export function applyDayOps(day: DayLog | null, ops: readonly DayOp[], ids: IdMap): DayLog | null {
  return ops.reduce<DayLog | null>((current, op) => applyDayOp(current, op, ids), day);
}

/**
 * A month's list of days with a record, with the queued changes of its dates on top. `baseDay`
 * gives a date's log when it is known (the cache); without it the list is updated from what the
 * changes themselves say (an add makes a record, 완료 sets the mark, a delete is left alone as it
 * may not have been the last entry).
 */
export function applyMonthOps(
  days: readonly MonthDay[],
  ops: readonly DayOp[],
  ids: IdMap,
  baseDay: (date: string) => DayLog | null | undefined,
): MonthDay[] {
  const byDate = new Map<string, DayOp[]>();
  for (const op of ops) byDate.set(op.date, [...(byDate.get(op.date) ?? []), op]);
  if (byDate.size === 0) return [...days];

  const listed = new Map(days.map((day) => [day.localDate, day.completed]));
  for (const [date, dateOps] of byDate) {
    const base = baseDay(date);
    if (base !== undefined) {
      const shown = applyDayOps(base, dateOps, ids);
      if (shown) listed.set(date, shown.completed);
      else listed.delete(date);
      continue;
    }
    for (const op of dateOps) {
      if (op.kind === 'add' && !listed.has(date)) listed.set(date, false);
      else if (op.kind === 'check' && listed.has(date)) listed.set(date, op.checked);
      else if (op.kind === 'tick' && op.done && op.completesDay && listed.has(date)) {
        listed.set(date, true);
      }
    }
  }
  return [...listed]
    .map(([localDate, completed]) => ({ localDate, completed }))
    .sort((a, b) => a.localDate.localeCompare(b.localDate));
}

/** The temporary ids a change names (the rows it needs the server ids of before it is sent). */
export function temporaryIdsOf(op: DayOp): number[] {
  const ids: number[] = [];
  const add = (id: number) => {
    if (isTemporaryId(id)) ids.push(id);
  };
  switch (op.kind) {
    case 'add':
      break;
    case 'sets':
      op.changes.forEach((change) => add(change.id));
      break;
    case 'sequence':
      op.order.forEach((item) => add(item.id));
      break;
    case 'tick':
      add(op.setId);
      break;
    case 'check':
      break;
    case 'delete':
      add(op.entryId);
      break;
  }
  return ids;
}
