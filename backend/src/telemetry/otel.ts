import { createRequire, syncBuiltinESMExports } from 'node:module';

import type { SpanExporter } from '@opentelemetry/sdk-trace';

import { otelLogLevel, otlpProtocol } from '@/lib/shared/tracing/env';
import { batchProcessorFromEnv, samplerFromEnv } from '@/lib/shared/tracing/sdk-env';

import { installTracing, type Tracing } from './tracing';

/**
 * The backend's OpenTelemetry tracing, started by main.ts before the app is built and only when
 * an OTLP endpoint is configured (lib/shared/tracing/env.ts). Every OpenTelemetry package is a dynamic
 * import from here, so with tracing off none is ever loaded.
 *
 * What is traced:
 * - every HTTP request (instrumentation-http: a server span continuing the W3C `traceparent` the
 *   BFF sends, named after the Fastify route), except `/healthz` and SockJS under `/chat/`;
 * - PostgreSQL queries (instrumentation-pg, with DATABASE_URL; the embedded PGlite runs in-process
 *   and has no instrumentation);
 * - outgoing HTTP made while handling a request: the S3 store (node:http) and the sign-in's
 *   calls to the identity provider (fetch, instrumentation-undici).
 *
 * Configured by the standard variables: the exporter reads `OTEL_EXPORTER_OTLP_ENDPOINT` (or
 * `…_TRACES_ENDPOINT`), `…_HEADERS`, `…_TIMEOUT` and `…_COMPRESSION`; the provider reads
 * `OTEL_TRACES_SAMPLER` / `…_ARG` (default: parent-based, always on: the BFF's decision holds)
 * and the batch processor `OTEL_BSP_*` (both read by lib/shared/tracing/sdk-env.ts: SDK 3 no longer does); `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES` name
 * the service (default everyhealth-backend).
 */

export const DEFAULT_SERVICE_NAME = 'everyhealth-backend';

/** Requests no span is made for: the load balancer's probe, and SockJS polls and streams. */
function untraced(url: string | undefined): boolean {
  return (
    url === undefined ||
    url === '/healthz' ||
    url.startsWith('/healthz?') ||
    url.startsWith('/chat/')
  );
}

/** Starts tracing and installs its hooks (telemetry/tracing.ts). `exporter`: tests. */
export async function startTracing(options: { exporter?: SpanExporter } = {}): Promise<Tracing> {
  const protocol = otlpProtocol();
  const [api, core, sdk, { AsyncLocalStorageContextManager }, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
  ]);
  const [{ registerInstrumentations }, http, pg, undici] = await Promise.all([
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  api.diag.setLogger(new api.DiagConsoleLogger(), api.DiagLogLevel[otelLogLevel()]);
  let processor;
  if (options.exporter) {
    processor = new sdk.SimpleSpanProcessor({ exporter: options.exporter });
  } else {
    const { OTLPTraceExporter } =
      protocol === 'http/json'
        ? await import('@opentelemetry/exporter-trace-otlp-http')
        : await import('@opentelemetry/exporter-trace-otlp-proto');
    processor = batchProcessorFromEnv(sdk, new OTLPTraceExporter());
  }
  const provider = new sdk.TracerProvider({
    sampler: samplerFromEnv(sdk),
    // OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the default.
    resource: resources
      .resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME })
      .merge(resources.detectResources({ detectors: [resources.envDetector] })),
    spanProcessors: [processor],
  });
  // Global: the tracer provider, an AsyncLocalStorage context manager, the W3C propagators (trace
  // context and baggage): what NodeTracerProvider.register() did before SDK 3.
  const contextManager = new AsyncLocalStorageContextManager().enable();
  api.context.setGlobalContextManager(contextManager);
  api.propagation.setGlobalPropagator(
    new core.CompositePropagator({
      propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()],
    }),
  );
  api.trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => untraced(request.url),
        // The exporter's own POSTs and other background calls make no root spans.
        requireParentforOutgoingSpans: true,
      }),
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new undici.UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  // The instrumentations patch a module when it is required. The backend is ESM, and the bundle
  // imports its packages before main.ts runs, so require each once more here: that runs the
  // patches (which change prototypes and module objects, so the copies already imported see
  // them too), and syncBuiltinESMExports passes node:http's patched functions to ESM importers.
  const require = createRequire(import.meta.url);
  for (const name of ['http', 'https', 'pg']) {
    try {
      require(name);
    } catch {
      // pg is optional at run time (PGlite); a missing module has nothing to patch.
    }
  }
  syncBuiltinESMExports();

  const hooks: Tracing = {
    activeSpanIds() {
      const span = api.trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
    nameServerSpan(method, route) {
      const span = api.trace.getActiveSpan();
      if (!span?.isRecording()) return;
      span.updateName(`${method} ${route}`);
      span.setAttribute('http.route', route);
    },
    async shutdown() {
      installTracing(undefined);
      await provider.shutdown();
    },
  };
  installTracing(hooks);
  return hooks;
}
