import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import type {
  Routine,
  RoutineExercise,
  RoutineExerciseCreate,
  RoutineSequenceUpdate,
  RoutineSetsUpdate,
} from '@/lib/contract/routine';

import type { Db } from '../db/client';
import { exercises, routineExercises, routines } from '../db/schema';
import { type Executor, insertSets, kindOf, replaceSets, setsByOwner } from '../exercise/sets';
import { notFound } from '../http/reply';
import { shareTokensOf } from './share';

/** `exerciseName`: the live name while the exercise exists, else the copy. */
export const liveRoutineExerciseName = sql<string>`coalesce(${exercises.name}, ${routineExercises.exerciseName})`;

async function ownRoutine(db: Executor, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(routines)
    .where(and(eq(routines.id, id), eq(routines.memberId, memberId)));
  if (!row) throw notFound();
  return row;
}

/** Entries of the given routines, each list by sequence (then id). */
async function entriesOf(
  db: Executor,
  routineIds: number[],
): Promise<Map<number, RoutineExercise[]>> {
  const grouped = new Map<number, RoutineExercise[]>();
  if (routineIds.length === 0) return grouped;
  const rows = await db
    .select({
      id: routineExercises.id,
      routineId: routineExercises.routineId,
      sequence: routineExercises.sequence,
      exerciseName: liveRoutineExerciseName,
    })
    .from(routineExercises)
    .leftJoin(exercises, eq(exercises.id, routineExercises.exerciseId))
    .where(inArray(routineExercises.routineId, routineIds))
    .orderBy(asc(routineExercises.sequence), asc(routineExercises.id));
  const sets = await setsByOwner(
    db,
    'routineExerciseId',
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const list = grouped.get(row.routineId) ?? [];
    list.push({
      routineExerciseId: row.id,
      sequence: row.sequence,
      repWeightList: sets.get(row.id) ?? [],
      exerciseName: row.exerciseName,
    });
    grouped.set(row.routineId, list);
  }
  return grouped;
}

/** The member's routines by id, empty ones included, each with its share token while shared. */
export async function listRoutines(db: Db, memberId: number): Promise<Routine[]> {
  const rows = await db
    .select()
    .from(routines)
    .where(eq(routines.memberId, memberId))
    .orderBy(asc(routines.id));
  const ids = rows.map((row) => row.id);
  const [entries, tokens] = await Promise.all([entriesOf(db, ids), shareTokensOf(db, ids)]);
  return rows.map((row) => {
    const token = tokens.get(row.id);
    return {
      routineId: row.id,
      routineName: row.name,
      routineExerciseDtoList: entries.get(row.id) ?? [],
      // Only while shared: an unshared routine answers exactly as the original backend's.
      ...(token ? { shareToken: token } : {}),
    };
  });
}

export async function getRoutineEntries(
  db: Db,
  memberId: number,
  routineId: number,
): Promise<RoutineExercise[]> {
  await ownRoutine(db, memberId, routineId);
  return (await entriesOf(db, [routineId])).get(routineId) ?? [];
}

export async function createRoutine(db: Db, memberId: number, name: string): Promise<number> {
  const [row] = await db.insert(routines).values({ memberId, name }).returning({ id: routines.id });
  return row.id;
}

export async function deleteRoutine(db: Db, memberId: number, id: number): Promise<void> {
  await ownRoutine(db, memberId, id);
  await db.delete(routines).where(eq(routines.id, id)); // entries and their sets cascade
}

/**
 * Adds exercises to a routine, copying their current sets. A given sequence is stored verbatim
 * (like the original); a missing one becomes the routine's highest + 1.
 */
export async function addRoutineExercises(
  db: Db,
  memberId: number,
  input: RoutineExerciseCreate,
): Promise<void> {
  await db.transaction(async (tx) => {
    await ownRoutine(tx, memberId, input.routineId);
    const exerciseIds = [...new Set(input.exerciseInfoList.map((item) => item.exerciseId))];
    const found = await tx
      .select({ id: exercises.id, name: exercises.name })
      .from(exercises)
      .where(and(inArray(exercises.id, exerciseIds), eq(exercises.memberId, memberId)));
    if (found.length !== exerciseIds.length) throw notFound();
    const names = new Map(found.map((row) => [row.id, row.name]));

    const [{ max }] = await tx
      .select({ max: sql<number>`coalesce(max(${routineExercises.sequence}), 0)::int` })
      .from(routineExercises)
      .where(eq(routineExercises.routineId, input.routineId));
    let highest = max;
    const values = input.exerciseInfoList.map((item) => {
      const sequence = item.sequence ?? highest + 1;
      highest = Math.max(highest, sequence);
      return {
        routineId: input.routineId,
        exerciseId: item.exerciseId,
        exerciseName: names.get(item.exerciseId)!,
        sequence,
      };
    });
    const created = await tx
      .insert(routineExercises)
      .values(values)
      .returning({ id: routineExercises.id, exerciseId: routineExercises.exerciseId });
    const sets = await setsByOwner(tx, 'exerciseId', exerciseIds);
    await insertSets(
      tx,
      'routineExerciseId',
      created.flatMap((entry) =>
        (sets.get(entry.exerciseId!) ?? []).map((set) => ({
          ownerId: entry.id,
          reps: set.reps,
          weight: set.weight,
          ...kindOf(set),
        })),
      ),
    );
  });
}

/** 404 unless every id is an entry of the member's routine. */
async function requireEntries(
  db: Executor,
  memberId: number,
  routineId: number,
  ids: number[],
): Promise<void> {
  await ownRoutine(db, memberId, routineId);
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: routineExercises.id })
    .from(routineExercises)
    .where(and(eq(routineExercises.routineId, routineId), inArray(routineExercises.id, ids)));
  if (rows.length !== new Set(ids).size) throw notFound();
}

export async function deleteRoutineExercise(db: Db, memberId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ id: routineExercises.id })
    .from(routineExercises)
    .innerJoin(routines, eq(routines.id, routineExercises.routineId))
    .where(and(eq(routineExercises.id, id), eq(routines.memberId, memberId)));
  if (!row) throw notFound();
  await db.delete(routineExercises).where(eq(routineExercises.id, id)); // sets cascade
}

/** Stores an entry's sequence as given. */
async function setSequence(db: Executor, id: number, sequence: number): Promise<void> {
  await db.update(routineExercises).set({ sequence }).where(eq(routineExercises.id, id));
}

/** Sequences applied verbatim (no renumbering, like the original). */
export async function updateRoutineSequences(
  db: Db,
  memberId: number,
  routineId: number,
  items: RoutineSequenceUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEntries(
      tx,
      memberId,
      routineId,
      items.map((item) => item.routineExerciseId),
    );
    for (const item of items) {
      await setSequence(tx, item.routineExerciseId, item.sequence);
    }
  });
}

/**
 * Sets replaced per entry (exercise PATCH rules). A given `sequence` is ignored, as by the original
 * Spring backend; `updateRoutineSequences` orders.
 */
export async function updateRoutineSets(
  db: Db,
  memberId: number,
  routineId: number,
  items: RoutineSetsUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireEntries(
      tx,
      memberId,
      routineId,
      items.map((item) => item.routineExerciseId),
    );
    for (const item of items) {
      if (item.repWeightList != null) {
        await replaceSets(tx, 'routineExerciseId', item.routineExerciseId, item.repWeightList);
      }
    }
  });
}
