import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';

import type { CatalogueAddResult, RecentExercise } from '@/lib/contract/catalogue';
import { RECENT_EXERCISES_LIMIT } from '@/lib/contract/catalogue';
import { catalogueEntry, type CatalogueExercise } from '@/lib/shared/catalogue/data';
import { catalogueNames, compactName } from '@/lib/shared/catalogue/match';

import type { Db } from '../db/client';
import { exercises, todayExercises, todays } from '../db/schema';
import { toResponses } from '../exercise/service';
import { type Executor, insertSets } from '../exercise/sets';
import { notFound } from '../http/reply';

/** The sets a catalogue exercise starts with: three of ten, the weight to fill in. */
const STARTER_SETS = [10, 10, 10];

/**
 * The member's exercise for a catalogue entry: the one linked to its key, else an unlinked one
 * of the member's with one of its names (spaces and case ignored), which gets linked; null when
 * the member has neither.
 */
export async function memberExerciseFor(
  db: Executor,
  memberId: number,
  entry: CatalogueExercise,
): Promise<{ id: number } | null> {
  const [linked] = await db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.memberId, memberId), eq(exercises.catalogueKey, entry.key)));
  if (linked) return linked;
  const names = new Set(catalogueNames(entry).map(compactName));
  const own = await db
    .select({ id: exercises.id, name: exercises.name, catalogueKey: exercises.catalogueKey })
    .from(exercises)
    .where(eq(exercises.memberId, memberId))
    .orderBy(exercises.id);
  const same = own.find((row) => row.catalogueKey === null && names.has(compactName(row.name)));
  if (!same) return null;
  await db
    .update(exercises)
    .set({ catalogueKey: entry.key })
    .where(and(eq(exercises.id, same.id), sql`${exercises.catalogueKey} is null`));
  return { id: same.id };
}

/**
 * Adds the catalogue exercise `key` to the member's library on first use (its Korean name, body
 * part and three starter sets); the member's existing exercise when there is one. Unknown keys
 * are 404.
 */
export async function addFromCatalogue(
  db: Db,
  memberId: number,
  key: string,
): Promise<CatalogueAddResult> {
  const entry = catalogueEntry(key);
  if (!entry) throw notFound();
  return db.transaction(async (tx) => {
    let created = false;
    let found = await memberExerciseFor(tx, memberId, entry);
    if (!found) {
      const [row] = await tx
        .insert(exercises)
        .values({
          memberId,
          name: entry.name,
          classification: entry.classification,
          catalogueKey: entry.key,
        })
        .onConflictDoNothing()
        .returning({ id: exercises.id });
      if (row) {
        created = true;
        await insertSets(
          tx,
          'exerciseId',
          STARTER_SETS.map((reps) => ({ ownerId: row.id, reps, weight: 0 })),
        );
        found = row;
      } else {
        // A concurrent call added it first.
        found = await memberExerciseFor(tx, memberId, entry);
        if (!found) throw notFound();
      }
    }
    const [row] = await tx.select().from(exercises).where(eq(exercises.id, found.id));
    return { created, exercise: (await toResponses(tx, [row]))[0] };
  });
}

/** The member's exercises by the latest day they were logged on, most recent first. */
export async function recentExercises(db: Db, memberId: number): Promise<RecentExercise[]> {
  const lastDate = sql<string>`max(${todays.localDate})`;
  const rows = await db
    .select({ id: exercises.id, name: exercises.name, lastDate })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .innerJoin(exercises, eq(exercises.id, todayExercises.exerciseId))
    .where(
      and(
        eq(todays.memberId, memberId),
        eq(exercises.memberId, memberId),
        isNotNull(todayExercises.exerciseId),
      ),
    )
    .groupBy(exercises.id, exercises.name)
    .orderBy(desc(lastDate), desc(sql`max(${todayExercises.id})`))
    .limit(RECENT_EXERCISES_LIMIT);
  return rows.map((row) => ({ id: row.id, name: row.name, lastDate: String(row.lastDate) }));
}
