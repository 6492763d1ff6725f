/**
 * Rows per INSERT when copying many rows at once: PostgreSQL takes at most 65535 bind parameters
 * per statement, and one selection (`LIMITS.selection` exercises of up to `LIMITS.sets` sets each,
 * or routines expanded to all their entries) can copy more rows than one statement holds.
 */
export const ROWS_PER_INSERT = 5000;

/** `items` in consecutive slices of at most `size`. */
export function chunksOf<T>(items: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}
