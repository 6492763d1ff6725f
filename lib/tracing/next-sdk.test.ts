/** @jest-environment node */
import {
  defaultTextMapGetter,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';

import { backendGet } from '@/lib/bff/backend-get';
import { forward } from '@/lib/bff/forward';
import { startStub, type StubUpstream } from '@/lib/bff/test-utils';
import { currentTraceId } from '@/lib/bff/tracing';
import { parseTraceparent } from '@/lib/shared/tracing/traceparent';

import { nextSpansRequested, startNextTracing } from './next-sdk';

// Tracing on in the Next server: each backend call is a client span whose ids are what the
// backend receives in traceparent; by default on its own (or in a page render's trace), with
// TRACING_NEXT_SPANS under Next's span of the request.

const APP = 'http://localhost:3000';
const BROWSER_TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const exporter = new InMemorySpanExporter();
let stub: StubUpstream;
let status = 200;
let traceparents: string[] = [];
const savedEnv = { ...process.env };

beforeAll(async () => {
  stub = await startStub((req, res) => {
    traceparents.push(String(req.headers.traceparent));
    res.statusCode = status;
    res.end('{}');
  });
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = APP;
  exporter.reset();
  traceparents = [];
  status = 200;
});
afterAll(async () => {
  process.env = savedEnv;
  await stub.close();
});

const clientSpans = () =>
  exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);

async function failAgainstClosedPort() {
  const down = await startStub(() => undefined);
  process.env.BACKEND_URL = down.url;
  await down.close();
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    return await forward(new Request(`${APP}/api/x`));
  } finally {
    log.mockRestore();
  }
}

it("leaves Next's own spans off unless TRACING_NEXT_SPANS says otherwise", () => {
  expect(nextSpansRequested({})).toBe(false);
  expect(nextSpansRequested({ TRACING_NEXT_SPANS: 'true' })).toBe(true);
});

describe('default: the client spans alone', () => {
  beforeAll(() => startNextTracing({ exporter, nextSpans: false }));

  it("sends each proxied call's client span upstream, the root of its trace", async () => {
    const request = new Request(`${APP}/api/clubs?name=비밀&isMyClubs=0`, {
      headers: { traceparent: BROWSER_TRACEPARENT },
    });
    await (await forward(request)).text();
    const [span] = clientSpans();
    expect(span.name).toBe('GET');
    expect(span.parentSpanContext).toBeUndefined();
    expect(traceparents).toEqual([
      `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`,
    ]);
    expect(span.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
      'url.full': `${stub.url}/api/clubs`,
    });
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    // No global provider: Next's instrumentation stays off.
    expect(trace.getTracer('next.js').startSpan('x').isRecording()).toBe(false);
  });

  it("puts a render's reads in the render's trace, and marks 5xx and failed calls as errors", async () => {
    status = 503;
    const renderTrace = '0af7651916cd43dd8448eb211c80319c';
    expect(currentTraceId(() => renderTrace)).toBe(renderTrace);
    await (await backendGet('/api/login/check', '', renderTrace)).text();
    expect((await failAgainstClosedPort()).status).toBe(502);
    const [read, failed] = clientSpans();
    expect(read.spanContext().traceId).toBe(renderTrace);
    expect(read.parentSpanContext?.isRemote).toBe(true);
    expect(parseTraceparent(traceparents[0])).toMatchObject({
      traceId: renderTrace,
      parentId: read.spanContext().spanId,
    });
    expect(read.attributes['http.response.status_code']).toBe(503);
    expect(read.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.events.map((event) => event.name)).toEqual(['exception']);
  });
});

describe("TRACING_NEXT_SPANS: under Next's spans", () => {
  beforeAll(() => startNextTracing({ exporter, nextSpans: true }));

  /** Runs `fn` inside a server span, as Next runs a route handler. */
  function inRequestSpan(fn: () => Promise<unknown>) {
    const tracer = trace.getTracer('next.js');
    return tracer.startActiveSpan('GET /api/[...path]', { kind: SpanKind.SERVER }, async (span) => {
      try {
        await fn();
        return span.spanContext();
      } finally {
        span.end();
      }
    });
  }

  it("makes the client span a child of the request's span", async () => {
    const parent = await inRequestSpan(async () => {
      await (await forward(new Request(`${APP}/api/member/exercises`))).text();
      await (await backendGet('/api/login/check', '', 'ignored-under-a-span')).text();
      expect(currentTraceId(() => 'unused')).toBe(trace.getActiveSpan()!.spanContext().traceId);
    });
    const spans = clientSpans();
    expect(spans).toHaveLength(2);
    for (const [index, span] of spans.entries()) {
      expect(span.parentSpanContext?.spanId).toBe(parent.spanId);
      expect(span.spanContext().traceId).toBe(parent.traceId);
      expect(traceparents[index]).toBe(`00-${parent.traceId}-${span.spanContext().spanId}-01`);
    }
  });

  it("does not continue a browser's traceparent", () => {
    const carrier = { traceparent: BROWSER_TRACEPARENT };
    const extracted = propagation.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
    expect(trace.getSpanContext(extracted)).toBeUndefined();
  });
});
