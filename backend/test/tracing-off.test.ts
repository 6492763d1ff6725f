import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { tracing } from '../src/telemetry/tracing';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds } from './helpers/databases';
import { loadedOpenTelemetry } from './helpers/loaded-modules';
import { captureLogs, type LogCapture } from './helpers/log-capture';

// Tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): no OpenTelemetry code runs, yet every line a
// request logs carries a trace_id, the BFF's when it sent a traceparent.

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

describe('trace ids in the logs, tracing off', () => {
  let server: TestServer;
  let logs: LogCapture;

  before(async () => {
    logs = captureLogs();
    const [pglite] = databaseKinds();
    server = await startServer(
      await pglite.create(),
      { LOG_LEVEL: 'info' },
      {
        logStream: logs.stream,
      },
    );
  });
  after(() => server.close());

  async function get(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}${url}`, { headers });
    await response.arrayBuffer();
    return logs.ofRequest(url);
  }

  it("puts the incoming traceparent's trace id on every line of the request", async () => {
    const lines = await get('/api/login/check?t=1', { traceparent: TRACEPARENT });
    assert.ok(lines.length >= 2, 'incoming request and request completed');
    for (const line of lines) assert.equal(line.trace_id, TRACE_ID, JSON.stringify(line));
    assert.ok(
      lines.every((line) => line.span_id === undefined),
      'no span without tracing',
    );
  });

  it('makes up one trace id per request without (or with a malformed) traceparent', async () => {
    const first = await get('/api/login/check?t=2');
    const second = await get('/api/login/check?t=3', {
      traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    });
    const third = await get('/healthz?t=4', { traceparent: TRACEPARENT.toUpperCase() });
    for (const lines of [first, second, third]) {
      assert.ok(lines.length >= 2);
      const [id] = new Set(lines.map((line) => line.trace_id));
      assert.match(String(id), /^[0-9a-f]{32}$/);
      assert.equal(new Set(lines.map((line) => line.trace_id)).size, 1, 'one id per request');
      assert.notEqual(id, TRACE_ID);
    }
    assert.notEqual(first[0].trace_id, second[0].trace_id);
  });

  it('loads no OpenTelemetry SDK, instrumentation or exporter module', () => {
    assert.equal(tracing(), undefined);
    // Nothing but @opentelemetry/api (prom-client's, no-op until an SDK registers: none does here).
    assert.deepEqual(loadedOpenTelemetry(), []);
  });
});
