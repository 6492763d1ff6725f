/**
 * Spreadsheet formula neutralising of CSV text cells, shared by the export's writer
 * (export/csv.ts) and the import's reader (import/parse.ts), so the two stay exact inverses.
 */

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection": a cell starting with `=`, `+`,
 * `-`, `@`, tab or CR), also after quotes this module added: `'=1` must not read back as `=1`.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** A neutralised cell as written by neutralizeCell: the added quote, then formula text. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * Text for a spreadsheet: a single quote before formula text (`=HYPERLINK(…)` → `'=HYPERLINK(…)`),
 * which spreadsheets show as text. restoreCell undoes it exactly. Numbers are written as numbers,
 * never through here, so a negative weight stays a number.
 */
export function neutralizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text neutralizeCell was given: one leading quote dropped before formula text. */
export function restoreCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}
