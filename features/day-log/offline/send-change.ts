import { dayLogRead, monthRead } from '@/features/day-log/reads';
import { isHttpStatus } from '@/lib/api/errors';
import { isListed } from '@/lib/api/keys';
import { type Api, loadApi } from '@/lib/api/load';
import type { RepWeightInput } from '@/lib/contract/exercise';
import type { TodayExercise } from '@/lib/contract/today';
import { messages } from '@/lib/i18n/messages';
import { fetchRead, fetchReadOrNull } from '@/lib/reads/fetch-read';
import { yearMonthOfKey } from '@/lib/shared/dates';

import { type AddOp, type IdMap, isTemporaryId, resolveId, type SetsOp } from './day-ops';
import { LocalRefusal, type QueuedChange, type SendResult } from './outbox';

/**
 * Sends one queued day-log change to the backend (the outbox's `send`), with the change's
 * idempotency key, and answers the server ids of the rows it created. Temporary ids are swapped
 * for server ids first; a change naming a row that never reached the server (its add was refused
 * or dropped) is refused here with a message that says so.
 */

type Pairs = Array<[number, number]>;

function serverId(id: number, ids: IdMap): number {
  const real = resolveId(id, ids);
  if (real === undefined) throw new LocalRefusal(messages.sync.dependsOnRefused);
  return real;
}

/** Whether the member's month of `date` lists it (has a record on it). */
async function isDayListed(date: string): Promise<boolean> {
  const { year, month } = yearMonthOfKey(date);
  return isListed(await fetchRead(monthRead, year, month), date);
}

/** The day's own log, read only when its month lists it (the original answers 500 otherwise). */
async function readDay(date: string) {
  if (!(await isDayListed(date))) return null;
  return fetchReadOrNull(dayLogRead, date);
}

/** The day's server id, reading the day when the change only knows a temporary one. */
async function dayId(todayId: number, date: string, ids: IdMap, pairs: Pairs) {
  const known = resolveId(todayId, ids);
  if (known !== undefined) return known;
  const day = await readDay(date);
  if (!day) throw new LocalRefusal(messages.sync.dayGone);
  pairs.push([todayId, day.id]);
  return day.id;
}

/** Pairs each temporary entry (and its sets, by position) with the entry the server made. */
function pairEntries(
  shown: readonly TodayExercise[],
  created: readonly TodayExercise[],
  pairs: Pairs,
) {
  shown.forEach((entry, index) => {
    const made = created[index];
    if (!made) return;
    if (isTemporaryId(entry.id)) pairs.push([entry.id, made.id]);
    entry.repWeightList.forEach((set, position) => {
      const madeSet = made.repWeightList[position];
      if (set.id !== null && isTemporaryId(set.id) && madeSet?.id != null) {
        pairs.push([set.id, madeSet.id]);
      }
    });
  });
}

async function sendAdd(api: Api, op: AddOp, key: string): Promise<SendResult> {
  const pairs: Pairs = [];
  // The day may have no record yet (made offline) or have lost it meanwhile (its last entry was
  // deleted elsewhere): an add means the member wants it, so it is (re)created.
  if (!(await isDayListed(op.date))) {
    try {
      const day = await api.createToday(op.date, { idempotencyKey: `${key}.day` });
      if (day && isTemporaryId(op.todayId)) pairs.push([op.todayId, day.id]);
    } catch (error) {
      // 400: the record appeared meanwhile (another tab or device); the add goes to it.
      if (!isHttpStatus(error, 400)) throw error;
    }
  }
  let created = await api.addTodayExercises(op.date, op.items, { idempotencyKey: key });
  if (!created) {
    // The original backend answers text: its new entries are the last ones of the day (read
    // best effort: the add is done either way).
    const day = await readDay(op.date).catch(() => null);
    const entries = [...(day?.todayExercises ?? [])].sort(
      (a, b) => (a.sequence ?? 0) - (b.sequence ?? 0),
    );
    created = entries.slice(Math.max(0, entries.length - op.entries.length));
    if (day && isTemporaryId(op.todayId)) pairs.push([op.todayId, day.id]);
  }
  pairEntries(op.entries, created, pairs);
  return { ids: pairs };
}

async function sendSets(api: Api, op: SetsOp, key: string, ids: IdMap): Promise<SendResult> {
  const pairs: Pairs = [];
  const todayId = await dayId(op.todayId, op.date, ids, pairs);
  const body = op.changes.map((change) => ({
    id: serverId(change.id, ids),
    repWeightList: change.repWeightList.map((set): RepWeightInput => {
      // A set made offline whose add was answered without it is sent as a new set.
      const id = set.id === null ? undefined : resolveId(set.id, ids);
      // Kind and RPE as the change has them (what it leaves out the backend keeps); a new set
      // leaves out the defaults, so a plain set is sent as the original backend knows it.
      const type =
        set.type && (id !== undefined || set.type !== 'NORMAL') ? { type: set.type } : {};
      const rpe =
        set.rpe !== undefined && (id !== undefined || set.rpe !== null) ? { rpe: set.rpe } : {};
      return {
        ...(id !== undefined ? { id } : {}),
        reps: set.reps,
        weight: set.weight,
        ...type,
        ...rpe,
      };
    }),
  }));
  const madeHere = op.changes.some((change) =>
    change.repWeightList.some((set) => set.id !== null && isTemporaryId(set.id)),
  );
  let updated = await api.updateTodaySets(todayId, body, { idempotencyKey: key });
  if (!updated && madeHere) {
    // The original backend answers text: the new sets' ids come from reading the day (best
    // effort: the write is done, and a set left unmapped only refuses a later tick of it).
    const day = await readDay(op.date).catch(() => null);
    updated = body.map(
      (item) =>
        day?.todayExercises.find((entry) => entry.id === item.id) ?? {
          id: item.id,
          exerciseName: '',
          repWeightList: [],
          sequence: null,
        },
    );
  }
  op.changes.forEach((change, index) => {
    const entry = updated?.[index];
    change.repWeightList.forEach((set, position) => {
      const made = entry?.repWeightList[position];
      if (set.id !== null && isTemporaryId(set.id) && made?.id != null) {
        pairs.push([set.id, made.id]);
      }
    });
  });
  return { ids: pairs };
}

/** Sends `change`; see the module comment. */
export async function sendChange(change: QueuedChange, ids: IdMap): Promise<SendResult> {
  const api = await loadApi();
  const { op, key } = change;
  const options = { idempotencyKey: key };
  switch (op.kind) {
    case 'add':
      return sendAdd(api, op, key);
    case 'sets':
      return sendSets(api, op, key, ids);
    case 'sequence': {
      const pairs: Pairs = [];
      const todayId = await dayId(op.todayId, op.date, ids, pairs);
      const order = op.order.map((item) => ({
        id: serverId(item.id, ids),
        sequence: item.sequence,
      }));
      await api.updateTodaySequence(todayId, order, options);
      return { ids: pairs };
    }
    case 'tick':
      await api.setSetDone(serverId(op.setId, ids), op.done, options);
      return { ids: [] };
    case 'check': {
      const pairs: Pairs = [];
      const todayId = await dayId(op.todayId, op.date, ids, pairs);
      await api.setTodayChecked(todayId, op.checked, options);
      return { ids: pairs };
    }
    case 'delete': {
      const entryId = resolveId(op.entryId, ids);
      // Made offline and never created (its add was refused or dropped): nothing to delete.
      if (entryId !== undefined) await api.deleteTodayExercise(entryId, options);
      return { ids: [] };
    }
  }
}
