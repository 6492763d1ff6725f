import { and, asc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';

import {
  type CheckBox,
  type SetDoneResult,
  type Today,
  TODAY_MESSAGES,
  type TodayDate,
  type TodayExercise,
  type TodayExerciseAdd,
  type TodaySequenceUpdate,
  type TodaySetsUpdate,
} from '@/lib/contract/today';

import { chunksOf } from '../db/chunks';
import type { Db } from '../db/client';
import {
  exercises,
  members,
  repWeights,
  routineExercises,
  routines,
  todayExercises,
  type TodayRow,
  todays,
} from '../db/schema';
import { type Executor, insertSets, kindOf, replaceSets, setsByOwner } from '../exercise/sets';
import { ApiError } from '../http/errors';
import { notFound } from '../http/reply';
import { liveRoutineExerciseName } from '../routine/service';
import { lastSessionsBefore } from './previous';

const liveTodayExerciseName = sql<string>`coalesce(${exercises.name}, ${todayExercises.exerciseName})`;

async function ownToday(db: Executor, memberId: number, id: number): Promise<TodayRow> {
  const [row] = await db
    .select()
    .from(todays)
    .where(and(eq(todays.id, id), eq(todays.memberId, memberId)));
  if (!row) throw notFound();
  return row;
}

/**
 * The day-log entries matching `where`, with their sets, by sequence: the one mapping of entries
 * to the wire, for whole days and for the entries a write answers with.
 */
async function entryDtos(db: Executor, where: SQL | undefined): Promise<TodayExercise[]> {
  const rows = await db
    .select({
      id: todayExercises.id,
      exerciseId: todayExercises.exerciseId,
      restSeconds: exercises.restSeconds,
      sequence: todayExercises.sequence,
      exerciseName: liveTodayExerciseName,
    })
    .from(todayExercises)
    .leftJoin(exercises, eq(exercises.id, todayExercises.exerciseId))
    .where(where)
    .orderBy(asc(todayExercises.sequence), asc(todayExercises.id));
  const sets = await setsByOwner(
    db,
    'todayExerciseId',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    exerciseId: row.exerciseId,
    restSeconds: row.restSeconds,
    exerciseName: row.exerciseName,
    repWeightList: sets.get(row.id) ?? [],
    sequence: row.sequence,
  }));
}

async function toTodayDto(db: Executor, today: TodayRow): Promise<Today> {
  return {
    id: today.id,
    todayExercises: await entryDtos(db, eq(todayExercises.todayId, today.id)),
    localDate: today.localDate,
    checkBox: today.checkBox as CheckBox,
  };
}

