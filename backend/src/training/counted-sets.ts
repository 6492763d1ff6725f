import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';

import type { LoggedSet } from '@/lib/training/records';
import type { Executor } from '../exercise/sets';
import { exercises, repWeights, todayExercises, todays } from '../db/schema';

/**
 * Which logged sets count as done work (for records, history and the week summary): a ticked set,
 * or, for an entry none of whose sets is ticked, every set of a day marked 완료 (days logged
 * before set ticks existed, or by the original client, which only knows 완료). Unticked sets of
 * an entry that uses ticks, and days not 완료, are plans, not work.
 */
export const countedSet: SQL = sql`(${repWeights.done} or (${todays.checkBox} = 'True' and not exists (
  select 1 from ${repWeights} as ticked
  where ticked.today_exercise_id = ${todayExercises.id} and ticked.done
)))`;

export interface CountedSet extends LoggedSet {
  exerciseId: number;
  todayExerciseId: number;
}

/** The member's counted sets of `exerciseIds` between two dates (inclusive), oldest first. */
export async function countedSetsOf(
  db: Executor,
  memberId: number,
  exerciseIds: number[],
  range: { from?: string; to?: string } = {},
): Promise<CountedSet[]> {
  if (exerciseIds.length === 0) return [];
  const rows = await db
    .select({
      date: todays.localDate,
      setId: repWeights.id,
      reps: repWeights.reps,
      weight: repWeights.weight,
      exerciseId: todayExercises.exerciseId,
      todayExerciseId: todayExercises.id,
    })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .innerJoin(repWeights, eq(repWeights.todayExerciseId, todayExercises.id))
    .where(
      and(
        eq(todays.memberId, memberId),
        inArray(todayExercises.exerciseId, exerciseIds),
        range.from ? gte(todays.localDate, range.from) : undefined,
        range.to ? lte(todays.localDate, range.to) : undefined,
        countedSet,
      ),
    )
    .orderBy(asc(todays.localDate), asc(repWeights.id));
  return rows.map((row) => ({ ...row, exerciseId: row.exerciseId! }));
}

/** The member's counted sets of every exercise between two dates, with each one's body part. */
export async function countedSetsWithBodyPart(
  db: Executor,
  memberId: number,
  from: string,
  to: string,
): Promise<Array<{ date: string; reps: number; weight: number; classification: string | null }>> {
  return db
    .select({
      date: todays.localDate,
      reps: repWeights.reps,
      weight: repWeights.weight,
      classification: exercises.classification,
    })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .innerJoin(repWeights, eq(repWeights.todayExerciseId, todayExercises.id))
    .leftJoin(exercises, eq(exercises.id, todayExercises.exerciseId))
    .where(
      and(
        eq(todays.memberId, memberId),
        gte(todays.localDate, from),
        lte(todays.localDate, to),
        countedSet,
      ),
    );
}

/** Every day on which the member did counted work, up to `to`, oldest first. */
export async function sessionDates(db: Executor, memberId: number, to: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: todays.localDate })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .innerJoin(repWeights, eq(repWeights.todayExerciseId, todayExercises.id))
    .where(and(eq(todays.memberId, memberId), lte(todays.localDate, to), countedSet))
    .orderBy(asc(todays.localDate));
  return rows.map((row) => row.date);
}
