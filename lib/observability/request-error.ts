import type { Span } from '@opentelemetry/api';

/** SpanStatusCode.ERROR, written out so that a server without tracing loads no OpenTelemetry code. */
const SPAN_STATUS_ERROR = 2;

/** What Next hands `onRequestError` about the request and the route (instrumentation types). */
export interface FailedRequest {
  path: string;
  method: string;
}
export interface FailedRoute {
  routePath: string;
  routeType: string;
  renderSource?: string;
}

/** One JSON log line of a server error, with the ids that lead to its trace and the backend's logs. */
export interface RequestErrorLine {
  level: 'error';
  time: string;
  msg: 'request failed';
  method: string;
  /** The path without its query: a query may carry what a log must not (a search, a code). */
  path: string;
  route: string;
  routeType: string;
  renderSource?: string;
  error: string;
  digest?: string;
  trace_id?: string;
}

/** The trace id a failed backend read carries (lib/bff/server-client.ts, BackendReadError). */
function errorTraceId(error: unknown): string | undefined {
  const traceId = (error as { traceId?: unknown } | null)?.traceId;
  return typeof traceId === 'string' && traceId !== '' ? traceId : undefined;
}

function describe(error: unknown): { message: string; digest?: string } {
  if (error instanceof Error) {
    const digest = (error as { digest?: unknown }).digest;
    return {
      message: error.stack ?? `${error.name}: ${error.message}`,
      ...(typeof digest === 'string' ? { digest } : {}),
    };
  }
  return { message: String(error) };
}

/**
 * Next's onRequestError (instrumentation.ts): every error a render, route handler or action threw
 * on the server becomes one JSON line on stderr, and, with tracing on, an exception event and an
 * error status on `span`, the request's (undefined with tracing off).
 */
export function reportRequestError(
  error: unknown,
  request: FailedRequest,
  route: FailedRoute,
  span?: Span,
): RequestErrorLine {
  const { message, digest } = describe(error);
  // The read's own id first: with tracing off it is the one the backend logged.
  const traceId = errorTraceId(error) ?? span?.spanContext().traceId;
  const line: RequestErrorLine = {
    level: 'error',
    time: new Date().toISOString(),
    msg: 'request failed',
    method: request.method,
    path: request.path.split('?')[0],
    route: route.routePath,
    routeType: route.routeType,
    ...(route.renderSource ? { renderSource: route.renderSource } : {}),
    error: message,
    ...(digest ? { digest } : {}),
    ...(traceId ? { trace_id: traceId } : {}),
  };
  if (span) {
    span.recordException(error instanceof Error ? error : String(error));
    span.setStatus({ code: SPAN_STATUS_ERROR, message: message.split('\n')[0] });
  }
  console.error(JSON.stringify(line));
  return line;
}
