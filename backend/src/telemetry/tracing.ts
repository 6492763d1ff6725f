import type { IncomingMessage } from 'node:http';

import type { FastifyBaseLogger } from 'fastify';

import { newTraceId, parseTraceparent } from '@/lib/shared/tracing/traceparent';

/**
 * Trace ids on the backend's log lines, with tracing on or off. This module loads no
 * OpenTelemetry code: telemetry/otel.ts installs a `Tracing` here when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set (main.ts), and only then.
 *
 * - Every line a request logs (`request.log`, Fastify's "incoming request" / "request completed")
 *   carries `trace_id`, bound once into the request's child logger. Tracing on: the server span's
 *   trace and span ids (`span_id`). Tracing off: the trace id of the request's `traceparent`
 *   header (the BFF always sends one), else a new random one, so the request's lines still
 *   correlate with each other and with the BFF's.
 * - Tracing on, any other line logged while a span is active (`app.log` inside a handler, a
 *   database call) gets the active span's ids through pino's `mixin`.
 */

export interface SpanIds {
  traceId: string;
  spanId: string;
}

/** What the OpenTelemetry SDK provides when tracing is on (installed by telemetry/otel.ts). */
export interface Tracing {
  /** Ids of the span active in the current async context, if any. */
  activeSpanIds(): SpanIds | undefined;
  /** Names the active server span after the route that matched (`GET /api/post/:postId`). */
  nameServerSpan(method: string, route: string): void;
  /** Exports the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

let installed: Tracing | undefined;

/** The SDK's hooks when tracing is on; undefined when off. */
export function tracing(): Tracing | undefined {
  return installed;
}

/** Installs (or, with undefined, removes) the SDK's hooks. */
export function installTracing(value: Tracing | undefined): void {
  installed = value;
}

/** The trace fields bound into one request's logger. */
export function requestTraceFields(req: IncomingMessage): { trace_id: string; span_id?: string } {
  const ids = installed?.activeSpanIds();
  if (ids) return { trace_id: ids.traceId, span_id: ids.spanId };
  return { trace_id: parseTraceparent(req.headers.traceparent)?.traceId ?? newTraceId() };
}

/** Marks request loggers (and their children), whose lines carry the fields already. */
const BOUND = Symbol('everyhealth.traceFieldsBound');

/** Fastify's per-request child logger, with the request's trace fields bound into it. */
export function traceChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Parameters<FastifyBaseLogger['child']>[0],
  opts: Parameters<FastifyBaseLogger['child']>[1],
  req: IncomingMessage,
): FastifyBaseLogger {
  const child = logger.child({ ...bindings, ...requestTraceFields(req) }, opts);
  (child as FastifyBaseLogger & { [BOUND]?: true })[BOUND] = true;
  return child;
}

const NONE = Object.freeze({});

/**
 * pino's `mixin` and `mixinMergeStrategy` with tracing on: the active span's ids on a line logged
 * outside a request's logger (never twice on a request logger's line).
 */
export function traceMixin(source: Tracing): {
  mixin: (merge: object, level: number, logger: object) => object;
  mixinMergeStrategy: (merge: object, mixin: object) => object;
} {
  return {
    mixin(_merge, _level, logger) {
      if ((logger as { [BOUND]?: true })[BOUND]) return NONE;
      const ids = source.activeSpanIds();
      return ids ? { trace_id: ids.traceId, span_id: ids.spanId } : NONE;
    },
    // pino's default assigns the line's fields into the mixin's object: not into NONE.
    mixinMergeStrategy: (merge, mixin) => (mixin === NONE ? merge : Object.assign(mixin, merge)),
  };
}
