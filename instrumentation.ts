import { tracingRequested } from '@/lib/tracing/env';

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