/** The member's entries with these ids, in the order given (others' and unknown ids left out). */
export async function getTodayExercises(
  db: Db,
  memberId: number,
  ids: number[],
): Promise<TodayExercise[]> {
  if (ids.length === 0) return [];
  const entries = await entryDtos(
    db,
    and(
      inArray(todayExercises.id, ids),
      inArray(
        todayExercises.todayId,
        db.select({ id: todays.id }).from(todays).where(eq(todays.memberId, memberId)),
      ),
    ),
  );
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getToday(db: Db, memberId: number, id: number): Promise<Today> {
  return toTodayDto(db, await ownToday(db, memberId, id));
}

/** The member's day log on `date`, or 404. */
export async function getTodayByDate(db: Db, memberId: number, date: string): Promise<Today> {
  const [row] = await db
    .select()
    .from(todays)
    .where(and(eq(todays.memberId, memberId), eq(todays.localDate, date)));
  if (!row) throw notFound();
  return toTodayDto(db, row);
}

function monthStart(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/** The member's days in one calendar month (a range on (member_id, local_date)), by date. */
export async function listMonth(
  db: Db,
  memberId: number,
  year: number,
  month: number,
): Promise<TodayDate[]> {
  const from = monthStart(year, month);
  const to = month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1);
  const rows = await db
    .select({ localDate: todays.localDate, checkBox: todays.checkBox })
    .from(todays)
    .where(
      and(eq(todays.memberId, memberId), gte(todays.localDate, from), lt(todays.localDate, to)),
    )
    .orderBy(asc(todays.localDate));
  return rows.map((row) => ({ localDate: row.localDate, checkBox: row.checkBox as CheckBox }));
}

/**
 * Creates an empty day and returns its id; a second one on the same date is 400 (unique per
 * member and date).
 */
export async function createToday(db: Db, memberId: number, date: string): Promise<number> {
  const created = await db
    .insert(todays)
    .values({ memberId, localDate: date })
    .onConflictDoNothing()
    .returning({ id: todays.id });
  if (created.length === 0) throw new ApiError(400, TODAY_MESSAGES.duplicate);
  return created[0].id;
}

/**
 * Adds exercises (their sets copied) and routines (expanded to their entries in sequence order,
 * the routine's sets copied) to the member's existing day on `date`. Sequences continue after the
 * day's highest, in request order. Returns the ids of the created entries, in that order.
 */
export async function addTodayExercises(
  db: Db,
  memberId: number,
  date: string,
  items: TodayExerciseAdd,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const [today] = await tx
      .select()
      .from(todays)
      .where(and(eq(todays.memberId, memberId), eq(todays.localDate, date)));
    if (!today) throw notFound();

    const exerciseIds = [
      ...new Set(items.filter((i) => i.type === 'exercise').map((item) => item.id)),
    ];
    const routineIds = [
      ...new Set(items.filter((i) => i.type === 'routine').map((item) => item.id)),
    ];
    const ownedExercises =
      exerciseIds.length === 0
        ? []
        : await tx
            .select({ id: exercises.id, name: exercises.name })
            .from(exercises)
            .where(and(inArray(exercises.id, exerciseIds), eq(exercises.memberId, memberId)));
    if (ownedExercises.length !== exerciseIds.length) throw notFound();
    const ownedRoutines =
      routineIds.length === 0
        ? []
        : await tx
            .select({ id: routines.id })
            .from(routines)
            .where(and(inArray(routines.id, routineIds), eq(routines.memberId, memberId)));
    if (ownedRoutines.length !== routineIds.length) throw notFound();

    const routineEntries =
      routineIds.length === 0
        ? []
        : await tx
            .select({
              id: routineExercises.id,
              routineId: routineExercises.routineId,
              exerciseId: routineExercises.exerciseId,
              exerciseName: liveRoutineExerciseName,
            })
            .from(routineExercises)
            .leftJoin(exercises, eq(exercises.id, routineExercises.exerciseId))
            .where(inArray(routineExercises.routineId, routineIds))
            .orderBy(asc(routineExercises.sequence), asc(routineExercises.id));

    const exerciseNames = new Map(ownedExercises.map((row) => [row.id, row.name]));
    type Source = { owner: 'exerciseId' | 'routineExerciseId'; ownerId: number };
    const planned: Array<{ exerciseId: number | null; exerciseName: string; source: Source }> = [];
    for (const item of items) {
      if (item.type === 'exercise') {
        planned.push({
          exerciseId: item.id,
          exerciseName: exerciseNames.get(item.id)!,
          source: { owner: 'exerciseId', ownerId: item.id },
        });
      } else {
        for (const entry of routineEntries.filter((e) => e.routineId === item.id)) {
          planned.push({
            exerciseId: entry.exerciseId,
            exerciseName: entry.exerciseName,
            source: { owner: 'routineExerciseId', ownerId: entry.id },
          });
        }
      }
    }
    if (planned.length === 0) return [];

    const [{ max }] = await tx
      .select({ max: sql<number>`coalesce(max(${todayExercises.sequence}), 0)::int` })
      .from(todayExercises)
      .where(eq(todayExercises.todayId, today.id));
    // A selection of up to LIMITS.selection items (routines expanded) can outgrow one statement.
    const created: Array<{ id: number }> = [];
    const rows = planned.map((entry, index) => ({
      todayId: today.id,
      exerciseId: entry.exerciseId,
      exerciseName: entry.exerciseName,
      sequence: max + index + 1,
    }));
    for (const chunk of chunksOf(rows)) {
      created.push(
        ...(await tx.insert(todayExercises).values(chunk).returning({ id: todayExercises.id })),
      );
    }

    // Sets start from the last earlier session of the same exercise (what the member lifted last
    // time), else from the library's or the routine's own sets.
    const exerciseSets = await setsByOwner(tx, 'exerciseId', exerciseIds);
    const routineSets = await setsByOwner(
      tx,
      'routineExerciseId',
      routineEntries.map((entry) => entry.id),
    );
    const plannedExerciseIds = [
      ...new Set(planned.flatMap((entry) => (entry.exerciseId === null ? [] : [entry.exerciseId]))),
    ];
    const lastSessions = await lastSessionsBefore(tx, memberId, plannedExerciseIds, date);
    await insertSets(
      tx,
      'todayExerciseId',
      planned.flatMap((entry, index) => {
        const last = entry.exerciseId === null ? undefined : lastSessions.get(entry.exerciseId);
        const from = entry.source.owner === 'exerciseId' ? exerciseSets : routineSets;
        const sets = last?.sets ?? from.get(entry.source.ownerId) ?? [];
        return sets.map((set) => ({
          ownerId: created[index].id,
          reps: set.reps,
          weight: set.weight,
          ...kindOf(set),
        }));
      }),
    );
    return created.map((row) => row.id);
  });
}

