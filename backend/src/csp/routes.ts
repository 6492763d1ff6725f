import { appendFile, stat } from 'node:fs/promises';

import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

import { BODY_LIMITS } from '@/lib/contract/limits';
import { CSP_REPORT_PATH } from '@/lib/shared/security/csp';

import { ApiError, MESSAGES } from '../http/errors';
import type { Budget } from '../http/rate-limits';
import { FixedWindowLimit, parseCspReports } from './reports';

/** The content types browsers send reports with (and plain JSON, for tools and old browsers). */
export const CSP_REPORT_TYPES = [
  'application/csp-report',
  'application/reports+json',
  'application/json',
] as const;

/** A report is about 1–2 kB (Chrome batches a few); anything bigger is not a report. */
export const CSP_REPORT_BODY_LIMIT = BODY_LIMITS.cspReport;

/** Violation lines the log takes per minute, from all senders together; the rest are counted. */
const LOG_LINES_PER_MINUTE = 100;

export interface CspReportOptions {
  /** Append each violation as a JSON line here too (the e2e suite fails on any). */
  reportFile?: string;
  /** The report file stops growing here: later lines are left out of it (one warning). */
  reportFileMaxBytes: number;
  /** Reports taken per client address and window; the rest are dropped (answered 204 all the same). */
  perAddress: Budget;
}

/**
 * Appends report lines to a file, one write at a time, while the file stays within `maxBytes`:
 * past it, lines are left out and one warning says so. The file is never rotated (e2e/csp-reporter.ts
 * reads it by offset); truncating or moving it away makes room again, and arms a new warning.
 */
class CappedReportFile {
  private queue: Promise<void> = Promise.resolve();
  private warned = false;
  private lastSize = 0;

  constructor(
    private readonly file: string,
    private readonly maxBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  append(lines: string[]): Promise<void> {
    const write = this.queue.then(() => this.write(lines));
    this.queue = write.catch(() => undefined);
    return write;
  }

  private async write(lines: string[]): Promise<void> {
    const size = await stat(this.file).then(
      (stats) => stats.size,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return 0;
        throw error;
      },
    );
    if (size < this.lastSize) this.warned = false;
    let room = this.maxBytes - size;
    let text = '';
    for (const line of lines) {
      const bytes = Buffer.byteLength(line);
      if (bytes > room) {
        if (!this.warned) {
          this.warned = true;
          this.log.warn(
            { file: this.file, maxBytes: this.maxBytes },
            'CSP_REPORT_FILE is full (CSP_REPORT_FILE_MAX_BYTES): further reports are left out of it until it is emptied',
          );
        }
        break;
      }
      room -= bytes;
      text += line;
    }
    if (text) await appendFile(this.file, text);
    this.lastSize = size + Buffer.byteLength(text);
  }
}

/**
 * `POST /api/csp-report`: where the pages' Content-Security-Policy sends its violations
 * (`report-uri`, lib/shared/security/csp.ts; the Reporting API's batches are read too). Public and exempt from the Origin check
 * (browsers send reports without cookies, the Reporting API from its own context): all it does is
 * log each violation as one warn line, rate-limited. 204; 400 for a body in neither report
 * format, 413 past 64 KiB, 415 for another content type.
 *
 * Each client address (IPv6 by /64) has its own budget of reports (`perAddress`) before the log's
 * shared one, so one sender cannot crowd out the others' reports. Past it, reports are dropped and
 * still answered 204: a browser never acts on the answer to a `report-uri` post, and the
 * Reporting API takes an error as a failed delivery and sends the batch again, so an error would
 * only bring more of the same.
 */
export async function cspReportRoutes(
  app: FastifyInstance,
  options: CspReportOptions,
): Promise<void> {
  const logLimit = new FixedWindowLimit(LOG_LINES_PER_MINUTE, 60_000);
  const addressLimit = new FixedWindowLimit(options.perAddress.max, options.perAddress.windowMs);
  const file = options.reportFile
    ? new CappedReportFile(options.reportFile, options.reportFileMaxBytes, app.log)
    : null;
  // Parsers of this plugin's scope only: the report formats are JSON under their own types.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    [...CSP_REPORT_TYPES],
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ApiError(400, MESSAGES.badRequest), undefined);
      }
    },
  );

  app.post(CSP_REPORT_PATH, { bodyLimit: CSP_REPORT_BODY_LIMIT }, async (request, reply) => {
    const parsed = parseCspReports(request.body);
    if (parsed === null) throw new ApiError(400, MESSAGES.badRequest);
    const taken = addressLimit.take(
      normalizeIP(request.ip),
      parsed.length,
      Date.now(),
      (dropped, addresses) =>
        request.log.warn(
          { dropped, addresses },
          'content security policy reports over the per-address limit dropped',
        ),
    );
    const violations = parsed.slice(0, taken);
    for (const violation of violations) {
      const logged =
        logLimit.take('log', 1, Date.now(), (dropped) =>
          request.log.warn({ dropped }, 'content security policy reports left out of the log'),
        ) > 0;
      if (logged)
        request.log.warn({ cspViolation: violation }, 'content security policy violation');
    }
    if (file && violations.length > 0) {
      const receivedAt = new Date().toISOString();
      const lines = violations.map((v) => JSON.stringify({ receivedAt, ...v }) + '\n');
      await file
        .append(lines)
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'could not write CSP_REPORT_FILE'),
        );
    }
    return reply.status(204).send();
  });
}
