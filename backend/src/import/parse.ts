import Papa from 'papaparse';

import { isRealDate } from '@/lib/contract/common';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportFormat,
  type ImportSkip,
  type ImportSkipReason,
} from '@/lib/contract/data-import';
import { LIMITS, RPE, type SetType, setTypeSchema } from '@/lib/contract/exercise';
import { fromDisplayWeight, type WeightUnit } from '@/lib/shared/training/units';

import { restoreCell } from '../csv/cell';
import { ApiError } from '../http/errors';

/**
 * Reading a workout CSV exported by Strong, Hevy or EveryHealth itself into sets, deterministically
 * (the preview and the import read the same file to the same result). The format is told by the
 * header's column names, in any order; papaparse does the CSV (quotes, embedded line breaks and
 * delimiters, CRLF); this module only maps rows.
 *
 * Published layouts:
 * - Strong: `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,
 *   Workout Notes,RPE` (older versions: `;` between fields, decimal commas, and a `Weight Unit`
 *   column). `Date` is the session's start, `2024-11-26 18:30:00`, in the phone's local time;
 *   `Set Order` is a number (or W/D/F for warm-up, drop and failure sets), or text (`Rest Timer`,
 *   `Note`) on rows that are not sets. `Weight` is in the unit the member chose in Strong.
 * - Hevy: `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,
 *   set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe` (or `weight_lbs`);
 *   `start_time` like `26 Nov 2024, 18:30`, local time.
 * - EveryHealth's own `workouts.csv` (backend/src/export): `Date,Workout Name,Exercise Name,
 *   Set Order,Weight (kg),Reps,Done,Completed,Set Type,RPE` (the last two since set kinds; older
 *   files have none).
 * Each format's set kind (Strong's W/D/F set order, Hevy's `set_type`, our `Set Type`) and RPE come
 * along; an RPE outside 6–10 in halves is read as none rather than losing the set.
 */

/** One set read from a row. */
export interface ParsedSet {
  /** The row as a spreadsheet numbers it (header = 1). */
  row: number;
  /** The Seoul calendar day of the session (yyyy-MM-dd). */
  date: string;
  /** Tells workouts apart (two sessions on one day are two). */
  session: string;
  /** The exercise's name as written, trimmed. */
  exercise: string;
  /** The name as matched: NFC, lower case, spaces collapsed. */
  key: string;
  reps: number;
  /** Kilograms, exact (a pound entry is not rounded). */
  weight: number;
  /** The set's done mark (our own export says; the other apps export done sets only). */
  done: boolean;
  /** The day's 완료 (our own export says; otherwise true). */
  completed: boolean;
  /** Warm-up, drop, failure or a working set. */
  type: SetType;
  /** RPE 6–10 in halves, or null. */
  rpe: number | null;
}

export interface ParsedFile {
  format: ImportFormat;
  /** The unit the weights were read in. */
  unit: WeightUnit;
  /** The member picks the unit: Strong without a `Weight Unit` column. */
  unitChoosable: boolean;
  sets: ParsedSet[];
  /** Every row left out, by row. */
  skips: ImportSkip[];
  sessions: number;
}

/** The key an exercise name is matched by: NFC (macOS writes Hangul decomposed), lower case, spaces collapsed. */
export function exerciseKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Lower-cased, trimmed column names of each format that must be there. */
const REQUIRED: Record<ImportFormat, string[]> = {
  everyhealth: ['date', 'exercise name', 'set order', 'weight (kg)', 'reps'],
  strong: ['date', 'workout name', 'exercise name', 'set order', 'weight', 'reps'],
  hevy: ['title', 'start_time', 'exercise_title', 'reps'],
};

type Columns = Map<string, number>;

function detectFormat(columns: Columns): ImportFormat | null {
  for (const format of ['everyhealth', 'strong', 'hevy'] as const) {
    if (!REQUIRED[format].every((name) => columns.has(name))) continue;
    if (format === 'hevy' && !columns.has('weight_kg') && !columns.has('weight_lbs')) continue;
    return format;
  }
  return null;
}

function columnsOf(header: string[]): Columns {
  const columns: Columns = new Map();
  header.forEach((name, index) => {
    const key = name
      .replace(/^\uFEFF/, '')
      .trim()
      .toLowerCase();
    if (!columns.has(key)) columns.set(key, index);
  });
  return columns;
}

