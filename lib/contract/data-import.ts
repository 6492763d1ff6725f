import './zod-csp';

import * as z from 'zod/mini';

import { WEIGHT_UNITS } from '@/lib/shared/training/units';

import { localDateSchema } from './common';
import { classificationSchema } from './exercise';
import {
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  IMPORT_SKIP_REASONS,
  type ImportFormat,
  type ImportSkipReason,
} from './values';

export {
  IMPORT_FORMATS,
  IMPORT_LIMITS,
  IMPORT_SKIP_REASONS,
  type ImportFormat,
  type ImportSkipReason,
};

/*
 * Importing workout history from Strong's, Hevy's or our own CSV export (issue 16): additions to
 * the original wire. Both calls take the same multipart body, `file` (the CSV) with the optional
 * fields `unit` (`kg`/`lb`: the unit of a Strong file's weights; default the member's setting) and
 * `bodyParts` (JSON `{exerciseName: CLASSIFICATION}`: body parts of the exercises the import
 * creates, overriding the guess). Both read the file the same way; the preview writes nothing.
 */

export const IMPORT_MESSAGES = {
  fileMissing: '가져올 CSV 파일을 선택해주세요.',
  empty: '파일이 비어 있습니다.',
  tooLarge: `파일이 너무 큽니다. ${IMPORT_LIMITS.fileBytes / 1024 / 1024}MB 이하의 CSV 파일만 가져올 수 있습니다.`,
  tooManyRows: `행이 너무 많습니다. 한 번에 ${IMPORT_LIMITS.rows.toLocaleString('en-US')}행까지 가져올 수 있습니다.`,
  unknownFormat:
    '알 수 없는 형식입니다. Strong, Hevy 또는 EveryHealth에서 내보낸 CSV 파일인지 확인해주세요.',
  unreadable: 'CSV 파일을 읽을 수 없습니다.',
  nothingToImport: '가져올 세트가 없습니다.',
  unit: '무게 단위는 kg 또는 lb여야 합니다.',
  bodyParts: '운동 부위를 정확히 선택해주세요.',
  links: '연결할 운동을 정확히 선택해주세요.',
} as const;

const int = () => z.number().check(z.int());

/** The multipart field `unit`. */
export const importUnitSchema = z.enum(WEIGHT_UNITS, { error: IMPORT_MESSAGES.unit });

/** The multipart field `bodyParts`, once JSON-decoded: exercise name → body part. */
export const importBodyPartsSchema = z.record(
  z.string().check(z.maxLength(1000)),
  classificationSchema,
  { error: IMPORT_MESSAGES.bodyParts },
);
export type ImportBodyParts = z.infer<typeof importBodyPartsSchema>;

/**
 * The multipart field `links` (issue 29), once JSON-decoded: exercise name as the file spells it →
 * what the member chose for it in the preview: one of their exercises, a catalogue exercise (theirs
 * when they have it, else created from the catalogue), or a new exercise of the file's name.
 * Absent names keep the suggestion. Remembered after the import for the next file.
 */
export const importLinkSchema = z.union([
  z.object({ exerciseId: int() }),
  z.object({ catalogueKey: z.string().check(z.maxLength(80)) }),
  z.object({ new: z.literal(true) }),
]);
export type ImportLink = z.infer<typeof importLinkSchema>;
export const importLinksSchema = z.record(z.string().check(z.maxLength(1000)), importLinkSchema, {
  error: IMPORT_MESSAGES.links,
});
export type ImportLinks = z.infer<typeof importLinksSchema>;

/** Why a file's exercise goes to an existing one of the member's (issue 29). */
export const IMPORT_MATCH_REASONS = ['name', 'alias', 'catalogue', 'similar', 'choice'] as const;
export type ImportMatchReason = (typeof IMPORT_MATCH_REASONS)[number];

/** An exercise of the file: the library entry it matched, or the body part it is created with. */
export const importExerciseSchema = z.object({
  /** As the file spells it (first spelling, trimmed). */
  name: z.string(),
  /** Sets of it that will be imported. */
  sets: int(),
  /** The member's library entry with the same name (case and surrounding spaces ignored). */
  match: z.nullable(
    z.object({ id: int(), name: z.string(), classification: classificationSchema }),
  ),
  /** The body part it is created with (null when it matched). */
  classification: z.nullable(classificationSchema),
  /** True when `classification` came from a keyword of its name (false: a default, to check). */
  guessed: z.boolean(),
  /**
   * Why it matched (issue 29): the same name, the member's remembered choice, the same catalogue
   * exercise, a similar name, or the member's choice in this preview. Absent with no match.
   */
  matchedBy: z.optional(z.enum(IMPORT_MATCH_REASONS)),
  /** The catalogue exercise the name means, when one does (issue 29). */
  catalogue: z.optional(
    z.nullable(
      z.object({ key: z.string(), name: z.string(), classification: classificationSchema }),
    ),
  ),
  /**
   * When it is created from the catalogue (the member chose a catalogue exercise they lack): that
   * key; it is created with the catalogue's name and body part.
   */
  createsFromCatalogue: z.optional(z.nullable(z.string())),
  /** The body part it would be created with if the member chose a new exercise (issue 29). */
  newClassification: z.optional(classificationSchema),
});
export type ImportExercise = z.infer<typeof importExerciseSchema>;

/** A row left out: its row number as a spreadsheet shows it (the header is row 1). */
export const importSkipSchema = z.object({
  row: int(),
  reason: z.enum(IMPORT_SKIP_REASONS),
  /** The exercise named on the row, when there is one. */
  exercise: z.nullable(z.string()),
  /** The value that could not be used (a date, a number, the set-order text), when one. */
  value: z.nullable(z.string()),
});
export type ImportSkip = z.infer<typeof importSkipSchema>;

/** `POST /api/member/import/preview`. */
export const importPreviewSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** The unit the file's weights were read in (kg for Hevy's kg export and our own). */
  unit: z.enum(WEIGHT_UNITS),
  /** Whether the member chooses the unit (Strong files without a weight-unit column). */
  unitChoosable: z.boolean(),
  firstDate: z.nullable(localDateSchema),
  lastDate: z.nullable(localDateSchema),
  /** Calendar days that get sets. */
  days: int(),
  /** Of those, days that already have a log: the imported exercises go after its own. */
  existingDays: int(),
  /** Workouts in the file (two on one day count twice). */
  sessions: int(),
  sets: int(),
  exercises: z.array(importExerciseSchema),
  /** Every skipped row, by reason. */
  skippedByReason: z.partialRecord(z.enum(IMPORT_SKIP_REASONS), int()),
  skippedCount: int(),
  /** The first `IMPORT_LIMITS.listedSkips` skipped rows. */
  skipped: z.array(importSkipSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `POST /api/member/import`: what was written, in one transaction. */
export const importResultSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  firstDate: localDateSchema,
  lastDate: localDateSchema,
  days: int(),
  /** Days that had no log before. */
  newDays: int(),
  exercisesCreated: int(),
  sets: int(),
  skippedCount: int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
