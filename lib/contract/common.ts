import './zod-csp';

import * as z from 'zod/mini';

/** Largest id accepted on the wire (ids are JSON numbers; the database uses bigint). */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** The messages of the shared wire types. */
export const COMMON_MESSAGES = {
  id: '올바른 ID가 아닙니다.',
  dateFormat: '날짜는 yyyy-MM-dd 형식이어야 합니다.',
  dateUnreal: '존재하지 않는 날짜입니다.',
} as const;

/** An entity id as a positive integer; numeric strings are accepted like Jackson does for Long. */
export const idSchema = z.pipe(
  z.transform((value) =>
    typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
  ),
  z
    .number({ error: COMMON_MESSAGES.id })
    .check(
      z.int({ error: COMMON_MESSAGES.id }),
      z.gte(1, { error: COMMON_MESSAGES.id }),
      z.lte(MAX_ID, { error: COMMON_MESSAGES.id }),
    ),
);

/** A `LocalDate` on the wire: strictly `yyyy-MM-dd` and a real calendar date. */
export const localDateSchema = z
  .string({ error: COMMON_MESSAGES.dateFormat })
  .check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: COMMON_MESSAGES.dateFormat }),
    z.refine(isRealDate, { error: COMMON_MESSAGES.dateUnreal }),
  );

/** True when `yyyy-MM-dd` names a day that exists (year 1–9999). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
