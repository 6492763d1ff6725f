import { and, eq, sql } from 'drizzle-orm';

import type { RepWeight } from '@/lib/contract/exercise';
import type { LoggedSetDto, PreviousSession } from '@/lib/contract/training';

import { repWeights, todayExercises, todays } from '../db/schema';
import { type Executor, setsByOwner } from '../exercise/sets';

/** A day-log set as logged: without its id and tick, with its kind and RPE where it has them. */
function loggedSetOf({ reps, weight, type, rpe }: RepWeight): LoggedSetDto {
  return { reps, weight, ...(type ? { type } : {}), ...(rpe != null ? { rpe } : {}) };
}

/** The last earlier session of one exercise: its day, its day-log entry and its sets. */
export interface LastSession {
  localDate: string;
  todayExerciseId: number;
  sets: LoggedSetDto[];
}

/**
 * For each of `exerciseIds`, the member's last day before `beforeDate` that has the exercise with
 * at least one set (its latest entry that day). Matching is by the exercise's id, so a renamed
 * exercise keeps its history and two exercises of the same name do not share one. One query, plus
 * one for the sets.
 */
export async function lastSessionsBefore(
  db: Executor,
  memberId: number,
  exerciseIds: number[],
  beforeDate: string,
): Promise<Map<number, LastSession>> {
  const found = new Map<number, LastSession>();
  if (exerciseIds.length === 0) return found;
  // Per exercise, walk the member's days backwards from the date ((member_id, local_date)) and stop
  // at the first that has the exercise with a set: a few index probes for an exercise done often.
  const ids = sql.join(
    exerciseIds.map((id) => sql`(${id}::bigint)`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select wanted.id as "exerciseId", last.entry as "todayExerciseId", last.local_date::text as "localDate"
    from (values ${ids}) as wanted(id)
    cross join lateral (
      select te.id as entry, t.local_date
      from ${todays} t
      join ${todayExercises} te on te.today_id = t.id
      where t.member_id = ${memberId} and t.local_date < ${beforeDate}::date
        and te.exercise_id = wanted.id
        and exists (select 1 from ${repWeights} r where r.today_exercise_id = te.id)
      order by t.local_date desc, te.id desc
      limit 1
    ) as last`)) as unknown as {
    rows: Array<{
      exerciseId: number | string;
      todayExerciseId: number | string;
      localDate: string;
    }>;
  };
  const rows = result.rows.map((row) => ({
    exerciseId: Number(row.exerciseId),
    todayExerciseId: Number(row.todayExerciseId),
    localDate: row.localDate,
  }));
  const sets = await setsByOwner(
    db,
    'todayExerciseId',
    rows.map((row) => row.todayExerciseId),
  );
  for (const row of rows) {
    found.set(row.exerciseId, {
      localDate: row.localDate,
      todayExerciseId: row.todayExerciseId,
      sets: (sets.get(row.todayExerciseId) ?? []).map(loggedSetOf),
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
