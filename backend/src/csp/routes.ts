import { appendFile } from 'node:fs/promises';

import type { FastifyInstance } from 'fastify';

import { BODY_LIMITS } from '@/lib/contract/limits';
import { CSP_REPORT_PATH } from '@/lib/security/csp';
import { ApiError, MESSAGES } from '../http/errors';
import { parseCspReports, ReportLogLimit } from './reports';

/** The content types browsers send reports with (and plain JSON, for tools and old browsers). */
export const CSP_REPORT_TYPES = [
  'application/csp-report',
  'application/reports+json',
  'application/json',
] as const;

/** A report is about 1–2 kB (Chrome batches a few); anything bigger is not a report. */
export const CSP_REPORT_BODY_LIMIT = BODY_LIMITS.cspReport;

export interface CspReportOptions {
  /** Append each violation as a JSON line here too (the e2e suite fails on any). */
  reportFile?: string;
}

/**
 * `POST /api/csp-report`: where the pages' Content-Security-Policy sends its violations
 * (`report-uri`, lib/security/csp.ts; the Reporting API's batches are read too). Public and exempt from the Origin check
 * (browsers send reports without cookies, the Reporting API from its own context): all it does is
 * log each violation as one warn line, rate-limited. 204; 400 for a body in neither report
 * format, 413 past 64 KiB, 415 for another content type.
 */
export async function cspReportRoutes(
  app: FastifyInstance,
  options: CspReportOptions,
): Promise<void> {
  const limit = new ReportLogLimit();
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
    const violations = parseCspReports(request.body);
    if (violations === null) throw new ApiError(400, MESSAGES.badRequest);
    for (const violation of violations) {
      const logged = limit.take(Date.now(), (dropped) =>
        request.log.warn({ dropped }, 'content security policy reports left out of the log'),
      );
      if (logged)
        request.log.warn({ cspViolation: violation }, 'content security policy violation');
    }
    if (options.reportFile && violations.length > 0) {
      const receivedAt = new Date().toISOString();
      const lines = violations.map((v) => JSON.stringify({ receivedAt, ...v }) + '\n').join('');
      await appendFile(options.reportFile, lines).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not write CSP_REPORT_FILE'),
      );
    }
    return reply.status(204).send();
  });
}
