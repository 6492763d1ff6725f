import { randomBytes } from 'node:crypto';

import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Classification } from '@/lib/contract/exercise';
import {
  type RoutineCopy,
  type RoutineShare,
  SHARE_TOKEN_PATTERN,
  type SharedRoutine,
  type SharedRoutinePreview,
} from '@/lib/contract/routine';

import type { Db } from '../db/client';
import { exercises, members, routineExercises, routines, routineShares } from '../db/schema';
import { type Executor, insertSets, kindOf, setsByOwner } from '../exercise/sets';
import { notFound } from '../http/reply';
import { guessBodyPart } from '../import/body-parts';
import { exerciseKey } from '../import/parse';

/** The body part of a copied exercise whose original is gone and whose name says nothing. */
const FALLBACK_BODY_PART: Classification = 'CHEST';

/** The page a share token opens, on the app's public origin. */
export function shareUrl(publicUrl: string, token: string): string {
  return new URL(`/routine/shared/${token}`, publicUrl).href;
}

/** 128 random bits, base64url (22 characters). */
function newToken(): string {
  return randomBytes(16).toString('base64url');
}

async function ownRoutineId(db: Executor, memberId: number, id: number): Promise<void> {
  const [row] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.id, id), eq(routines.memberId, memberId)));
  if (!row) throw notFound();
}

/** The active share tokens of the given routines. */
export async function shareTokensOf(
  db: Executor,
  routineIds: number[],
): Promise<Map<number, string>> {
  if (routineIds.length === 0) return new Map();
  const rows = await db
    .select({ routineId: routineShares.routineId, token: routineShares.token })
    .from(routineShares)
    .where(inArray(routineShares.routineId, routineIds));
  return new Map(rows.map((row) => [row.routineId, row.token]));
}

/**
 * The owner's share link of a routine: the active one, else a new one. Another member's routine
 * (or an unknown one) is 404.
 */
export async function shareRoutine(
  db: Db,
  memberId: number,
  routineId: number,
  publicUrl: string,
): Promise<RoutineShare> {
  await ownRoutineId(db, memberId, routineId);
  await db.insert(routineShares).values({ routineId, token: newToken() }).onConflictDoNothing();
  const token = (await shareTokensOf(db, [routineId])).get(routineId);
  if (!token) throw notFound(); // deleted meanwhile
  return { token, url: shareUrl(publicUrl, token) };
}

/** Revokes the routine's share link (none: nothing to do). Another member's routine is 404. */
export async function revokeShare(db: Db, memberId: number, routineId: number): Promise<void> {
  await ownRoutineId(db, memberId, routineId);
  await db.delete(routineShares).where(eq(routineShares.routineId, routineId));
}

/** The routine a token shares, with its owner; 404 for a malformed, unknown or revoked token. */
async function sharedRow(db: Executor, token: string) {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound();
  const [row] = await db
    .select({
      routineId: routines.id,
      routineName: routines.name,
      ownerId: routines.memberId,
      ownerName: members.name,
    })
    .from(routineShares)
    .innerJoin(routines, eq(routines.id, routineShares.routineId))
    .innerJoin(members, eq(members.id, routines.memberId))
    .where(eq(routineShares.token, token));
  if (!row) throw notFound();
  return row;
}

/** A routine's entries by sequence, with each one's exercise (when it still exists) and sets. */
async function sharedEntries(db: Executor, routineId: number) {
  const rows = await db
    .select({
      id: routineExercises.id,
      sequence: routineExercises.sequence,
      copiedName: routineExercises.exerciseName,
      liveName: exercises.name,
      classification: exercises.classification,
      catalogueKey: exercises.catalogueKey,
    })
    .from(routineExercises)
    .leftJoin(exercises, eq(exercises.id, routineExercises.exerciseId))
    .where(eq(routineExercises.routineId, routineId))
    .orderBy(asc(routineExercises.sequence), asc(routineExercises.id));
  const sets = await setsByOwner(
    db,
    'routineExerciseId',
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    sequence: row.sequence,
    exerciseName: row.liveName ?? row.copiedName,
    classification: (row.classification as Classification | null) ?? null,
    catalogueKey: row.catalogueKey,
    sets: sets.get(row.id) ?? [],
  }));
}