/**
 * The file's text: UTF-8 (a byte order mark dropped), else EUC-KR/CP949, which Excel writes when
 * a Korean member saves a CSV.
 */
function decode(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    try {
      text = new TextDecoder('euc-kr', { fatal: true }).decode(bytes);
    } catch {
      throw new ApiError(400, IMPORT_MESSAGES.unreadable);
    }
  }
  return text.replace(/^\uFEFF/, '');
}

/** The delimiter whose split of the first line names a known format, with that format. */
function sniff(text: string): { delimiter: string; format: ImportFormat; columns: Columns } {
  const end = text.search(/\r?\n/);
  const firstLine = end === -1 ? text : text.slice(0, end);
  for (const delimiter of [',', ';', '\t']) {
    const { data } = Papa.parse<string[]>(firstLine, { delimiter, preview: 1 });
    const header = data[0];
    if (!header || header.length < 4) continue;
    const columns = columnsOf(header);
    const format = detectFormat(columns);
    if (format) return { delimiter, format, columns };
  }
  throw new ApiError(400, IMPORT_MESSAGES.unknownFormat);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const ISO_LIKE =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const HEVY_DATE = /^(\d{1,2}) ([a-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/i;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The calendar day of a session start. Local times without an offset (what all three apps write)
 * keep their own date; a time with an offset or `Z` is moved to Asia/Seoul (UTC+9, no DST).
 * Null when unreadable or not a real day.
 */
export function sessionDate(value: string): string | null {
  const text = value.trim();
  let year: number, month: number, day: number;
  const iso = ISO_LIKE.exec(text);
  const hevy = iso ? null : HEVY_DATE.exec(text);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    const offset = iso[7];
    if (offset && iso[4] !== undefined) {
      const minutes =
        offset.toUpperCase() === 'Z'
          ? 0
          : (offset[0] === '-' ? -1 : 1) *
            (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(-2)));
      const utc =
        Date.UTC(year, month - 1, day, Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0)) -
        minutes * 60_000;
      if (Number.isNaN(utc)) return null;
      const seoul = new Date(utc + 9 * 3600_000);
      [year, month, day] = [seoul.getUTCFullYear(), seoul.getUTCMonth() + 1, seoul.getUTCDate()];
    }
  } else if (hevy) {
    const monthIndex = MONTHS.indexOf(hevy[2].toLowerCase());
    if (monthIndex < 0) return null;
    [year, month, day] = [Number(hevy[3]), monthIndex + 1, Number(hevy[1])];
  } else {
    return null;
  }
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return isRealDate(date) ? date : null;
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;

/** A number cell: null when empty, NaN when unreadable. Semicolon files may use decimal commas. */
function numberCell(value: string | undefined, decimalComma: boolean): number | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (NUMERIC.test(text)) return Number(text);
  if (decimalComma && DECIMAL_COMMA.test(text)) return Number(text.replace(',', '.'));
  return Number.NaN;
}

/**
 * A text cell as its writer meant it: trimmed, and a leading `'` that neutralised formula text
 * (`'=SUM(A1)`, as our own export and spreadsheet-minded apps write it) dropped again.
 */
function textCell(value: string | undefined): string {
  return restoreCell((value ?? '').trim()).trim();
}

/** What one row holds: a set, or why it is skipped. */
type RowResult =
  | { set: Omit<ParsedSet, 'row' | 'key'> }
  | { skip: ImportSkipReason; exercise: string | null; value: string | null };

interface RowReader {
  unit: WeightUnit;
  unitChoosable: boolean;
  read(row: string[]): RowResult;
}

function skip(reason: ImportSkipReason, exercise: string | null, value: string | null = null) {
  return { skip: reason, exercise, value };
}

/** Strong's `Weight Unit` column (older exports): `kg`, `lbs`. */
function unitCell(value: string | undefined): WeightUnit | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'kg' || text === 'kgs') return 'kg';
  if (text === 'lb' || text === 'lbs') return 'lb';
  return null;
}

function booleanCell(value: string | undefined, fallback: boolean): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  return fallback;
}

/** Strong's set kinds besides numbered sets: warm-up, drop and failure sets. */
const STRONG_SET_KINDS = /^(\d+|w|d|f)$/i;

const STRONG_SET_TYPES = new Map<string, SetType>([
  ['w', 'WARMUP'],
  ['d', 'DROP'],
  ['f', 'FAILURE'],
]);

