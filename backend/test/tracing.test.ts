import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';

import { buildMember, insertMembers } from '../src/seed/builders';
import { startTracing } from '../src/telemetry/otel';
import type { Tracing } from '../src/telemetry/tracing';
import { apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { loadedOpenTelemetry } from './helpers/loaded-modules';
import { captureLogs, type LogCapture } from './helpers/log-capture';

// Tracing on: the backend continues the BFF's W3C trace in a server span, and the request's log
// lines carry that span's trace_id and span_id. Spans go to an in-memory exporter here
// (tracing-export.test.ts checks OTLP). The OpenTelemetry SDK is global to the process, so this
// file starts it once for all its tests.

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;

before(async () => {
  tracing = await startTracing({ exporter });
});
after(async () => {
  await tracing.shutdown();
  await dropTestDatabases();
});

function serverSpans(): ReadableSpan[] {
  return exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.SERVER);
}

async function waitFor<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail('timed out');
}

for (const kind of databaseKinds()) {
  describe(`tracing on (${kind.name})`, () => {
    let server: TestServer;
    let logs: LogCapture;

    before(async () => {
      logs = captureLogs();
      server = await startServer(
        await kind.create(),
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
      return response;
    }

    it("continues the incoming traceparent in a server span named after the route, with the span's ids on the request's log lines", async () => {
      exporter.reset();
      await get('/api/login/check?on=1', { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` });
      const span = await waitFor(() => serverSpans()[0]);
      assert.equal(span.spanContext().traceId, TRACE_ID);
      assert.equal(span.parentSpanContext?.spanId, PARENT_ID);
      assert.equal(span.parentSpanContext?.isRemote, true);
      assert.equal(span.name, 'GET /api/login/check');
      assert.equal(span.attributes['http.route'], '/api/login/check');
      assert.equal(span.attributes['http.response.status_code'], 200);

      const lines = logs.ofRequest('/api/login/check?on=1');
      assert.ok(lines.length >= 2);
      for (const line of lines) {
        assert.equal(line.trace_id, TRACE_ID, JSON.stringify(line));
        assert.equal(line.span_id, span.spanContext().spanId);
      }
      // Each field once per line: the mixin leaves the request's lines alone.
      const raw = JSON.stringify(lines[0]);
      assert.equal(raw.split('"trace_id"').length, 2);
    });

    it('starts a new trace without a traceparent', async () => {
      exporter.reset();
      await get('/api/login/check?on=2');
      const span = await waitFor(() => serverSpans()[0]);
      assert.equal(span.parentSpanContext, undefined);
      const lines = logs.ofRequest('/api/login/check?on=2');
      assert.ok(lines.length >= 2);
      for (const line of lines) assert.equal(line.trace_id, span.spanContext().traceId);
    });

    it('traces a signed-in read end to end (with PostgreSQL, its queries as child spans)', async () => {
      const [member] = await insertMembers(server.database.db, [buildMember({ name: '추적' })]);
      const client = await apiClient(server, member);
      exporter.reset();
      const response = await client.call('GET', '/api/member/exercises');
      assert.equal(response.status, 200);
      await response.arrayBuffer();
      const span = await waitFor(() => serverSpans()[0]);
      assert.equal(span.name, 'GET /api/member/exercises');
      if (kind.name === 'postgres') {
        const queries = exporter
          .getFinishedSpans()
          .filter(
            (s) =>
              s.attributes['db.system.name'] === 'postgresql' ||
              s.attributes['db.system'] === 'postgresql',
          );
        assert.ok(queries.length > 0, 'pg spans');
        for (const query of queries) {
          assert.equal(query.spanContext().traceId, span.spanContext().traceId);
        }
      }
    });

    it('makes no span for /healthz, whose lines still get a trace_id', async () => {
      exporter.reset();
      await get('/healthz?on=3', { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` });
      const lines = logs.ofRequest('/healthz?on=3');
      assert.ok(lines.length >= 2);
      for (const line of lines) assert.equal(line.trace_id, TRACE_ID);
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(serverSpans(), []);
    });

    it('puts the active span on lines logged outside a request logger', () => {
      const before = logs.lines.length;
      trace.getTracer('test').startActiveSpan('work', (span) => {
        server.app.log.info('inside a span');
        span.end();
        const line = logs.lines.slice(before).find((l) => l.msg === 'inside a span');
        assert.equal(line?.trace_id, span.spanContext().traceId);
        assert.equal(line?.span_id, span.spanContext().spanId);
      });
      server.app.log.info('outside');
      const outside = logs.lines.slice(before).find((l) => l.msg === 'outside');
      assert.equal(outside?.trace_id, undefined);
    });
  });
}

it('has loaded the OpenTelemetry SDK (what tracing-off.test.ts checks is absent)', () => {
  const loaded = loadedOpenTelemetry();
  assert.ok(loaded.some((file) => file.includes('@opentelemetry/instrumentation-http/')));
});
