import assert from 'node:assert/strict';
import { describe as suite, it } from 'node:test';

import { describe, readAuditReport } from './audit.mjs';

// The shape of `npm audit --json` (auditReportVersion 2), cut down.
const REPORT = {
  auditReportVersion: 2,
  vulnerabilities: {
    'sax-like': {
      name: 'sax-like',
      severity: 'critical',
      isDirect: false,
      via: [
        {
          source: 1,
          name: 'sax-like',
          title: 'Prototype pollution',
          url: 'https://example.test/GHSA-1',
          severity: 'critical',
          range: '<1.2.3',
        },
      ],
      range: '<1.2.3',
      fixAvailable: true,
    },
    wrapper: {
      name: 'wrapper',
      severity: 'high',
      isDirect: true,
      via: ['sax-like'],
      range: '2.0.0 - 2.4.0',
      fixAvailable: { name: 'wrapper', version: '3.0.0', isSemVerMajor: true },
    },
    chatty: {
      name: 'chatty',
      severity: 'moderate',
      isDirect: true,
      via: [{ title: 'ReDoS', url: 'https://example.test/GHSA-2', severity: 'moderate' }],
      range: '<4',
      fixAvailable: false,
    },
  },
  metadata: { dependencies: { prod: 321 } },
};

suite('readAuditReport', () => {
  it('keeps high and critical findings, worst first, with their advisories and fixes', () => {
    const result = readAuditReport(JSON.stringify(REPORT));
    assert.equal(result.checked, true);
    assert.equal(result.dependencies, 321);
    assert.deepEqual(
      result.findings.map((f) => [f.name, f.severity, f.fix]),
      [
        ['sax-like', 'critical', 'npm audit fix'],
        ['wrapper', 'high', 'wrapper@3.0.0 (major)'],
      ],
    );
    assert.deepEqual(result.findings[1].through, ['sax-like']);
    assert.match(describe(result.findings[0]).join('\n'), /Prototype pollution https:\/\/example/);
  });

  it('takes another floor', () => {
    assert.equal(readAuditReport(JSON.stringify(REPORT), 'moderate').findings.length, 3);
    assert.equal(readAuditReport(JSON.stringify(REPORT), 'critical').findings.length, 1);
  });

  it('passes a clean report', () => {
    const clean = { auditReportVersion: 2, vulnerabilities: {}, metadata: {} };
    assert.deepEqual(readAuditReport(JSON.stringify(clean)).findings, []);
  });

  it('says nothing was checked when the advisory endpoint did not answer', () => {
    const refused = {
      message:
        '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    };
    assert.deepEqual(readAuditReport(JSON.stringify(refused)), {
      checked: false,
      reason: refused.message,
    });
    assert.equal(readAuditReport('').checked, false);
    assert.equal(readAuditReport(JSON.stringify({ error: { code: 'ENOTFOUND' } })).checked, false);
  });
});
