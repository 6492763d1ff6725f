import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportBodyParts,
  type ImportExercise,
  type ImportPreview,
  type ImportResult,
  type ImportSkipReason,
} from '@/lib/contract/data-import';
import type { Classification } from '@/lib/contract/exercise';
import type { WeightUnit } from '@/lib/training/units';
import { chunksOf } from '../db/chunks';
import type { Db } from '../db/client';
import { exercises, members, todayExercises, todays } from '../db/schema';
import { insertSets, type Executor } from '../exercise/sets';
import { ApiError } from '../http/errors';
import { guessBodyPart } from './body-parts';
import { exerciseKey, parseWorkoutCsv, type ParsedFile, type ParsedSet } from './parse';

/** What the member chose in the preview; absent, the defaults. */
export interface ImportChoices {
  /** The unit of a Strong file's weights; default the member's setting. */
  unit?: WeightUnit;
  /** Body parts of exercises to create, by name as the preview spelt it (case and spaces ignored). */
  bodyParts?: ImportBodyParts;
}

/** The body part an exercise without a keyword is created with (the member is asked to check it). */
const FALLBACK_BODY_PART: Classification = 'CHEST';

interface PlannedEntry {
  key: string;
  sets: ParsedSet[];
}

interface PlannedDay {
  date: string;
  /** The day's 완료 for a day the import creates (an existing day keeps its own). */
  completed: boolean;
  /** One entry per exercise, in the order the file first names it that day. */
  entries: PlannedEntry[];
}

interface LibraryEntry {
  id: number;
  name: string;
  classification: Classification;
}

/** The file read, grouped by day and exercise, and its exercises matched against the library. */
interface Plan {
  parsed: ParsedFile;
  days: PlannedDay[];
  exercises: ImportExercise[];
  /** Matched library entries by exercise key. */
  matches: Map<string, LibraryEntry>;
}

async function memberUnit(db: Executor, memberId: number): Promise<WeightUnit> {
  const [row] = await db
    .select({ weightUnit: members.weightUnit })
    .from(members)
    .where(eq(members.id, memberId));
  return row?.weightUnit === 'lb' ? 'lb' : 'kg';
}

/** The member's library by exercise key; of two entries with one key the older one. */
async function libraryByKey(db: Executor, memberId: number): Promise<Map<string, LibraryEntry>> {
  const rows = await db
    .select({ id: exercises.id, name: exercises.name, classification: exercises.classification })
    .from(exercises)
    .where(eq(exercises.memberId, memberId))
    .orderBy(asc(exercises.id));
  const byKey = new Map<string, LibraryEntry>();
  for (const row of rows) {
    const key = exerciseKey(row.name);
    if (!byKey.has(key))
      byKey.set(key, { ...row, classification: row.classification as Classification });
  }
  return byKey;
}

