import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

import { CSP_REPORT_FILE, EXPECTED_VIOLATION_MARKER } from './fixtures/env';

/** A line the backend appended to CSP_REPORT_FILE (backend/src/csp/routes.ts). */
interface ReportLine {
  receivedAt: string;
  documentUrl: string | null;
  blockedUrl: string | null;
  directive: string | null;
  sourceFile: string | null;
  line: number | null;
  column: number | null;
  sample: string | null;
}

/** How long the end of the run waits for reports still on their way from the last page. */
const LATE_REPORTS_MS = 2_000;

/**
 * Fails the run on any Content-Security-Policy violation a browser reported during it: the app
 * must work under its policy. The backend appends each report it receives to CSP_REPORT_FILE
 * (set in e2e/fixtures/env.ts); after each test the new lines are read and blamed on that test
 * (a report can arrive a moment late, so the blame is a hint: `documentUrl` says which page),
 * and at the end the run fails if there were any. Reports whose sample starts with
 * EXPECTED_VIOLATION_MARKER come from scripts a test injected to see them blocked (e2e/csp.spec.ts)
 * and pass.
 */
export default class CspReporter implements Reporter {
  private offset = 0;
  private readonly unexpected: { test: string; report: ReportLine }[] = [];

  onBegin(): void {
    mkdirSync(path.dirname(CSP_REPORT_FILE), { recursive: true });
    writeFileSync(CSP_REPORT_FILE, '');
    this.offset = 0;
  }

  onTestEnd(test: TestCase): void {
    this.collect(test.titlePath().filter(Boolean).join(' › '));
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    await new Promise((resolve) => setTimeout(resolve, LATE_REPORTS_MS));
    this.collect('(after the last test)');
    if (this.unexpected.length === 0) {
      console.log('CSP: no violation reported during the run.');
      return undefined;
    }
    console.error(
      `\nCSP: ${this.unexpected.length} Content-Security-Policy violation(s) reported during the run` +
        ` (${CSP_REPORT_FILE}):`,
    );
    for (const { test, report } of this.unexpected) {
      console.error(`  - ${test}\n    ${describe(report)}`);
    }
    return { status: 'failed' };
  }

  /** Reads the lines appended since the last call and keeps the unexpected ones, blamed on `test`. */
  private collect(test: string): void {
    if (!existsSync(CSP_REPORT_FILE)) return;
    const content = readFileSync(CSP_REPORT_FILE);
    const fresh = content.subarray(this.offset);
    const end = fresh.lastIndexOf(0x0a) + 1; // whole lines only
    this.offset += end;
    for (const line of fresh.subarray(0, end).toString('utf8').split('\n')) {
      if (!line) continue;
      let report: ReportLine;
      try {
        report = JSON.parse(line) as ReportLine;
      } catch {
        this.unexpected.push({ test, report: { sample: line } as ReportLine });
        continue;
      }
      if (report.sample?.startsWith(EXPECTED_VIOLATION_MARKER)) continue;
      this.unexpected.push({ test, report });
      console.error(`CSP violation after "${test}": ${describe(report)}`);
    }
  }
}

function describe(report: ReportLine): string {
  const where = report.sourceFile ? ` at ${report.sourceFile}:${report.line}:${report.column}` : '';
  const sample = report.sample ? ` sample ${JSON.stringify(report.sample)}` : '';
  return `${report.directive} blocked ${report.blockedUrl} on ${report.documentUrl}${where}${sample}`;
}
