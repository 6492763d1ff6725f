import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { errorBodySchema } from '@/lib/contract/errors';

import { loadConfig } from '../src/config';
import { FixedWindowLimit, MAX_REPORTS_PER_REQUEST, parseCspReports } from '../src/csp/reports';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { captureLogs } from './helpers/log-capture';

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
    const limit = new FixedWindowLimit(2, 1000);
    const dropped: number[] = [];
    const onDropped = (n: number) => dropped.push(n);
    assert.deepEqual(
      [0, 1, 2, 3, 999].map((t) => limit.take('log', 1, t, onDropped) === 1),
      [true, true, false, false, false],
    );
    assert.deepEqual(dropped, []);
    assert.equal(limit.take('log', 1, 1000, onDropped) === 1, true);
    assert.deepEqual(dropped, [3]);
  });
});

describe('CSP reports per client address (issue 23, point 7)', () => {
  it('takes a budget per address and window, the first ones of a batch', () => {
    const limit = new FixedWindowLimit(3, 1000, 2);
    const dropped: [number, number][] = [];
    const onDropped = (n: number, addresses: number) => dropped.push([n, addresses]);
    assert.equal(limit.take('a', 2, 0, onDropped), 2);
    assert.equal(limit.take('a', 5, 1, onDropped), 1);
    assert.equal(limit.take('a', 1, 2, onDropped), 0);
    assert.equal(limit.take('b', 1, 3, onDropped), 1, 'another address has its own budget');
    assert.equal(limit.take('c', 1, 4, onDropped), 0, 'past the addresses a window may hold');
    assert.deepEqual(dropped, []);
    assert.equal(limit.take('a', 3, 1000, onDropped), 3, 'a new window');
    assert.deepEqual(dropped, [[6, 1]]);
  });

  it('reads its settings: 20 reports a minute per address, a 10 MiB file by default', () => {
    const defaults = loadConfig({});
    assert.deepEqual(defaults.cspReportRateLimit, { max: 20, windowMs: 60_000 });
    assert.equal(defaults.cspReportFileMaxBytes, 10 * 1024 * 1024);
    const set = loadConfig({ CSP_REPORT_RATE_LIMIT: '5/10s', CSP_REPORT_FILE_MAX_BYTES: '4096' });
    assert.deepEqual(set.cspReportRateLimit, { max: 5, windowMs: 10_000 });
    assert.equal(set.cspReportFileMaxBytes, 4096);
    assert.throws(() => loadConfig({ CSP_REPORT_RATE_LIMIT: 'lots' }), /CSP_REPORT_RATE_LIMIT/);
    assert.throws(
      () => loadConfig({ CSP_REPORT_FILE_MAX_BYTES: '0' }),
      /CSP_REPORT_FILE_MAX_BYTES/,
    );
  });

  const post = (server: TestServer, from: string, body: unknown = level2Report) =>
    fetch(`${server.baseUrl}/api/csp-report`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/csp-report', 'x-forwarded-for': from },
    });

  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'eh-csp-limit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('drops what one sender sends past its budget, answered 204, and keeps the others', async () => {
    const reportFile = path.join(dir, 'reports.jsonl');
    const logs = captureLogs();
    const server = await startServer(
      await databaseKinds()[0].create(),
      { CSP_REPORT_FILE: reportFile, CSP_REPORT_RATE_LIMIT: '3/1m', LOG_LEVEL: 'warn' },
      { logStream: logs.stream },
    );
    try {
      // The backend believes X-Forwarded-For from loopback (TRUST_PROXY), as from the BFF.
      const batch = [reportingBatch[0], reportingBatch[2]];
      const answers = [
        await post(server, '203.0.113.9'),
        await post(server, '203.0.113.9', batch),
        await post(server, '203.0.113.9'),
        await post(server, '2001:db8::1'),
        await post(server, '2001:db8::2'),
        await post(server, '2001:db8::3'),
        await post(server, '2001:db8::4', batch),
        await post(server, '198.51.100.7'),
      ];
      assert.deepEqual(
        answers.map((answer) => answer.status),
        answers.map(() => 204),
      );
      const lines = readFileSync(reportFile, 'utf8').split('\n').filter(Boolean);
      assert.equal(lines.length, 3 + 3 + 1, 'three per address (IPv6 per /64), then the others');
      const logged = logs.lines.filter((line) => line.msg === 'content security policy violation');
      assert.equal(logged.length, 7);
    } finally {
      await server.close();
    }
  });

  it('stops growing CSP_REPORT_FILE at CSP_REPORT_FILE_MAX_BYTES, with one warning', async () => {
    const reportFile = path.join(dir, 'reports.jsonl');
    writeFileSync(reportFile, '');
    const logs = captureLogs();
    const maxBytes = 1500;
    const server = await startServer(
      await databaseKinds()[0].create(),
      {
        CSP_REPORT_FILE: reportFile,
        CSP_REPORT_FILE_MAX_BYTES: String(maxBytes),
        LOG_LEVEL: 'warn',
      },
      { logStream: logs.stream },
    );
    const full = () =>
      logs.lines.filter((line) => /CSP_REPORT_FILE is full/.test(String(line.msg)));
    try {
      for (let i = 0; i < 10; i++) {
        assert.equal((await post(server, `198.51.100.${i}`)).status, 204);
      }
      const size = statSync(reportFile).size;
      assert.ok(size <= maxBytes, `${size} bytes`);
      assert.ok(size > maxBytes - 500, `${size} bytes: filled up to the cap`);
      const lines = readFileSync(reportFile, 'utf8').split('\n');
      assert.equal(lines.pop(), '', 'whole lines only');
      for (const line of lines) JSON.parse(line);
      assert.equal(full().length, 1);

      // Emptied (by whoever reads it): written to again, and a later overflow warns again.
      writeFileSync(reportFile, '');
      for (let i = 0; i < 10; i++) await post(server, `198.51.100.${20 + i}`);
      assert.ok(readFileSync(reportFile, 'utf8').length > 0);
      assert.equal(full().length, 2);
    } finally {
      await server.close();
    }
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
