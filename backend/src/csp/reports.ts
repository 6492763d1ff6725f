/**
 * Content-Security-Policy violation reports as browsers send them, reduced to one shape. Two
 * formats arrive: the CSP Level 2 `report-uri` one (`application/csp-report`, one report as
 * `{"csp-report": {...}}`, kebab-case; Firefox, Safari) and the Reporting API's
 * (`application/reports+json`, an array of `{type: "csp-violation", url, body: {...}}`,
 * camelCase, batched; Chrome, which then ignores `report-uri`).
 */

/** Longest string kept from a report field (URLs, samples); the rest is cut. */
const MAX_FIELD = 500;
/** CSP_REPORT_RATE_LIMIT's default: reports taken per client address (csp/routes.ts). */
export const DEFAULT_CSP_REPORT_RATE_LIMIT = '20/1m';
/** CSP_REPORT_FILE_MAX_BYTES's default: 10 MiB. */
export const DEFAULT_CSP_REPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Most reports taken from one request (Chrome batches a handful). */
export const MAX_REPORTS_PER_REQUEST = 50;

/** One violation, as logged. */
export interface CspViolation {
  documentUrl: string | null;
  blockedUrl: string | null;
  /** The directive that blocked (`script-src-elem`, `img-src`, …). */
  directive: string | null;
  disposition: string | null;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  /** The first characters of the blocked inline script or style ('report-sample'). */
  sample: string | null;
  statusCode: number | null;
}

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty string field, cut to MAX_FIELD; null otherwise. */
function text(fields: Fields, key: string): string | null {
  const value = fields[key];
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_FIELD) : null;
}

/** A finite number field, as an integer; null otherwise. */
function count(fields: Fields, key: string): number | null {
  const value = fields[key];
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : null;
}

/**
 * The violations in a parsed report body, or null when it is neither format (nothing to log: the
 * endpoint answers 400). Reporting API entries of other types (deprecations, interventions) are
 * skipped; at most MAX_REPORTS_PER_REQUEST are kept. Unknown fields are ignored, missing or
 * mistyped ones are null.
 */
export function parseCspReports(body: unknown): CspViolation[] | null {
  if (isRecord(body)) {
    const r = body['csp-report'];
    if (!isRecord(r)) return null;
    return [
      {
        documentUrl: text(r, 'document-uri'),
        blockedUrl: text(r, 'blocked-uri'),
        directive: text(r, 'effective-directive') ?? text(r, 'violated-directive'),
        disposition: text(r, 'disposition'),
        sourceFile: text(r, 'source-file'),
        line: count(r, 'line-number'),
        column: count(r, 'column-number'),
        sample: text(r, 'script-sample'),
        statusCode: count(r, 'status-code'),
      },
    ];
  }
  if (!Array.isArray(body) || body.length === 0 || !body.every(isRecord)) return null;
  const violations: CspViolation[] = [];
  for (const entry of body.slice(0, MAX_REPORTS_PER_REQUEST) as Fields[]) {
    const b = entry.body;
    if (entry.type !== 'csp-violation' || !isRecord(b)) continue;
    violations.push({
      documentUrl: text(b, 'documentURL') ?? text(entry, 'url'),
      blockedUrl: text(b, 'blockedURL'),
      directive: text(b, 'effectiveDirective'),
      disposition: text(b, 'disposition'),
      sourceFile: text(b, 'sourceFile'),
      line: count(b, 'lineNumber'),
      column: count(b, 'columnNumber'),
      sample: text(b, 'sample'),
      statusCode: count(b, 'statusCode'),
    });
  }
  return violations;
}

/**
 * A fixed-window budget per key: at most `perWindow` takes per key and window. The window is
 * shared by every key, so all counts are forgotten together at its end and memory is bounded by
 * the keys seen in one window, and at most `maxKeys` of those (past that, a new key's takes are
 * dropped until the window ends). The CSP report route keeps two: one per client address
 * (CSP_REPORT_RATE_LIMIT), so that one sender cannot crowd out everyone else's reports, and one
 * with a single key for the log's lines (a page in a loop, or someone posting garbage, cannot
 * flood it).
 */
export class FixedWindowLimit {
  private windowStart = 0;
  private readonly used = new Map<string, number>();
  private dropped = 0;
  private limited = 0;

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /**
   * How many of `wanted` takes for `key` fit now (the first ones of a batch); `onDropped` hears,
   * at the first call of a new window, how many the previous one dropped and over how many keys.
   */
  take(
    key: string,
    wanted: number,
    now: number,
    onDropped: (dropped: number, keys: number) => void,
  ): number {
    if (now - this.windowStart >= this.windowMs) {
      if (this.dropped > 0) onDropped(this.dropped, this.limited);
      this.windowStart = now;
      this.used.clear();
      this.dropped = 0;
      this.limited = 0;
    }
    if (wanted <= 0) return 0;
    const used = this.used.get(key) ?? 0;
    if (!this.used.has(key) && this.used.size >= this.maxKeys) {
      this.dropped += wanted;
      return 0;
    }
    const taken = Math.min(wanted, this.perWindow - used);
    this.used.set(key, used + taken);
    if (taken < wanted) {
      // The first time this key passes its budget in this window.
      if (used < this.perWindow) this.limited++;
      this.dropped += wanted - taken;
    }
    return taken;
  }
}
