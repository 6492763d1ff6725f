/** @jest-environment node */
import { parseTraceparent } from '@/lib/shared/tracing/traceparent';

import { backendGet } from './backend-get';
import { forward } from './forward';
import { refreshSession, resetRefreshFlights } from './refresh';
import { startStub, type StubUpstream } from './test-utils';
import { type BffTracer, installBffTracer, startUpstreamSpan } from './tracing';

// Tracing off (no OpenTelemetry in this process): every call the BFF makes to the backend carries
// a traceparent of its own, so that the backend's log lines of the call share a trace id.

const APP = 'http://localhost:3000';
const BROWSER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const BROWSER_TRACEPARENT = `00-${BROWSER_TRACE}-00f067aa0ba902b7-00`;
let stub: StubUpstream;
let seen: (string | undefined)[][] = [];
const savedEnv = { ...process.env };

beforeAll(async () => {
  stub = await startStub((req, res) => {
    seen.push([req.headers.traceparent as string | undefined, req.headers.tracestate as string]);
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = APP;
  seen = [];
  resetRefreshFlights();
});
afterAll(async () => {
  process.env = savedEnv;
  await stub.close();
});

describe('trace context towards the backend, tracing off', () => {
  it('gives each proxied call a valid, sampled traceparent of its own', async () => {
    await (await forward(new Request(`${APP}/api/member/exercises`))).text();
    await (await forward(new Request(`${APP}/api/member/exercises`))).text();
    expect(seen).toHaveLength(2);
    const [first, second] = seen.map(([header]) => parseTraceparent(header));
    expect(first).toMatchObject({ sampled: true });
    expect(second).toMatchObject({ sampled: true });
    expect(first!.traceId).not.toBe(second!.traceId);
  });

  it("neither forwards nor continues the browser's traceparent and tracestate", async () => {
    const request = new Request(`${APP}/api/member/exercises`, {
      headers: { traceparent: BROWSER_TRACEPARENT, tracestate: 'vendor=chosen-by-the-client' },
    });
    await (await forward(request)).text();
    const [[header, state]] = seen;
    expect(header).not.toBe(BROWSER_TRACEPARENT);
    expect(parseTraceparent(header)?.traceId).not.toBe(BROWSER_TRACE);
    expect(state).toBeUndefined();
  });

  it("sends one on the server's reads (joining the page's trace when given) and on a refresh", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    await (await backendGet('/api/login/check', '', traceId)).text();
    await (await backendGet('/api/login/check', '', traceId)).text();
    await refreshSession('some-refresh-token');
    expect(seen).toHaveLength(3);
    const [read1, read2, refresh] = seen.map(([header]) => parseTraceparent(header));
    expect(read1!.traceId).toBe(traceId);
    expect(read2!.traceId).toBe(traceId);
    expect(read1!.parentId).not.toBe(read2!.parentId);
    expect(refresh!.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('logs a 502 in the Next server log with the trace id of the failed call', async () => {
    const down = await startStub(() => undefined);
    process.env.BACKEND_URL = down.url;
    await down.close();
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await forward(new Request(`${APP}/api/member/exercises`));
      expect(response.status).toBe(502);
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0][0])).toMatch(
        /^BFF: GET \/api\/member\/exercises: 502, the backend is unreachable \(trace_id=[0-9a-f]{32}\)$/,
      );
    } finally {
      log.mockRestore();
    }
  });
});

const SPAN_TRACE = '5b8aa5a2d2c872e8321cf37308d69df2';

describe('trace context towards the backend, tracing on', () => {
  afterEach(() => installBffTracer(undefined));

  it("sends the installed tracer's span and ends it with the backend's status", async () => {
    const ended: (number | undefined)[] = [];
    const calls: (string | undefined)[][] = [];
    const tracer: BffTracer = {
      startUpstreamSpan: (method, origin, path, traceId) => {
        calls.push([method, origin, path, traceId]);
        return {
          traceparent: `00-${SPAN_TRACE}-1111111111111111-01`,
          tracestate: 'eh=1',
          traceId: SPAN_TRACE,
          end: (status) => ended.push(status),
        };
      },
      activeTraceId: () => SPAN_TRACE,
    };
    installBffTracer(tracer);
    const response = await forward(
      new Request(`${APP}/api/exercise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    await response.text();
    expect(calls).toEqual([['POST', stub.url, '/api/exercise', undefined]]);
    expect(seen).toEqual([[`00-${SPAN_TRACE}-1111111111111111-01`, 'eh=1']]);
    expect(ended).toEqual([200]);
    startUpstreamSpan('GET', stub.url, '/x', 'a-render-trace');
    expect(calls[1]).toEqual(['GET', stub.url, '/x', 'a-render-trace']);
  });
});
