import { and, asc, eq } from 'drizzle-orm';

import type {
  Classification,
  Exercise,
  ExerciseCreate,
  ExerciseUpdate,
} from '@/lib/contract/exercise';

import type { Db } from '../db/client';
import { exercises, repWeights, routineExercises, todayExercises } from '../db/schema';
import { notFound } from '../http/reply';
import { type Executor, insertSets, replaceSets, setsByOwner } from './sets';

type ExerciseRowLike = {
  id: number;
  name: string;
  memo: string | null;
  classification: string;
  restSeconds: number | null;
  catalogueKey: string | null;
};

export async function toResponses(db: Executor, rows: ExerciseRowLike[]): Promise<Exercise[]> {
  const sets = await setsByOwner(
    db,
    'exerciseId',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    memo: row.memo,
    repWeightList: sets.get(row.id) ?? [],
    classification: row.classification as Classification,
    restSeconds: row.restSeconds,
    catalogueKey: row.catalogueKey,
  }));
}

/** The member's exercise row, or 404 (unknown and foreign ids look the same). */
export async function ownExercise(db: Executor, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(exercises)
    .where(and(eq(exercises.id, id), eq(exercises.memberId, memberId)));
  if (!row) throw notFound();
  return row;
}

/** All of the member's exercises (also those without sets), by id. */
export async function listExercises(db: Db, memberId: number): Promise<Exercise[]> {
  const rows = await db
    .select()
    .from(exercises)
    .where(eq(exercises.memberId, memberId))
    .orderBy(asc(exercises.id));
  return toResponses(db, rows);
}

export async function getExercise(db: Db, memberId: number, id: number): Promise<Exercise> {
  const row = await ownExercise(db, memberId, id);
  return (await toResponses(db, [row]))[0];
}

export async function createExercise(
  db: Db,
  memberId: number,
  input: ExerciseCreate,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exercises)
      .values({
        memberId,
        name: input.name,
        memo: input.memo ?? null,
        classification: input.classification,
        restSeconds: input.restSeconds ?? null,
      })
      .returning({ id: exercises.id });
    await insertSets(
      tx,
      'exerciseId',
      input.repWeightList.map((set) => ({
        ownerId: row.id,
        reps: set.reps,
        weight: set.weight,
        type: set.type,
        rpe: set.rpe,
      })),
    );
    return row.id;
  });
}

/** Merge update: non-null fields replace; a given set list replaces the sets by id. */
export async function updateExercise(
  db: Db,
  memberId: number,
  id: number,
  input: ExerciseUpdate,
): Promise<void> {
  await db.transaction(async (tx) => {
    await ownExercise(tx, memberId, id);
    const changes: Partial<typeof exercises.$inferInsert> = {};
    if (input.name != null) changes.name = input.name;
    if (input.memo != null) changes.memo = input.memo;
    if (input.classification != null) changes.classification = input.classification;
    if (input.restSeconds !== undefined) changes.restSeconds = input.restSeconds;
    if (Object.keys(changes).length > 0) {
      await tx.update(exercises).set(changes).where(eq(exercises.id, id));
    }
    if (input.repWeightList != null) {
      await replaceSets(tx, 'exerciseId', id, input.repWeightList);
    }
  });
}

/**
 * Deletes the exercise and its sets. Routine and day-log entries that copied it keep their sets and
 * the exercise's last name (their FK becomes null).
 */
export async function deleteExercise(db: Db, memberId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownExercise(tx, memberId, id);
    await tx
      .update(routineExercises)
      .set({ exerciseName: row.name })
      .where(eq(routineExercises.exerciseId, id));
    await tx
      .update(todayExercises)
      .set({ exerciseName: row.name })
      .where(eq(todayExercises.exerciseId, id));
    await tx.delete(repWeights).where(eq(repWeights.exerciseId, id));
    await tx.delete(exercises).where(eq(exercises.id, id));
  });
}
