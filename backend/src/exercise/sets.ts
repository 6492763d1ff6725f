import { asc, eq, inArray } from 'drizzle-orm';

import type { RepWeight, RepWeightInput, SetType } from '@/lib/contract/exercise';

import { chunksOf } from '../db/chunks';
import type { Db } from '../db/client';
import { repWeights } from '../db/schema';

/** Which kind of row a set belongs to (one column of rep_weights each). */
export type SetOwner = 'exerciseId' | 'routineExerciseId' | 'todayExerciseId';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * The sets of the given owners, in id order, grouped by owner id. A set carries its kind unless it
 * is NORMAL and its RPE unless it has none, and a day-log set its done mark (additions to the
 * wire); library and routine sets have no done mark.
 */
export async function setsByOwner(
  db: Executor,
  owner: SetOwner,
  ownerIds: number[],
): Promise<Map<number, RepWeight[]>> {
  const grouped = new Map<number, RepWeight[]>();
  if (ownerIds.length === 0) return grouped;
  const column = repWeights[owner];
  const rows = await db
    .select({
      ownerId: column,
      id: repWeights.id,
      reps: repWeights.reps,
      weight: repWeights.weight,
      done: repWeights.done,
      type: repWeights.setType,
      rpe: repWeights.rpe,
    })
    .from(repWeights)
    .where(inArray(column, ownerIds))
    .orderBy(asc(repWeights.id));
  const withDone = owner === 'todayExerciseId';
  for (const row of rows) {
    const list = grouped.get(row.ownerId!) ?? [];
    const set: RepWeight = { id: row.id, reps: row.reps, weight: row.weight };
    if (withDone) set.done = row.done;
    // Sparse: a working set without RPE answers as the original backend did.
    if (row.type !== 'NORMAL') set.type = row.type;
    if (row.rpe !== null) set.rpe = row.rpe;
    list.push(set);
    grouped.set(row.ownerId!, list);
  }
  return grouped;
}

/** A set to insert for an owner; its kind defaults to NORMAL and its RPE to none. */
export interface NewSet {
  ownerId: number;
  reps: number;
  weight: number;
  done?: boolean;
  type?: SetType | null;
  rpe?: number | null;
}

/** The kind and RPE of a stored or answered set, to copy them onto a new set. */
export function kindOf(set: { type?: SetType | null; rpe?: number | null }): {
  type: SetType;
  rpe: number | null;
} {
  return { type: set.type ?? 'NORMAL', rpe: set.rpe ?? null };
}

/** Inserts copies of sets for many owners, in as few statements as PostgreSQL allows. */
export async function insertSets(db: Executor, owner: SetOwner, items: NewSet[]): Promise<void> {
  for (const chunk of chunksOf(items)) {
    await db.insert(repWeights).values(
      chunk.map((item) => ({
        [owner]: item.ownerId,
        reps: item.reps,
        weight: item.weight,
        done: item.done ?? false,
        setType: item.type ?? 'NORMAL',
        rpe: item.rpe ?? null,
      })),
    );
  }
}

/**
 * Full replacement of one owner's sets, as the original Spring backend's exercise PATCH: listed ids
 * of this owner are updated, items without an id are created, unknown ids are dropped, unlisted
 * sets are deleted. A day-log set's done mark and any set's kind change only when the item says
 * so, and its RPE only when the item has the field (null clears it): the original client sends
 * none of them, so its rewrite of a set (same id) keeps them, and a set it adds is NORMAL.
 */
export async function replaceSets(
  db: Executor,
  owner: SetOwner,
  ownerId: number,
  items: RepWeightInput[],
): Promise<void> {
  const column = repWeights[owner];
  const existing = new Set(
    (await db.select({ id: repWeights.id }).from(repWeights).where(eq(column, ownerId))).map(
      (row) => row.id,
    ),
  );
  const updates = new Map<number, RepWeightInput>();
  const creates: RepWeightInput[] = [];
  for (const item of items) {
    if (item.id === null || item.id === undefined) creates.push(item);
    else if (existing.has(item.id) && !updates.has(item.id)) updates.set(item.id, item);
  }
  const removed = [...existing].filter((id) => !updates.has(id));
  if (removed.length > 0) await db.delete(repWeights).where(inArray(repWeights.id, removed));
  const withDone = owner === 'todayExerciseId';
  for (const [id, item] of updates) {
    const done = withDone && typeof item.done === 'boolean' ? { done: item.done } : {};
    const type = item.type ? { setType: item.type } : {};
    const rpe = item.rpe !== undefined ? { rpe: item.rpe } : {};
    await db
      .update(repWeights)
      .set({ reps: item.reps, weight: item.weight, ...done, ...type, ...rpe })
      .where(eq(repWeights.id, id));
  }
  await insertSets(
    db,
    owner,
    creates.map((item) => ({
      ownerId,
      reps: item.reps,
      weight: item.weight,
      done: withDone && item.done === true,
      type: item.type,
      rpe: item.rpe,
    })),
  );
}

/** Rejects a body that names the same id twice (400). */
export function duplicateIndex(ids: number[]): number {
  const seen = new Set<number>();
  for (const [index, id] of ids.entries()) {
    if (seen.has(id)) return index;
    seen.add(id);
  }
  return -1;
}