/** `GET /api/shared-routine/{token}`: the routine read-only, for any signed-in member. */
export async function readSharedRoutine(
  db: Db,
  memberId: number,
  token: string,
): Promise<SharedRoutine> {
  const row = await sharedRow(db, token);
  const entries = await sharedEntries(db, row.routineId);
  return {
    token,
    routineName: row.routineName,
    ownerName: row.ownerName,
    mine: row.ownerId === memberId,
    exercises: entries.map((entry) => ({
      sequence: entry.sequence,
      exerciseName: entry.exerciseName,
      classification: entry.classification,
      repWeightList: entry.sets.map(({ reps, weight, type, rpe }) => ({
        reps,
        weight,
        ...(type ? { type } : {}),
        ...(rpe != null ? { rpe } : {}),
      })),
    })),
  };
}

/** `GET /api/shared-routine/{token}/preview` (public): the name and the counts, nothing else. */
export async function previewSharedRoutine(db: Db, token: string): Promise<SharedRoutinePreview> {
  const row = await sharedRow(db, token);
  const entries = await sharedEntries(db, row.routineId);
  return {
    routineName: row.routineName,
    exerciseCount: entries.length,
    setCount: entries.reduce((sum, entry) => sum + entry.sets.length, 0),
  };
}

/**
 * Copies a shared routine into the caller's routines: new rows throughout, so the copy is
 * independent of the original. Each exercise becomes the caller's own: the one linked to the same
 * catalogue entry, else the caller's first exercise of the same name (case, spaces and Unicode
 * form ignored), else a new exercise in the caller's library (the name, the original's body part
 * and catalogue link, the routine's sets as its sets; never the owner's memo).
 */
export async function copySharedRoutine(
  db: Db,
  memberId: number,
  token: string,
): Promise<RoutineCopy> {
  return db.transaction(async (tx) => {
    const row = await sharedRow(tx, token);
    const entries = await sharedEntries(tx, row.routineId);
    const own = await tx
      .select({ id: exercises.id, name: exercises.name, catalogueKey: exercises.catalogueKey })
      .from(exercises)
      .where(eq(exercises.memberId, memberId))
      .orderBy(asc(exercises.id));
    const byCatalogue = new Map<string, { id: number; name: string }>();
    const byName = new Map<string, { id: number; name: string }>();
    for (const exercise of own) {
      if (exercise.catalogueKey) byCatalogue.set(exercise.catalogueKey, exercise);
      const key = exerciseKey(exercise.name);
      if (!byName.has(key)) byName.set(key, exercise);
    }

    const targets: { id: number; name: string }[] = [];
    for (const entry of entries) {
      const key = exerciseKey(entry.exerciseName);
      let target =
        (entry.catalogueKey ? byCatalogue.get(entry.catalogueKey) : undefined) ?? byName.get(key);
      if (!target) {
        const [created] = await tx
          .insert(exercises)
          .values({
            memberId,
            name: entry.exerciseName,
            classification:
              entry.classification ?? guessBodyPart(entry.exerciseName) ?? FALLBACK_BODY_PART,
            catalogueKey: entry.catalogueKey,
          })
          .returning({ id: exercises.id, name: exercises.name });
        await insertSets(
          tx,
          'exerciseId',
          entry.sets.map((set) => ({
            ownerId: created.id,
            reps: set.reps,
            weight: set.weight,
            ...kindOf(set),
          })),
        );
        target = created;
        if (entry.catalogueKey) byCatalogue.set(entry.catalogueKey, created);
        byName.set(key, created);
      }
      targets.push(target);
    }

    const [routine] = await tx
      .insert(routines)
      .values({ memberId, name: row.routineName })
      .returning({ id: routines.id, name: routines.name });
    if (entries.length > 0) {
      const created = await tx
        .insert(routineExercises)
        .values(
          entries.map((entry, index) => ({
            routineId: routine.id,
            exerciseId: targets[index].id,
            exerciseName: targets[index].name,
            sequence: entry.sequence,
          })),
        )
        .returning({ id: routineExercises.id });
      await insertSets(
        tx,
        'routineExerciseId',
        entries.flatMap((entry, index) =>
          entry.sets.map((set) => ({
            ownerId: created[index].id,
            reps: set.reps,
            weight: set.weight,
            ...kindOf(set),
          })),
        ),
      );
    }
    return { routineId: routine.id, routineName: routine.name };
  });
}
