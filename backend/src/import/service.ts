import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportBodyParts,
  type ImportExercise,
  type ImportLinks,
  type ImportMatchReason,
  type ImportPreview,
  type ImportResult,
  type ImportSkipReason,
} from '@/lib/contract/data-import';
import type { Classification } from '@/lib/contract/exercise';
import { catalogueEntry, type CatalogueExercise } from '@/lib/shared/catalogue/data';
import { matchCatalogue, NameMatcher } from '@/lib/shared/catalogue/match';
import type { WeightUnit } from '@/lib/shared/training/units';

import { chunksOf } from '../db/chunks';
import type { Db } from '../db/client';
import { exerciseAliases, exercises, members, todayExercises, todays } from '../db/schema';
import { type Executor, insertSets } from '../exercise/sets';
import { ApiError } from '../http/errors';
import { fieldError, notFound } from '../http/reply';
import { guessBodyPart } from './body-parts';
import { exerciseKey, type ParsedFile, type ParsedSet, parseWorkoutCsv } from './parse';

/** What the member chose in the preview; absent, the defaults. */
export interface ImportChoices {
  /** The unit of a Strong file's weights; default the member's setting. */
  unit?: WeightUnit;
  /** Body parts of exercises to create, by name as the preview spelt it (case and spaces ignored). */
  bodyParts?: ImportBodyParts;
  /** What each exercise goes to, by name as the preview spelt it (issue 29); absent, the suggestion. */
  links?: ImportLinks;
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

/** The member's library, read once per import, with what matching needs. */
interface Library {
  /** By exercise key; of two entries with one key the older one. */
  byKey: Map<string, LibraryEntry>;
  byId: Map<number, LibraryEntry>;
  /** By catalogue key, the linked entries. */
  byCatalogue: Map<string, LibraryEntry>;
  /** The member's remembered choices: source name key → entry. */
  aliases: Map<string, LibraryEntry>;
  /** The entries' names, for similar-name matching. */
  matcher: NameMatcher<LibraryEntry>;
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

async function readLibrary(db: Executor, memberId: number): Promise<Library> {
  const rows = await db
    .select({
      id: exercises.id,
      name: exercises.name,
      classification: exercises.classification,
      catalogueKey: exercises.catalogueKey,
    })
    .from(exercises)
    .where(eq(exercises.memberId, memberId))
    .orderBy(asc(exercises.id));
  const byKey = new Map<string, LibraryEntry>();
  const byId = new Map<number, LibraryEntry>();
  const byCatalogue = new Map<string, LibraryEntry>();
  for (const row of rows) {
    const entry = {
      id: row.id,
      name: row.name,
      classification: row.classification as Classification,
    };
    const key = exerciseKey(row.name);
    if (!byKey.has(key)) byKey.set(key, entry);
    byId.set(row.id, entry);
    if (row.catalogueKey) byCatalogue.set(row.catalogueKey, entry);
  }
  const aliasRows = await db
    .select({ sourceName: exerciseAliases.sourceName, exerciseId: exerciseAliases.exerciseId })
    .from(exerciseAliases)
    .where(eq(exerciseAliases.memberId, memberId));
  const aliases = new Map<string, LibraryEntry>();
  for (const row of aliasRows) {
    const entry = byId.get(row.exerciseId);
    if (entry) aliases.set(row.sourceName, entry);
  }
  const matcher = new NameMatcher(
    rows.map((row) => ({ value: byId.get(row.id)!, names: [row.name] })),
  );
  return { byKey, byId, byCatalogue, aliases, matcher };
}

/** The member's entry for a catalogue exercise: linked to it, or of one of its names. */
function libraryEntryFor(library: Library, entry: CatalogueExercise): LibraryEntry | null {
  const linked = library.byCatalogue.get(entry.key);
  if (linked) return linked;
  for (const name of [entry.name, entry.english, ...entry.aliases]) {
    const own = library.byKey.get(exerciseKey(name));
    if (own) return own;
  }
  return null;
}

interface Suggestion {
  match: LibraryEntry | null;
  matchedBy?: ImportMatchReason;
  catalogue: CatalogueExercise | null;
  /** Created from this catalogue exercise (the member chose it and lacks it). */
  createsFromCatalogue: CatalogueExercise | null;
}

/**
 * What a file's exercise goes to: the member's choice in the preview when given, else the same
 * name in the library, the member's remembered choice, the library's entry for the catalogue
 * exercise the name means, a similar library name, or nothing (created).
 */
function suggest(
  name: string,
  key: string,
  library: Library,
  links: Map<string, ImportLinks[string]>,
): Suggestion {
  const catalogue = matchCatalogue(name);
  const link = links.get(key);
  if (link) {
    if ('exerciseId' in link) {
      const match = library.byId.get(link.exerciseId);
      if (!match) throw notFound();
      return { match, matchedBy: 'choice', catalogue, createsFromCatalogue: null };
    }
    if ('catalogueKey' in link) {
      const chosen = catalogueEntry(link.catalogueKey);
      if (!chosen) throw fieldError('links', IMPORT_MESSAGES.links);
      const match = libraryEntryFor(library, chosen);
      return match
        ? { match, matchedBy: 'choice', catalogue: chosen, createsFromCatalogue: null }
        : { match: null, catalogue: chosen, createsFromCatalogue: chosen };
    }
    return { match: null, catalogue, createsFromCatalogue: null };
  }
  const same = library.byKey.get(key);
  if (same) return { match: same, matchedBy: 'name', catalogue, createsFromCatalogue: null };
  const remembered = library.aliases.get(key);
  if (remembered)
    return { match: remembered, matchedBy: 'alias', catalogue, createsFromCatalogue: null };
  const viaCatalogue = catalogue ? libraryEntryFor(library, catalogue) : null;
  if (viaCatalogue) {
    return { match: viaCatalogue, matchedBy: 'catalogue', catalogue, createsFromCatalogue: null };
  }
  const similar = library.matcher.best(name)?.value ?? null;
  if (similar)
    return { match: similar, matchedBy: 'similar', catalogue, createsFromCatalogue: null };
  return { match: null, catalogue, createsFromCatalogue: null };
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
  library: Library,
  bodyParts: ImportBodyParts,
  links: ImportLinks,
): Plan {
  const chosen = new Map(
    Object.entries(bodyParts).map(([name, part]) => [exerciseKey(name), part]),
  );
  const linked = new Map(Object.entries(links).map(([name, link]) => [exerciseKey(name), link]));
  const byKey = new Map<string, ImportExercise>();
  const matches = new Map<string, LibraryEntry>();
  for (const set of parsed.sets) {
    const known = byKey.get(set.key);
    if (known) {
      known.sets += 1;
      continue;
    }
    const suggestion = suggest(set.exercise, set.key, library, linked);
    const match = suggestion.match;
    if (match) matches.set(set.key, match);
    const guess = guessBodyPart(set.exercise);
    const fromCatalogue = suggestion.createsFromCatalogue;
    const newClassification =
      chosen.get(set.key) ?? guess ?? suggestion.catalogue?.classification ?? FALLBACK_BODY_PART;
    byKey.set(set.key, {
      name: set.exercise,
      sets: 1,
      match,
      classification: match
        ? null
        : fromCatalogue
          ? fromCatalogue.classification
          : newClassification,
      guessed: guess !== null || fromCatalogue !== null,
      ...(suggestion.matchedBy ? { matchedBy: suggestion.matchedBy } : {}),
      catalogue: suggestion.catalogue
        ? {
            key: suggestion.catalogue.key,
            name: suggestion.catalogue.name,
            classification: suggestion.catalogue.classification,
          }
        : null,
      createsFromCatalogue: fromCatalogue?.key ?? null,
      newClassification,
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
  return plan(
    parsed,
    await readLibrary(db, memberId),
    choices.bodyParts ?? {},
    choices.links ?? {},
  );
}

/**
 * Remembers where each of the file's exercises went when that was not its own name (the member's
 * choice, a catalogue or similar match), so that the next file's same name goes there at once; a
 * name the member chose to create forgets an earlier choice (its new exercise has that name).
 */
async function rememberChoices(
  tx: Executor,
  memberId: number,
  planned: ImportExercise[],
  exerciseIds: Map<string, number>,
): Promise<void> {
  const remember: Array<{ memberId: number; sourceName: string; exerciseId: number }> = [];
  const forget: string[] = [];
  for (const exercise of planned) {
    const key = exerciseKey(exercise.name);
    if (exercise.matchedBy === 'name') continue;
    if (exercise.match === null && exercise.createsFromCatalogue == null) {
      forget.push(key);
      continue;
    }
    const id = exerciseIds.get(key);
    if (id !== undefined) remember.push({ memberId, sourceName: key, exerciseId: id });
  }
  for (const chunk of chunksOf(forget)) {
    await tx
      .delete(exerciseAliases)
      .where(
        and(eq(exerciseAliases.memberId, memberId), inArray(exerciseAliases.sourceName, chunk)),
      );
  }
  for (const chunk of chunksOf(remember)) {
    await tx
      .insert(exerciseAliases)
      .values(chunk)
      .onConflictDoUpdate({
        target: [exerciseAliases.memberId, exerciseAliases.sourceName],
        set: { exerciseId: sql`excluded.exercise_id` },
      });
  }
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
    // One exercise per catalogue key, however many of the file's names chose it.
    const creations: Array<{
      keys: string[];
      name: string;
      classification: Classification;
      catalogueKey: string | null;
    }> = [];
    const byCatalogue = new Map<string, (typeof creations)[number]>();
    for (const exercise of toCreate) {
      const key = exerciseKey(exercise.name);
      const fromCatalogue = exercise.createsFromCatalogue
        ? catalogueEntry(exercise.createsFromCatalogue)
        : undefined;
      if (fromCatalogue) {
        const known = byCatalogue.get(fromCatalogue.key);
        if (known) {
          known.keys.push(key);
          continue;
        }
        const creation = {
          keys: [key],
          name: fromCatalogue.name,
          classification: fromCatalogue.classification,
          catalogueKey: fromCatalogue.key,
        };
        byCatalogue.set(fromCatalogue.key, creation);
        creations.push(creation);
      } else {
        creations.push({
          keys: [key],
          name: exercise.name,
          classification: exercise.classification ?? FALLBACK_BODY_PART,
          catalogueKey: null,
        });
      }
    }
    const createdNames = new Map<string, string>();
    for (const chunk of chunksOf(creations)) {
      const created = await tx
        .insert(exercises)
        .values(
          chunk.map((creation) => ({
            memberId,
            name: creation.name,
            classification: creation.classification,
            catalogueKey: creation.catalogueKey,
          })),
        )
        .returning({ id: exercises.id });
      // RETURNING answers the rows in the order of VALUES.
      created.forEach((row, index) => {
        for (const key of chunk[index].keys) {
          exerciseIds.set(key, row.id);
          createdNames.set(key, chunk[index].name);
        }
      });
    }
    const latestSets = new Map<string, ParsedSet[]>();
    for (const day of days) for (const entry of day.entries) latestSets.set(entry.key, entry.sets);
    await insertSets(
      tx,
      'exerciseId',
      creations.flatMap((creation) =>
        (latestSets.get(creation.keys[0]) ?? []).map((set) => ({
          ownerId: exerciseIds.get(creation.keys[0])!,
          reps: set.reps,
          weight: set.weight,
          type: set.type,
          rpe: set.rpe,
        })),
      ),
    );
    await rememberChoices(tx, memberId, planned, exerciseIds);

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
      planned.map((exercise) => {
        const key = exerciseKey(exercise.name);
        return [key, exercise.match?.name ?? createdNames.get(key) ?? exercise.name];
      }),
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
          type: set.type,
          rpe: set.rpe,
        })),
      ),
    );

    return {
      format: parsed.format,
      firstDate: days[0].date,
      lastDate: days.at(-1)!.date,
      days: days.length,
      newDays: newDays.length,
      exercisesCreated: creations.length,
      sets: parsed.sets.length,
      skippedCount: parsed.skips.length,
    };
  });
}