/** Deletes an entry; the day goes too when it was the last one. Returns whether it did. */
export async function deleteTodayExercise(db: Db, memberId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: todayExercises.id, todayId: todayExercises.todayId })
      .from(todayExercises)
      .innerJoin(todays, eq(todays.id, todayExercises.todayId))
      .where(and(eq(todayExercises.id, id), eq(todays.memberId, memberId)));
    if (!row) throw notFound();
    await tx.delete(todayExercises).where(eq(todayExercises.id, id)); // sets cascade
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(todayExercises)
      .where(eq(todayExercises.todayId, row.todayId));
    if (count > 0) return false;
    await tx.delete(todays).where(eq(todays.id, row.todayId));
    return true;
  });
}

/** 404 unless every id is an entry of the member's day. */
async function requireEntries(
  db: Executor,
  memberId: number,
  todayId: number,
  ids: number[],
): Promise<void> {
  await ownToday(db, memberId, todayId);
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: todayExercises.id })
    .from(todayExercises)
    .where(and(eq(todayExercises.todayId, todayId), inArray(todayExercises.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
}

/** Applies the given sequences, then renumbers all entries of the day 1..n. */
export async function updateTodaySequences(
  db: Db,
  memberId: number,
  todayId: number,
  items: TodaySequenceUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEntries(
      tx,
      memberId,
      todayId,
      items.map((item) => item.id),
    );
    const given = new Map(items.map((item) => [item.id, item.sequence]));
    const rows = await tx
      .select({ id: todayExercises.id, sequence: todayExercises.sequence })
      .from(todayExercises)
      .where(eq(todayExercises.todayId, todayId));
    const ordered = rows
      .map((row) => ({ id: row.id, sequence: given.get(row.id) ?? row.sequence ?? 0 }))
      .sort((a, b) => a.sequence - b.sequence || a.id - b.id);
    for (const [index, row] of ordered.entries()) {
      await tx
        .update(todayExercises)
        .set({ sequence: index + 1 })
        .where(eq(todayExercises.id, row.id));
    }
  });
}

export async function updateTodaySets(
  db: Db,
  memberId: number,
  todayId: number,
  items: TodaySetsUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEntries(
      tx,
      memberId,
      todayId,
      items.map((item) => item.id),
    );
    for (const item of items) {
      await replaceSets(tx, 'todayExerciseId', item.id, item.repWeightList);
    }
  });
}

export async function setCheckBox(
  db: Db,
  memberId: number,
  todayId: number,
  checked: boolean,
): Promise<void> {
  await ownToday(db, memberId, todayId);
  await db
    .update(todays)
    .set({ checkBox: checked ? 'True' : 'False' })
    .where(eq(todays.id, todayId));
}

/**
 * Ticks or unticks one set of the member's day log. Ticking the day's last open set also ticks
 * the day's 완료 when the member's setting says so (unticking leaves 완료 as the member set it).
 */
export async function setSetDone(
  db: Db,
  memberId: number,
  setId: number,
  done: boolean,
): Promise<SetDoneResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ todayId: todays.id, checkBox: todays.checkBox })
      .from(repWeights)
      .innerJoin(todayExercises, eq(todayExercises.id, repWeights.todayExerciseId))
      .innerJoin(todays, eq(todays.id, todayExercises.todayId))
      .where(and(eq(repWeights.id, setId), eq(todays.memberId, memberId)));
    if (!row) throw notFound();
    await tx.update(repWeights).set({ done }).where(eq(repWeights.id, setId));
    let checkBox = row.checkBox as CheckBox;
    if (done && checkBox === 'False') {
      const [{ open }] = await tx
        .select({ open: sql<number>`count(*)::int` })
        .from(repWeights)
        .innerJoin(todayExercises, eq(todayExercises.id, repWeights.todayExerciseId))
        .where(and(eq(todayExercises.todayId, row.todayId), eq(repWeights.done, false)));
      const [member] = await tx
        .select({ autoCompleteDay: members.autoCompleteDay })
        .from(members)
        .where(eq(members.id, memberId));
      if (open === 0 && member?.autoCompleteDay) {
        await tx.update(todays).set({ checkBox: 'True' }).where(eq(todays.id, row.todayId));
        checkBox = 'True';
      }
    }
    return { done, checkBox };
  });
}
