import { and, eq, isNotNull } from 'drizzle-orm';

import { type Classification, CLASSIFICATIONS } from '@/lib/contract/exercise';
import type {
  DayRecords,
  ExerciseHistory,
  ExerciseRecords,
  HistoryRange,
  WeekSummary,
} from '@/lib/contract/training';
import { estimatedOneRepMax } from '@/lib/shared/training/one-rep-max';
import { personalRecords, recordBreakers } from '@/lib/shared/training/records';
import { addDays, weekRange, weekStreak } from '@/lib/shared/training/week';

import type { Db } from '../db/client';
import { exercises, todayExercises, todays } from '../db/schema';
import { notFound } from '../http/reply';
import {
  type CountedSet,
  countedSetsOf,
  countedSetsWithBodyPart,
  sessionDates,
} from './counted-sets';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The records the member's sets on `date` set when they were done: each counted set against the
 * same exercise's counted sets of earlier days (and the day's earlier sets), ties not counting.
 */
export async function dayRecords(db: Db, memberId: number, date: string): Promise<DayRecords> {
  const entries = await db
    .select({ id: todayExercises.id, exerciseId: todayExercises.exerciseId })
    .from(todayExercises)
    .innerJoin(todays, eq(todays.id, todayExercises.todayId))
    .where(
      and(
        eq(todays.memberId, memberId),
        eq(todays.localDate, date),
        isNotNull(todayExercises.exerciseId),
      ),
    );
  const exerciseIds = [...new Set(entries.map((entry) => entry.exerciseId!))];
  const sets = await countedSetsOf(db, memberId, exerciseIds, { to: date });
  const result: DayRecords = { sets: [], sessionVolume: [] };
  for (const [exerciseId, history] of groupBy(sets, (set) => set.exerciseId)) {
    const prior = history.filter((set) => set.date < date);
    const day = history.filter((set) => set.date === date);
    const broken = recordBreakers(prior, day);
    for (const [id, records] of broken.sets) {
      if (records.length > 0) result.sets.push({ id, records });
    }
    if (broken.sessionVolume) {
      result.sessionVolume.push(
        ...entries.filter((entry) => entry.exerciseId === exerciseId).map((entry) => entry.id),
      );
    }
  }
  result.sets.sort((a, b) => a.id - b.id);
  result.sessionVolume.sort((a, b) => a - b);
  return result;
}

function recordsDto(sets: readonly CountedSet[]): ExerciseRecords {
  const records = personalRecords(sets);
  return {
    weight: records.weight && {
      weight: records.weight.weight,
      reps: records.weight.reps,
      localDate: records.weight.date,
    },
    oneRepMax: records.oneRepMax && {
      value: records.oneRepMax.oneRepMax,
      weight: records.oneRepMax.weight,
      reps: records.oneRepMax.reps,
      localDate: records.oneRepMax.date,
    },
    setVolume: records.setVolume && {
      value: records.setVolume.volume,
      weight: records.setVolume.weight,
      reps: records.setVolume.reps,
      localDate: records.setVolume.date,
    },
    sessionVolume: records.sessionVolume && {
      value: records.sessionVolume.volume,
      localDate: records.sessionVolume.date,
    },
    repsAtWeight: records.repsAtWeight.map((record) => ({
      weight: record.weight,
      reps: record.reps,
      localDate: record.date,
    })),
  };
}

/** The first day of `range` ending on `today`; undefined for all of it. */
function rangeStart(range: HistoryRange, today: string): string | undefined {
  if (range === 'all') return undefined;
  const [year, month, day] = today.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 1 - (range === '3m' ? 3 : 12), day));
  return addDays(start.toISOString().slice(0, 10), 1);
}

/** The mean of RPEs, to one decimal (8, 8.5 and 9 → 8.5; 8 and 8.5 → 8.3). */
function meanRpe(values: readonly number[]): number {
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
}

/**
 * One exercise's sessions within `range` (ending on `today`), oldest first, with its records of
 * all time; 404 unless the exercise is `memberId`'s.
 */
export async function exerciseHistory(
  db: Db,
  memberId: number,
  exerciseId: number,
  range: HistoryRange,
  today: string,
): Promise<ExerciseHistory> {
  const [exercise] = await db
    .select({ name: exercises.name, classification: exercises.classification })
    .from(exercises)
    .where(and(eq(exercises.id, exerciseId), eq(exercises.memberId, memberId)));
  if (!exercise) throw notFound();
  const sets = await countedSetsOf(db, memberId, [exerciseId]);
  const from = rangeStart(range, today);
  const sessions = [...groupBy(sets, (set) => set.date)]
    .filter(([date]) => !from || date >= from)
    .map(([localDate, daySets]) => {
      const top = daySets.reduce((best, set) =>
        set.weight > best.weight || (set.weight === best.weight && set.reps > best.reps)
          ? set
          : best,
      );
      const rated = daySets.flatMap((set) => (set.rpe === null ? [] : [set.rpe]));
      return {
        localDate,
        // The top set's RPE and the day's mean RPE (of the working sets that have one) are
        // additions, left out when the day has none (issue 27).
        topSet: {
          reps: top.reps,
          weight: top.weight,
          ...(top.rpe !== null ? { rpe: top.rpe } : {}),
        },
        ...(rated.length > 0 ? { rpe: meanRpe(rated) } : {}),
        oneRepMax: Math.max(...daySets.map((set) => estimatedOneRepMax(set.weight, set.reps))),
        volume: daySets.reduce((total, set) => total + set.reps * set.weight, 0),
        sets: daySets.length,
      };
    });
  return {
    exerciseId,
    name: exercise.name,
    classification: exercise.classification as Classification,
    range,
    sessions,
    records: recordsDto(sets),
  };
}

type WeekFigures = WeekSummary['current'];

function weekFigures(
  weekStart: string,
  sets: ReadonlyArray<{
    date: string;
    reps: number;
    weight: number;
    classification: string | null;
  }>,
): WeekFigures {
  const setsByBodyPart = Object.fromEntries(CLASSIFICATIONS.map((c) => [c, 0])) as Record<
    Classification,
    number
  >;
  for (const set of sets) {
    if (set.classification && set.classification in setsByBodyPart) {
      setsByBodyPart[set.classification as Classification] += 1;
    }
  }
  return {
    weekStart,
    sessions: new Set(sets.map((set) => set.date)).size,
    volume: sets.reduce((total, set) => total + set.reps * set.weight, 0),
    setsByBodyPart,
  };
}

/** The week (Monday to Sunday) containing `date` against the week before, and the streak. */
export async function weekSummary(db: Db, memberId: number, date: string): Promise<WeekSummary> {
  const current = weekRange(date);
  const previousStart = addDays(current.start, -7);
  const [sets, dates] = await Promise.all([
    countedSetsWithBodyPart(db, memberId, previousStart, current.end),
    sessionDates(db, memberId, current.end),
  ]);
  return {
    current: weekFigures(
      current.start,
      sets.filter((set) => set.date >= current.start),
    ),
    previous: weekFigures(
      previousStart,
      sets.filter((set) => set.date < current.start),
    ),
    streakWeeks: weekStreak(dates, date),
  };
}
