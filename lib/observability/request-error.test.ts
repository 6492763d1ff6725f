/**
 * @jest-environment node
 */
import type { Span } from '@opentelemetry/api';

import { reportRequestError } from './request-error';

const request = { method: 'GET', path: '/friend?q=%EA%B9%80' };
const route = { routePath: '/(app)/friend', routeType: 'render', renderSource: 'server-rendering' };

/** A span that records what it was told (the two calls the reporter makes). */
function recordingSpan(traceId: string) {
  const told: { exceptions: unknown[]; status: unknown[] } = { exceptions: [], status: [] };
  const span = {
    spanContext: () => ({ traceId, spanId: '00f067aa0ba902b7', traceFlags: 1 }),
    recordException: (exception: unknown) => told.exceptions.push(exception),
    setStatus: (status: unknown) => told.status.push(status),
  } as unknown as Span;
  return { span, told };
}

describe('reportRequestError', () => {
  let logged: string[];
  beforeEach(() => {
    logged = [];
    jest.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(line));
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs one JSON line naming the route, without the query', () => {
    const error = Object.assign(new Error('boom'), { digest: '123456' });
    reportRequestError(error, request, route);
    expect(logged).toHaveLength(1);
    const line = JSON.parse(logged[0]);
    expect(line).toMatchObject({
      level: 'error',
      msg: 'request failed',
      method: 'GET',
      path: '/friend',
      route: '/(app)/friend',
      routeType: 'render',
      renderSource: 'server-rendering',
      digest: '123456',
    });
    expect(line.error).toContain('boom');
    expect(line.trace_id).toBeUndefined();
    expect(logged[0]).not.toContain('q=');
  });

  it("names a failed backend read's trace id, the one the backend logged", () => {
    const error = Object.assign(new Error('backend read failed'), {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    });
    const { span } = recordingSpan('0af7651916cd43dd8448eb211c80319c');
    const line = reportRequestError(error, request, route, span);
    expect(line.trace_id).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it("with tracing on, marks the request's span as failed and names its trace", () => {
    const { span, told } = recordingSpan('0af7651916cd43dd8448eb211c80319c');
    const error = new Error('render failed');
    const line = reportRequestError(error, request, route, span);
    expect(line.trace_id).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(told.exceptions).toEqual([error]);
    expect(told.status).toEqual([{ code: 2, message: 'Error: render failed' }]);
  });

  it('logs a thrown non-Error as text', () => {
    const line = reportRequestError('plain text', request, route);
    expect(line.error).toBe('plain text');
  });
});
