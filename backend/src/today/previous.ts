import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';

import type { PreviousSession } from '@/lib/contract/training';
import { repWeights, todayExercises, todays } from '../db/schema';
import { setsByOwner, type Executor } from '../exercise/sets';

/** The last earlier session of one exercise: its day, its day-log entry and its sets. */
export interface LastSession {
  localDate: string;
  todayExerciseId: number;
  sets: Array<{ reps: number; weight: number }>;
}

/**
 * For each of `exerciseIds`, the member's last day before `beforeDate` that has the exercise with
 * at least one set (its latest entry that day). Matching is by the exercise's id, so a renamed
 * exercise keeps its history and two exercises of the same name do not share one. One query on
 * (exercise_id) and (member_id, local_date), plus one for the sets.
 */
export async function lastSessionsBefore(
  db: Executor,
  memberId: number,
  exerciseIds: number[],
  beforeDate: string,
): Promise<Map<number, LastSession>> {
  const found = new Map<number, LastSession>();
  if (exerciseIds.length === 0) return found;
  const rows = await db
    .selectDistinctOn([todayExercises.exerciseId], {
      exerciseId: todayExercises.exerciseId,
      todayExerciseId: todayExercises.id,
      localDate: todays.localDate,
    })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .where(
      and(
        inArray(todayExercises.exerciseId, exerciseIds),
        eq(todays.memberId, memberId),
        lt(todays.localDate, beforeDate),
        sql`exists (select 1 from ${repWeights} where ${repWeights.todayExerciseId} = ${todayExercises.id})`,
      ),
    )
    .orderBy(todayExercises.exerciseId, desc(todays.localDate), desc(todayExercises.id));
  const sets = await setsByOwner(
    db,
    'todayExerciseId',
    rows.map((row) => row.todayExerciseId),
  );
  for (const row of rows) {
    found.set(row.exerciseId!, {
      localDate: row.localDate,
      todayExerciseId: row.todayExerciseId,
      sets: (sets.get(row.todayExerciseId) ?? []).map(({ reps, weight }) => ({ reps, weight })),
    });
  }
  return found;
}

/** `GET /api/today/date/{date}/previous`: the last session before `date` of each entry's exercise. */
export async function previousSessionsOfDay(
  db: Executor,
  memberId: number,
  date: string,
): Promise<PreviousSession[]> {
  const entries = await db
    .select({ id: todayExercises.id, exerciseId: todayExercises.exerciseId })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .where(and(eq(todays.memberId, memberId), eq(todays.localDate, date)));
  const exerciseIds = [
    ...new Set(entries.flatMap((entry) => (entry.exerciseId === null ? [] : [entry.exerciseId]))),
  ];
  const last = await lastSessionsBefore(db, memberId, exerciseIds, date);
  return entries.flatMap((entry) => {
    const session = entry.exerciseId === null ? undefined : last.get(entry.exerciseId);
    return session
      ? [
          {
            todayExerciseId: entry.id,
            exerciseId: entry.exerciseId!,
            localDate: session.localDate,
            repWeightList: session.sets,
          },
        ]
      : [];
  });
}
