import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { errorBodySchema } from '@/lib/contract/errors';
import { MAX_REPORTS_PER_REQUEST, parseCspReports, ReportLogLimit } from '../src/csp/reports';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

/** What Firefox and Safari send for `report-uri` (application/csp-report). */
const level2Report = {
  'csp-report': {
    'document-uri': 'http://localhost:3000/post',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self' 'nonce-abc' 'strict-dynamic'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 34,
    'source-file': 'http://localhost:3000/post',
    'status-code': 200,
    'script-sample': 'window.injected = true',
  },
};

/** What Chrome sends for `report-to` (application/reports+json): a batch. */
const reportingBatch = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'http://localhost:3000/',
    user_agent: 'Chrome',
    body: {
      documentURL: 'http://localhost:3000/',
      blockedURL: 'https://evil.example/x.js',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'",
      disposition: 'enforce',
      sourceFile: 'http://localhost:3000/_next/static/chunks/a.js',
      lineNumber: 1,
      columnNumber: 2,
      sample: '',
      statusCode: 200,
    },
  },
  { type: 'deprecation', age: 1, url: 'http://localhost:3000/', body: { id: 'x' } },
  {
    type: 'csp-violation',
    age: 12,
    url: 'http://localhost:3000/club',
    body: {
      documentURL: 'http://localhost:3000/club',
      blockedURL: 'eval',
      effectiveDirective: 'script-src',
    },
  },
];

describe('CSP report parsing', () => {
  it('reads the report-uri format', () => {
    assert.deepEqual(parseCspReports(level2Report), [
      {
        documentUrl: 'http://localhost:3000/post',
        blockedUrl: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
        sourceFile: 'http://localhost:3000/post',
        line: 12,
        column: 34,
        sample: 'window.injected = true',
        statusCode: 200,
      },
    ]);
  });

  it('reads a Reporting API batch, skipping other report types', () => {
    const violations = parseCspReports(reportingBatch);
    assert.equal(violations?.length, 2);
    assert.equal(violations?.[0].blockedUrl, 'https://evil.example/x.js');
    assert.equal(violations?.[0].sample, null);
    assert.deepEqual(violations?.[1], {
      documentUrl: 'http://localhost:3000/club',
      blockedUrl: 'eval',
      directive: 'script-src',
      disposition: null,
      sourceFile: null,
      line: null,
      column: null,
      sample: null,
      statusCode: null,
    });
  });

  it('keeps fields short and takes a bounded number of reports', () => {
    const long = 'x'.repeat(5000);
    const [one] = parseCspReports({ 'csp-report': { 'blocked-uri': long, 'line-number': 'NaN' } })!;
    assert.equal(one.blockedUrl?.length, 500);
    assert.equal(one.line, null);
    const many = Array.from({ length: 200 }, () => reportingBatch[0]);
    assert.equal(parseCspReports(many)?.length, MAX_REPORTS_PER_REQUEST);
  });

  it('refuses what is neither format', () => {
    for (const body of [null, 1, 'x', [], {}, { 'csp-report': 'x' }, [1, 2], { a: 1 }]) {
      assert.equal(parseCspReports(body), null, JSON.stringify(body));
    }
  });

  it('limits the log lines per window and says how many it left out', () => {
    const limit = new ReportLogLimit(2, 1000);
    const dropped: number[] = [];
    const onDropped = (n: number) => dropped.push(n);
    assert.deepEqual(
      [0, 1, 2, 3, 999].map((t) => limit.take(t, onDropped)),
      [true, true, false, false, false],
    );
    assert.deepEqual(dropped, []);
    assert.equal(limit.take(1000, onDropped), true);
    assert.deepEqual(dropped, [3]);
  });
});

for (const kind of databaseKinds()) {
  describe(`POST /api/csp-report (${kind.name})`, () => {
    let server: TestServer;
    let dir: string;
    let reportFile: string;

    beforeEach(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'eh-csp-report-'));
      reportFile = path.join(dir, 'reports.jsonl');
      writeFileSync(reportFile, '');
      server = await startServer(await kind.create(), { CSP_REPORT_FILE: reportFile });
    });
    afterEach(async () => {
      await server?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const post = (body: string, type: string | null, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}/api/csp-report`, {
        method: 'POST',
        body,
        headers: { ...(type ? { 'content-type': type } : {}), ...headers },
      });
    const written = () =>
      readFileSync(reportFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);

    it('takes both formats without a session, from any Origin, and answers 204', async () => {
      const first = await post(JSON.stringify(level2Report), 'application/csp-report', {
        origin: 'https://elsewhere.example',
      });
      assert.equal(first.status, 204);
      assert.equal(await first.text(), '');
      const second = await post(
        JSON.stringify(reportingBatch),
        'application/reports+json; charset=utf-8',
        { origin: 'null' },
      );
      assert.equal(second.status, 204);
      const json = await post(JSON.stringify(level2Report), 'application/json');
      assert.equal(json.status, 204);

      const lines = written();
      assert.deepEqual(
        lines.map((line) => line.blockedUrl),
        ['inline', 'https://evil.example/x.js', 'eval', 'inline'],
      );
      assert.equal(lines[0].sample, 'window.injected = true');
      assert.equal(typeof lines[0].receivedAt, 'string');
      // The policy itself is not kept: it is the same in every report, and long.
      assert.equal('originalPolicy' in lines[1], false);
    });

    it('answers garbage with the error body, never a 5xx, and records nothing', async () => {
      const cases: [string, string | null, number][] = [
        ['{', 'application/csp-report', 400],
        ['', 'application/csp-report', 400],
        ['null', 'application/reports+json', 400],
        ['[]', 'application/reports+json', 400],
        ['{"csp-report":1}', 'application/csp-report', 400],
        ['"x"', 'application/json', 400],
        ['\u0000\uffff', 'application/csp-report', 400],
        [JSON.stringify(level2Report), 'text/plain', 415],
        [JSON.stringify(level2Report), 'application/x-www-form-urlencoded', 415],
        [JSON.stringify(level2Report), null, 415],
        [
          JSON.stringify({ 'csp-report': { x: 'y'.repeat(70 * 1024) } }),
          'application/csp-report',
          413,
        ],
      ];
      for (const [body, type, status] of cases) {
        const response = await post(body, type);
        assert.equal(response.status, status, `${type} ${body.slice(0, 20)}`);
        const error = errorBodySchema.parse(await response.json());
        assert.equal(error.code, String(status));
      }
      // A batch of only other report types is accepted, with nothing to record.
      const other = await post(JSON.stringify([reportingBatch[1]]), 'application/reports+json');
      assert.equal(other.status, 204);
      assert.deepEqual(written(), []);
    });

    it('is the only write a foreign Origin may make, and GET is not a route', async () => {
      const logout = await fetch(`${server.baseUrl}/api/logout`, {
        method: 'POST',
        headers: { origin: 'https://elsewhere.example' },
      });
      assert.equal(logout.status, 403);
      const get = await fetch(`${server.baseUrl}/api/csp-report`);
      assert.equal(get.status, 401);
    });
  });
}
