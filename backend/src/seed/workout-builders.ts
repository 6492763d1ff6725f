import type { Classification, SetType } from '@/lib/contract/exercise';
import type { CheckBox } from '@/lib/contract/today';

import type { Db } from '../db/client';
import {
  exercises,
  repWeights,
  routineExercises,
  routines,
  todayExercises,
  todays,
} from '../db/schema';
import { insertSets } from '../exercise/sets';

export interface SetSeed {
  reps: number;
  weight: number;
  /** Day-log sets only: ticked as done. */
  done?: boolean;
  /** The set's kind (NORMAL when absent) and RPE (none when absent). */
  type?: SetType;
  rpe?: number | null;
}

export interface ExerciseSeed {
  memberId: number;
  name: string;
  memo: string | null;
  classification: Classification;
  sets: SetSeed[];
}

export interface StoredExercise extends ExerciseSeed {
  id: number;
}

/** An entry of a routine or a day: a copy of an exercise's sets under a sequence. */
export interface EntrySeed {
  exerciseId: number | null;
  exerciseName: string;
  sequence: number;
  sets: SetSeed[];
}

export interface RoutineSeed {
  memberId: number;
  name: string;
  entries: EntrySeed[];
}

export interface DaySeed {
  memberId: number;
  localDate: string;
  checkBox: CheckBox;
  entries: EntrySeed[];
}

export interface StoredParent {
  id: number;
  /** Entry ids in the order of `entries`. */
  entryIds: number[];
}

let sequence = 0;

/** An exercise with three sets by default; every field can be overridden. */
export function buildExercise(
  overrides: Partial<ExerciseSeed> & { memberId: number },
): ExerciseSeed {
  sequence += 1;
  return {
    name: `운동${sequence}`,
    memo: null,
    classification: 'CHEST',
    sets: [
      { reps: 10, weight: 40 },
      { reps: 10, weight: 45 },
      { reps: 8, weight: 50 },
    ],
    ...overrides,
  };
}

/** A routine or day entry copying `exercise` (its sets unless overridden). */
export function entryOf(
  exercise: StoredExercise,
  entrySequence: number,
  sets: SetSeed[] = exercise.sets,
): EntrySeed {
  return {
    exerciseId: exercise.id,
    exerciseName: exercise.name,
    sequence: entrySequence,
    sets: sets.map((set) => ({ ...set })),
  };
}

export function buildRoutine(overrides: Partial<RoutineSeed> & { memberId: number }): RoutineSeed {
  sequence += 1;
  return { name: `루틴${sequence}`, entries: [], ...overrides };
}

export function buildDay(
  overrides: Partial<DaySeed> & { memberId: number; localDate: string },
): DaySeed {
  return { checkBox: 'False', entries: [], ...overrides };
}

/** Inserts exercises and their sets (two statements). */
export async function insertExercises(db: Db, seeds: ExerciseSeed[]): Promise<StoredExercise[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insert(exercises)
    .values(
      seeds.map((s) => ({
        memberId: s.memberId,
        name: s.name,
        memo: s.memo,
        classification: s.classification,
      })),
    )
    .returning({ id: exercises.id });
  const sets = seeds.flatMap((seed, i) =>
    seed.sets.map((set) => ({
      exerciseId: rows[i].id,
      reps: set.reps,
      weight: set.weight,
      setType: set.type ?? 'NORMAL',
      rpe: set.rpe ?? null,
    })),
  );
  if (sets.length > 0) await db.insert(repWeights).values(sets);
  return seeds.map((seed, i) => ({ ...seed, id: rows[i].id }));
}

/** Inserts routines, their entries and the entries' sets (three statements). */
export async function insertRoutines(db: Db, seeds: RoutineSeed[]): Promise<StoredParent[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insert(routines)
    .values(seeds.map((s) => ({ memberId: s.memberId, name: s.name })))
    .returning({ id: routines.id });
  return insertEntries(db, seeds, rows, 'routineExerciseId', (entries) =>
    db
      .insert(routineExercises)
      .values(
        entries.map(({ parentId, entry }) => ({
          routineId: parentId,
          exerciseId: entry.exerciseId,
          exerciseName: entry.exerciseName,
          sequence: entry.sequence,
        })),
      )
      .returning({ id: routineExercises.id }),
  );
}

/** Inserts day logs, their entries and the entries' sets (three statements). */
export async function insertDays(db: Db, seeds: DaySeed[]): Promise<StoredParent[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insert(todays)
    .values(
      seeds.map((s) => ({ memberId: s.memberId, localDate: s.localDate, checkBox: s.checkBox })),
    )
    .returning({ id: todays.id });
  return insertEntries(db, seeds, rows, 'todayExerciseId', (entries) =>
    db
      .insert(todayExercises)
      .values(
        entries.map(({ parentId, entry }) => ({
          todayId: parentId,
          exerciseId: entry.exerciseId,
          exerciseName: entry.exerciseName,
          sequence: entry.sequence,
        })),
      )
      .returning({ id: todayExercises.id }),
  );
}

interface EntryLink {
  parentId: number;
  entry: EntrySeed;
}

/**
 * Inserts the entries of the stored parents `rows` (one per seed, in order) with `insertRows` (one
 * statement, returning the entry ids in order), then the entries' sets under `owner`.
 */
async function insertEntries(
  db: Db,
  seeds: Array<{ entries: EntrySeed[] }>,
  rows: Array<{ id: number }>,
  owner: 'routineExerciseId' | 'todayExerciseId',
  insertRows: (entries: EntryLink[]) => Promise<Array<{ id: number }>>,
): Promise<StoredParent[]> {
  const entries = seeds.flatMap((seed, i) =>
    seed.entries.map((entry) => ({ parentId: rows[i].id, entry })),
  );
  const entryRows = entries.length === 0 ? [] : await insertRows(entries);
  await insertSets(
    db,
    owner,
    entries.flatMap(({ entry }, i) =>
      entry.sets.map((set) => ({
        ownerId: entryRows[i].id,
        reps: set.reps,
        weight: set.weight,
        done: owner === 'todayExerciseId' && set.done === true,
        type: set.type,
        rpe: set.rpe,
      })),
    ),
  );
  return groupEntries(seeds, rows, entryRows);
}

function groupEntries(
  seeds: Array<{ entries: EntrySeed[] }>,
  rows: Array<{ id: number }>,
  entryRows: Array<{ id: number }>,
): StoredParent[] {
  let next = 0;
  return seeds.map((seed, i) => ({
    id: rows[i].id,
    entryIds: seed.entries.map(() => entryRows[next++].id),
  }));
}