/** Strong's `Set Order`: a number is a working set, W/D/F a warm-up, drop or failure set. */
function strongSetType(order: string): SetType {
  return STRONG_SET_TYPES.get(order.toLowerCase()) ?? 'NORMAL';
}

/** Hevy's `set_type` words. A Map, so that a cell such as `constructor` is no kind at all. */
const HEVY_SET_TYPES = new Map<string, SetType>([
  ['normal', 'NORMAL'],
  ['warmup', 'WARMUP'],
  ['dropset', 'DROP'],
  ['failure', 'FAILURE'],
]);

/** Hevy's `set_type` (normal, warmup, dropset, failure); anything else is a normal set. */
function hevySetType(value: string | undefined): SetType {
  return HEVY_SET_TYPES.get((value ?? '').trim().toLowerCase()) ?? 'NORMAL';
}

/** Our own export's `Set Type` (SET_TYPES, any case); anything else is a normal set. */
function ownSetType(value: string | undefined): SetType {
  const kind = setTypeSchema.safeParse((value ?? '').trim().toUpperCase());
  return kind.success ? kind.data : 'NORMAL';
}

/** An RPE cell: 6–10 in halves, else none (the set itself is still sound). */
function rpeCell(value: string | undefined, decimalComma: boolean): number | null {
  const number = numberCell(value, decimalComma);
  if (number === null || Number.isNaN(number)) return null;
  if (number < RPE.min || number > RPE.max || !Number.isInteger(number / RPE.step)) return null;
  return number;
}

/**
 * The common checks of a set row, in the order a member would fix them: the name, the date, the
 * repetitions (none: a cardio or timed row), then the weight (empty: body weight, 0).
 */
function setRow(
  cells: {
    exercise: string | undefined;
    date: string | undefined;
    session: string;
    reps: string | undefined;
    weight: string | undefined;
    unit: WeightUnit;
    done: boolean;
    completed: boolean;
    type: SetType;
    rpe: string | undefined;
  },
  decimalComma: boolean,
): RowResult {
  const exercise = textCell(cells.exercise);
  if (exercise.length < 1 || exercise.length > LIMITS.name) {
    return skip('badName', exercise === '' ? null : exercise.slice(0, LIMITS.name));
  }
  const date = sessionDate(cells.date ?? '');
  if (date === null) return skip('badDate', exercise, (cells.date ?? '').trim());
  const reps = numberCell(cells.reps, decimalComma);
  if (reps !== null && Number.isNaN(reps)) return skip('badNumber', exercise, cells.reps!.trim());
  // The wire truncates fractional repetitions (10.7 → 10); none or zero is a cardio or timed row.
  const whole = reps === null ? 0 : Math.trunc(reps);
  if (whole === 0) return skip('noReps', exercise);
  if (whole < 1 || whole > LIMITS.reps) return skip('repsOutOfRange', exercise, String(reps));
  const weight = numberCell(cells.weight, decimalComma);
  if (weight !== null && Number.isNaN(weight)) {
    return skip('badNumber', exercise, cells.weight!.trim());
  }
  const kilograms = fromDisplayWeight(weight ?? 0, cells.unit);
  if (!(kilograms >= 0 && kilograms <= LIMITS.weight)) {
    return skip('weightOutOfRange', exercise, `${weight}${cells.unit}`);
  }
  return {
    set: {
      date,
      session: cells.session,
      exercise,
      reps: whole,
      weight: kilograms,
      done: cells.done,
      completed: cells.completed,
      type: cells.type,
      rpe: rpeCell(cells.rpe, decimalComma),
    },
  };
}