function groupDays(sets: ParsedSet[]): PlannedDay[] {
  const byDate = new Map<string, PlannedDay & { byKey: Map<string, PlannedEntry> }>();
  for (const set of sets) {
    let day = byDate.get(set.date);
    if (!day) {
      day = { date: set.date, completed: false, entries: [], byKey: new Map() };
      byDate.set(set.date, day);
    }
    day.completed ||= set.completed;
    let entry = day.byKey.get(set.key);
    if (!entry) {
      entry = { key: set.key, sets: [] };
      day.byKey.set(set.key, entry);
      day.entries.push(entry);
    }
    entry.sets.push(set);
  }
  return [...byDate.values()]
    .map(({ date, completed, entries }) => ({ date, completed, entries }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

function plan(
  parsed: ParsedFile,
  library: Map<string, LibraryEntry>,
  bodyParts: ImportBodyParts,
): Plan {
  const chosen = new Map(
    Object.entries(bodyParts).map(([name, part]) => [exerciseKey(name), part]),
  );
  const byKey = new Map<string, ImportExercise>();
  const matches = new Map<string, LibraryEntry>();
  for (const set of parsed.sets) {
    const known = byKey.get(set.key);
    if (known) {
      known.sets += 1;
      continue;
    }
    const match = library.get(set.key) ?? null;
    if (match) matches.set(set.key, match);
    const guess = guessBodyPart(set.exercise);
    byKey.set(set.key, {
      name: set.exercise,
      sets: 1,
      match,
      classification: match ? null : (chosen.get(set.key) ?? guess ?? FALLBACK_BODY_PART),
      guessed: guess !== null,
    });
  }
  return { parsed, days: groupDays(parsed.sets), exercises: [...byKey.values()], matches };
}

async function readPlan(
  db: Executor,
  memberId: number,
  bytes: Uint8Array,
  choices: ImportChoices,
): Promise<Plan> {
  const unit = choices.unit ?? (await memberUnit(db, memberId));
  const parsed = parseWorkoutCsv(bytes, unit);
  return plan(parsed, await libraryByKey(db, memberId), choices.bodyParts ?? {});
}

/** The member's days among `dates`: id by date. */
async function existingDays(
  db: Executor,
  memberId: number,
  dates: string[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const chunk of chunksOf(dates)) {
    const rows = await db
      .select({ id: todays.id, localDate: todays.localDate })
      .from(todays)
      .where(and(eq(todays.memberId, memberId), inArray(todays.localDate, chunk)));
    for (const row of rows) found.set(row.localDate, row.id);
  }
  return found;
}

/**
 * What importing `bytes` would do, without writing: the format, the days and sets, each exercise
 * matched to the library or to be created (with its body part), and the rows skipped with their
 * reasons. A whole-file problem is a 400 ApiError.
 */
export async function previewImport(
  db: Db,
  memberId: number,
  bytes: Uint8Array,
  choices: ImportChoices,
): Promise<ImportPreview> {
  const { parsed, days, exercises: planned } = await readPlan(db, memberId, bytes, choices);
  const existing = await existingDays(
    db,
    memberId,
    days.map((day) => day.date),
  );
  const skippedByReason: Partial<Record<ImportSkipReason, number>> = {};
  for (const skip of parsed.skips) {
    skippedByReason[skip.reason] = (skippedByReason[skip.reason] ?? 0) + 1;
  }
  return {
    format: parsed.format,
    unit: parsed.unit,
    unitChoosable: parsed.unitChoosable,
    firstDate: days[0]?.date ?? null,
    lastDate: days.at(-1)?.date ?? null,
    days: days.length,
    existingDays: existing.size,
    sessions: parsed.sessions,
    sets: parsed.sets.length,
    exercises: planned,
    skippedByReason,
    skippedCount: parsed.skips.length,
    skipped: parsed.skips.slice(0, IMPORT_LIMITS.listedSkips),
  };
}

/**
 * Imports `bytes` in one transaction, all or nothing: exercises the library lacks are created
 * (with the chosen or guessed body part, and the sets of their latest imported session as the
 * library's sets), each date gets its day log (created completed, or the existing one, whose own
 * entries and 완료 are left as they are), and each exercise of the day an entry after the day's
 * last, its sets ticked. The file is read again exactly as the preview read it.
 */
export async function runImport(
  db: Db,
  memberId: number,
  bytes: Uint8Array,
  choices: ImportChoices,
): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    const {
      parsed,
      days,
      exercises: planned,
      matches,
    } = await readPlan(tx, memberId, bytes, choices);
    if (parsed.sets.length === 0) throw new ApiError(400, IMPORT_MESSAGES.nothingToImport);

    // Exercises to create, each with the sets of its latest imported day as its library sets.
    const exerciseIds = new Map<string, number>(
      [...matches].map(([key, entry]) => [key, entry.id]),
    );
    const toCreate = planned.filter((exercise) => exercise.match === null);
    for (const chunk of chunksOf(toCreate)) {
      const created = await tx
        .insert(exercises)
        .values(
          chunk.map((exercise) => ({
            memberId,
            name: exercise.name,
            classification: exercise.classification ?? FALLBACK_BODY_PART,
          })),
        )
        .returning({ id: exercises.id, name: exercises.name });
      for (const row of created) exerciseIds.set(exerciseKey(row.name), row.id);
    }
    const latestSets = new Map<string, ParsedSet[]>();
    for (const day of days) for (const entry of day.entries) latestSets.set(entry.key, entry.sets);
    await insertSets(
      tx,
      'exerciseId',
      toCreate.flatMap((exercise) => {
        const key = exerciseKey(exercise.name);
        return (latestSets.get(key) ?? []).map((set) => ({
          ownerId: exerciseIds.get(key)!,
          reps: set.reps,
          weight: set.weight,
        }));
      }),
    );

    // Day logs: the missing ones created (completed as the file says), then every one's id.
    const dates = days.map((day) => day.date);
    const before = await existingDays(tx, memberId, dates);
    const newDays = days.filter((day) => !before.has(day.date));
    for (const chunk of chunksOf(newDays)) {
      await tx
        .insert(todays)
        .values(
          chunk.map((day) => ({
            memberId,
            localDate: day.date,
            checkBox: day.completed ? 'True' : 'False',
          })),
        )
        .onConflictDoNothing();
    }
    const dayIds = await existingDays(tx, memberId, dates);

    // Entries go after each existing day's last (max + 1), in the file's order.
    const lastSequence = new Map<number, number>();
    for (const chunk of chunksOf([...before.values()])) {
      const rows = await tx
        .select({
          todayId: todayExercises.todayId,
          max: sql<number>`coalesce(max(${todayExercises.sequence}), 0)::int`,
        })
        .from(todayExercises)
        .where(inArray(todayExercises.todayId, chunk))
        .groupBy(todayExercises.todayId);
      for (const row of rows) lastSequence.set(row.todayId, row.max);
    }
    const namesByKey = new Map(
      planned.map((exercise) => [
        exerciseKey(exercise.name),
        exercise.match?.name ?? exercise.name,
      ]),
    );
    const entryRows: Array<{
      todayId: number;
      exerciseId: number;
      exerciseName: string;
      sequence: number;
      sets: ParsedSet[];
    }> = [];
    for (const day of days) {
      const todayId = dayIds.get(day.date)!;
      const base = lastSequence.get(todayId) ?? 0;
      day.entries.forEach((entry, index) => {
        entryRows.push({
          todayId,
          exerciseId: exerciseIds.get(entry.key)!,
          exerciseName: namesByKey.get(entry.key)!,
          sequence: base + index + 1,
          sets: entry.sets,
        });
      });
    }
    // Created entries are told apart by (day, sequence), unique within this import.
    const entryIds = new Map<string, number>();
    for (const chunk of chunksOf(entryRows)) {
      const created = await tx
        .insert(todayExercises)
        .values(
          chunk.map((row) => ({
            todayId: row.todayId,
            exerciseId: row.exerciseId,
            exerciseName: row.exerciseName,
            sequence: row.sequence,
          })),
        )
        .returning({
          id: todayExercises.id,
          todayId: todayExercises.todayId,
          sequence: todayExercises.sequence,
        });
      for (const row of created) entryIds.set(`${row.todayId}:${row.sequence}`, row.id);
    }
    await insertSets(
      tx,
      'todayExerciseId',
      entryRows.flatMap((entry) =>
        entry.sets.map((set) => ({
          ownerId: entryIds.get(`${entry.todayId}:${entry.sequence}`)!,
          reps: set.reps,
          weight: set.weight,
          done: set.done,
        })),
      ),
    );

    return {
      format: parsed.format,
      firstDate: days[0].date,
      lastDate: days.at(-1)!.date,
      days: days.length,
      newDays: newDays.length,
      exercisesCreated: toCreate.length,
      sets: parsed.sets.length,
      skippedCount: parsed.skips.length,
    };
  });
}
