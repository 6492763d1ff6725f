import 'server-only';

import { formatTraceparent, newSpanId, newTraceId } from '@/lib/shared/tracing/traceparent';

/**
 * The W3C trace context of the BFF's calls to the backend (forward.ts, backend-get.ts,
 * refresh.ts). The BFF's HTTP client is undici's `Pool.dispatch` (and the runtime's own fetch
 * for the server's reads), which no automatic instrumentation sees, so each call asks here for
 * its `traceparent`:
 *
 * - tracing on (instrumentation.ts installed a `BffTracer`): a client span whose ids go upstream;
 *   the backend's server span continues it (lib/tracing/next-sdk.ts says what its parent is);
 * - tracing off: a made-up traceparent (random trace and span ids, sampled flag set so that a
 *   tracing backend still records), nothing else: the backend logs its trace id on every line of
 *   the call, so a request can be followed through both processes' logs without an exporter.
 *
 * A browser's own `traceparent` is never forwarded (headers.ts has it on no allow-list) nor
 * continued (next-sdk.ts's propagator ignores incoming context): the BFF is the edge, and a client
 * must not choose trace ids or force sampling.
 */

/** One backend call's trace context. */
export interface UpstreamSpan {
  traceparent: string;
  /** Vendor trace state to pass along, when the span has any. */
  tracestate?: string;
  traceId: string;
  /** Ends the span: the backend's status, or the error that left none. No-op with tracing off. */
  end(status: number | undefined, error?: unknown): void;
}

/** What the OpenTelemetry SDK provides when tracing is on (lib/tracing/next-sdk.ts). */
export interface BffTracer {
  /** `traceId`: the trace the call belongs to when no span is active (a page render's). */
  startUpstreamSpan(method: string, origin: string, path: string, traceId?: string): UpstreamSpan;
  /** The trace id of the span active here, if any. */
  activeTraceId(): string | undefined;
}

// On globalThis: instrumentation.ts and each route bundle Next builds are separate modules.
const TRACER_KEY = Symbol.for('everyhealth.bff.tracer');
const globalTracer = globalThis as typeof globalThis & { [TRACER_KEY]?: BffTracer };

/** Installs (undefined: removes) the tracer the BFF's calls use. */
export function installBffTracer(tracer: BffTracer | undefined): void {
  globalTracer[TRACER_KEY] = tracer;
}

const noop = () => undefined;

/**
 * The trace context of a call to `origin` + `path`. It joins `traceId` when given (several calls
 * for one page) and no span is active, else starts a trace of its own.
 */
export function startUpstreamSpan(
  method: string,
  origin: string,
  path: string,
  traceId?: string,
): UpstreamSpan {
  const tracer = globalTracer[TRACER_KEY];
  if (tracer) return tracer.startUpstreamSpan(method, origin, path, traceId);
  const id = traceId ?? newTraceId();
  return { traceparent: formatTraceparent(id, newSpanId()), traceId: id, end: noop };
}

/** The trace of the work in progress: the active span's with tracing on, else `fallback()`'s. */
export function currentTraceId(fallback: () => string): string {
  return globalTracer[TRACER_KEY]?.activeTraceId() ?? fallback();
}

/** The `traceparent` (and `tracestate`) request headers of a span, as a fetch headers object. */
export function traceHeaders(span: UpstreamSpan): Record<string, string> {
  return span.tracestate
    ? { traceparent: span.traceparent, tracestate: span.tracestate }
    : { traceparent: span.traceparent };
}
