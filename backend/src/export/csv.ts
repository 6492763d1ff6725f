import { neutralizeCell } from '../csv/cell';

/** A CSV cell: text as is; numbers and booleans written plainly; null and undefined as empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** The UTF-8 byte order mark, so that Excel reads the file as UTF-8 (Korean names intact). */
export const UTF8_BOM = '\uFEFF';

/**
 * One field per RFC 4180: quoted (quotes doubled) when it holds a comma, quote, CR or LF. Text
 * is neutralised first (neutralizeCell).
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralizeCell(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as RFC 4180 lines, each ended by CRLF. */
export function csvLines(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

/**
 * An RFC 4180 document: the header row, then the rows, each line ended by CRLF, led by the UTF-8
 * BOM (`bom: false` leaves it out).
 */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
  options: { bom?: boolean } = {},
): string {
  return (options.bom === false ? '' : UTF8_BOM) + csvLines([header, ...rows]);
}
