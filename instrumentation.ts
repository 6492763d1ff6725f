import type { Instrumentation } from 'next';

import { tracingRequested } from '@/lib/shared/tracing/env';

/**
 * Next's instrumentation hook, run once when the server starts. Tracing (OpenTelemetry, exported
 * over OTLP) is on only in the Node.js runtime and only when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise nothing is loaded and the BFF still sends
 * the backend a traceparent of its own (lib/bff/tracing.ts), so both processes' logs correlate.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !tracingRequested()) return;
  const { startNextTracing } = await import('@/lib/tracing/next-sdk');
  await startNextTracing();
}

/** Every server error of a render, route handler or action: one log line, and the span's error. */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const { reportRequestError } = await import('@/lib/observability/request-error');
  const span = tracingRequested()
    ? (await import('@opentelemetry/api')).trace.getActiveSpan()
    : undefined;
  reportRequestError(error, request, context, span);
};
