/** A CSV cell: text as is; numbers and booleans written plainly; null and undefined as empty. */
export type CsvCell = string | number | boolean | null | undefined;

/** The UTF-8 byte order mark, so that Excel reads the file as UTF-8 (Korean names intact). */
export const UTF8_BOM = '\uFEFF';

/** One field per RFC 4180: quoted (quotes doubled) when it holds a comma, quote, CR or LF. */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
  const lines = [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n');
  return (options.bom === false ? '' : UTF8_BOM) + lines.join('');
}
