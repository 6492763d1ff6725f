import { tracingRequested } from '@/lib/shared/tracing/env';

import { buildApp } from './app';
import { loadConfig } from './config';
import type { Tracing } from './telemetry/tracing';

/**
 * Entry point: reads the environment, starts tracing when an OTLP endpoint is configured (before
 * the app is built, so the HTTP server and database clients are instrumented), starts the
 * backend, stops cleanly on SIGTERM/SIGINT (exporting the spans still buffered).
 */
async function main(): Promise<void> {
  let config;
  let traces: Tracing | undefined;
  try {
    config = loadConfig();
    if (tracingRequested()) {
      // A dynamic import: with tracing off no OpenTelemetry module is loaded.
      const { startTracing } = await import('./telemetry/otel');
      traces = await startTracing();
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const app = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  if (traces) app.log.info('tracing on: spans are exported over OTLP');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app
      .close()
      .then(() => traces?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
