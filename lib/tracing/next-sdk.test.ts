/** @jest-environment node */
import {
  context,
  defaultTextMapGetter,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { backendGet } from '@/lib/bff/backend-get';
import { forward } from '@/lib/bff/forward';
import { startStub, type StubUpstream } from '@/lib/bff/test-utils';
import { currentTraceId } from '@/lib/bff/tracing';
import { parseTraceparent } from './traceparent';
import { startNextTracing } from './next-sdk';

// Tracing on in the Next server: the BFF's backend calls are client spans under Next's span of
// the request, and their ids are what the backend receives in traceparent.

const APP = 'http://localhost:3000';
const exporter = new InMemorySpanExporter();
let stub: StubUpstream;
let status = 200;
let traceparents: string[] = [];
const savedEnv = { ...process.env };

beforeAll(async () => {
  await startNextTracing({ exporter });
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

/** Runs `fn` inside a server span, as Next runs a route handler. */
function inRequestSpan<T>(fn: () => Promise<T>) {
  const tracer = trace.getTracer('next.js');
  return tracer.startActiveSpan('GET /api/[...path]', { kind: SpanKind.SERVER }, async (span) => {
    try {
      return { result: await fn(), parent: span.spanContext() };
    } finally {
      span.end();
    }
  });
}

function clientSpans() {
  return exporter.getFinishedSpans().filter((span) => span.kind === SpanKind.CLIENT);
}

it("sends the client span's ids upstream, as a child of the request's span", async () => {
  const { parent } = await inRequestSpan(async () => {
    const response = await forward(
      new Request(`${APP}/api/clubs?name=비밀&isMyClubs=0`, {
        headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
      }),
    );
    return response.text();
  });
  const [span] = clientSpans();
  expect(span.name).toBe('GET');
  expect(span.parentSpanContext?.spanId).toBe(parent.spanId);
  expect(span.spanContext().traceId).toBe(parent.traceId);
  expect(traceparents).toEqual([`00-${parent.traceId}-${span.spanContext().spanId}-01`]);
  expect(span.attributes).toMatchObject({
    'http.request.method': 'GET',
    'http.response.status_code': 200,
    'server.address': '127.0.0.1',
    'url.full': `${stub.url}/api/clubs`,
  });
  expect(span.status.code).toBe(SpanStatusCode.UNSET);
});

it("does not continue a browser's traceparent", () => {
  const carrier = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
  const extracted = propagation.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
  expect(trace.getSpanContext(extracted)).toBeUndefined();
});

it("marks a backend 5xx and a failed call as errors; the server's reads join the request's trace", async () => {
  status = 503;
  const { parent } = await inRequestSpan(async () => {
    await (await backendGet('/api/login/check', '')).text();
    expect(currentTraceId(() => 'unused')).toBe(trace.getActiveSpan()!.spanContext().traceId);
  });
  const down = await startStub(() => undefined);
  process.env.BACKEND_URL = down.url;
  await down.close();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await context.with(ROOT_CONTEXT, () => forward(new Request(`${APP}/api/x`)));
  jest.mocked(console.error).mockRestore();

  const [read, failed] = clientSpans();
  expect(read.spanContext().traceId).toBe(parent.traceId);
  expect(parseTraceparent(traceparents[0])?.parentId).toBe(read.spanContext().spanId);
  expect(read.attributes['http.response.status_code']).toBe(503);
  expect(read.status.code).toBe(SpanStatusCode.ERROR);
  expect(failed.status.code).toBe(SpanStatusCode.ERROR);
  expect(failed.parentSpanContext).toBeUndefined();
  expect(failed.events.map((event) => event.name)).toEqual(['exception']);
});