function readerFor(
  format: ImportFormat,
  columns: Columns,
  chosenUnit: WeightUnit,
  decimalComma: boolean,
): RowReader {
  const at = (row: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? undefined : row[index];
  };
  if (format === 'strong') {
    const perRowUnit = columns.has('weight unit');
    return {
      unit: chosenUnit,
      unitChoosable: !perRowUnit,
      read(row) {
        const order = (at(row, 'set order') ?? '').trim();
        const exercise = textCell(at(row, 'exercise name')) || null;
        if (!STRONG_SET_KINDS.test(order)) return skip('notASet', exercise, order || null);
        return setRow(
          {
            exercise: at(row, 'exercise name'),
            date: at(row, 'date'),
            session: `${(at(row, 'date') ?? '').trim()}\u0000${(at(row, 'workout name') ?? '').trim()}`,
            reps: at(row, 'reps'),
            weight: at(row, 'weight'),
            unit: (perRowUnit ? unitCell(at(row, 'weight unit')) : null) ?? chosenUnit,
            done: true,
            completed: true,
            type: strongSetType(order),
            rpe: at(row, 'rpe'),
          },
          decimalComma,
        );
      },
    };
  }
  if (format === 'hevy') {
    const unit: WeightUnit = columns.has('weight_kg') ? 'kg' : 'lb';
    const weightColumn = unit === 'kg' ? 'weight_kg' : 'weight_lbs';
    return {
      unit,
      unitChoosable: false,
      read(row) {
        return setRow(
          {
            exercise: at(row, 'exercise_title'),
            date: at(row, 'start_time'),
            session: `${(at(row, 'start_time') ?? '').trim()}\u0000${(at(row, 'title') ?? '').trim()}`,
            reps: at(row, 'reps'),
            weight: at(row, weightColumn),
            unit,
            done: true,
            completed: true,
            type: hevySetType(at(row, 'set_type')),
            rpe: at(row, 'rpe'),
          },
          decimalComma,
        );
      },
    };
  }
  return {
    unit: 'kg',
    unitChoosable: false,
    read(row) {
      return setRow(
        {
          exercise: at(row, 'exercise name'),
          date: at(row, 'date'),
          session: `${(at(row, 'date') ?? '').trim()}\u0000${(at(row, 'workout name') ?? '').trim()}`,
          reps: at(row, 'reps'),
          weight: at(row, 'weight (kg)'),
          unit: 'kg',
          done: booleanCell(at(row, 'done'), true),
          completed: booleanCell(at(row, 'completed'), true),
          type: ownSetType(at(row, 'set type')),
          rpe: at(row, 'rpe'),
        },
        decimalComma,
      );
    },
  };
}

/**
 * Reads a workout CSV. Whole-file problems (not UTF-8 or EUC-KR, empty, no known header, more
 * than IMPORT_LIMITS.rows rows) are a 400 ApiError; a row that cannot be a set is skipped with
 * its reason, and so are the sets of an exercise past LIMITS.sets on one day. `unit` is the unit
 * of a Strong file's weights (the others name theirs).
 */
export function parseWorkoutCsv(bytes: Uint8Array, unit: WeightUnit): ParsedFile {
  const text = decode(bytes);
  if (text.trim() === '') throw new ApiError(400, IMPORT_MESSAGES.empty);
  const { delimiter, format, columns } = sniff(text);
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: 'greedy',
    // The header, the rows allowed, and one more to tell that there are too many.
    preview: IMPORT_LIMITS.rows + 2,
  });
  // An unterminated quote swallows the rest of the file into one field: nothing after it is sound.
  if (parsed.errors.some((error) => error.type === 'Quotes')) {
    throw new ApiError(400, IMPORT_MESSAGES.unreadable);
  }
  const rows = parsed.data.slice(1);
  if (rows.length > IMPORT_LIMITS.rows) throw new ApiError(400, IMPORT_MESSAGES.tooManyRows);
  const reader = readerFor(format, columns, unit, delimiter === ';');

  const sets: ParsedSet[] = [];
  const skips: ImportSkip[] = [];
  const sessions = new Set<string>();
  const setsPerEntry = new Map<string, number>();
  rows.forEach((cells, index) => {
    const row = index + 2;
    const result = reader.read(cells);
    if ('skip' in result) {
      skips.push({ row, reason: result.skip, exercise: result.exercise, value: result.value });
      return;
    }
    const key = exerciseKey(result.set.exercise);
    // One entry per exercise and day: its sets past the wire's limit are left out.
    const entry = `${result.set.date}\u0000${key}`;
    const count = (setsPerEntry.get(entry) ?? 0) + 1;
    setsPerEntry.set(entry, count);
    if (count > LIMITS.sets) {
      skips.push({ row, reason: 'tooManySets', exercise: result.set.exercise, value: null });
      return;
    }
    sessions.add(result.set.session);
    sets.push({ ...result.set, row, key });
  });
  return {
    format,
    unit: reader.unit,
    unitChoosable: reader.unitChoosable,
    sets,
    skips,
    sessions: sessions.size,
  };
}
