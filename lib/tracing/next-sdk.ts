import 'server-only';

import type { Context, TextMapPropagator, TextMapSetter } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace';

import { type BffTracer, installBffTracer } from '@/lib/bff/tracing';
import { otelLogLevel, otlpProtocol } from '@/lib/shared/tracing/env';
import { batchProcessorFromEnv, samplerFromEnv } from '@/lib/shared/tracing/sdk-env';
import { newSpanId } from '@/lib/shared/tracing/traceparent';

/**
 * The Next server's OpenTelemetry tracing, started by instrumentation.ts in the Node.js runtime
 * and only when an OTLP endpoint is configured (env.ts); every OpenTelemetry package is a
 * dynamic import from here, so with tracing off none is loaded.
 *
 * - Each call to the backend is a client span (lib/bff/tracing.ts), ended when the answer's
 *   headers arrive (a streamed body, like the live event stream, can last for hours); its ids go
 *   upstream in `traceparent`, so the backend's spans are its children.
 * - Next's own spans (request, route, rendering) only with TRACING_NEXT_SPANS=true: the provider is
 *   then registered globally, which switches on Next's built-in instrumentation and an
 *   AsyncLocalStorage context manager, and the client spans become children of Next's span of the
 *   request. Measured with bench/proxy, that costs about a third more main-thread CPU per proxied
 *   request, against a few per cent for the client spans alone; hence off by default. Without it
 *   a proxied call's client span is the root of its trace, and the reads of one page render share
 *   the render's trace id (lib/bff/server-client.ts) through a remote parent made of it.
 * - the browser's `traceparent` is not continued: this process is the edge, and a client must
 *   not choose trace ids or force sampling (`extract` below keeps the context as it is).
 *
 * The same standard variables as the backend configure it (OTEL_SERVICE_NAME, default
 * everyhealth-web; OTEL_EXPORTER_OTLP_*; OTEL_TRACES_SAMPLER; OTEL_BSP_*).
 */

export const DEFAULT_SERVICE_NAME = 'everyhealth-web';

/** Sends the W3C trace context of outgoing calls, ignores what callers send. */
class OutgoingOnlyPropagator implements TextMapPropagator {
  constructor(private readonly w3c: TextMapPropagator) {}

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.w3c.inject(context, carrier, setter);
  }

  extract(context: Context): Context {
    return context;
  }

  fields(): string[] {
    return this.w3c.fields();
  }
}

/** TRACING_NEXT_SPANS=true: export Next's own spans too (see above). */
export function nextSpansRequested(env: Record<string, string | undefined> = process.env): boolean {
  return ['true', '1', 'yes'].includes(env.TRACING_NEXT_SPANS?.trim().toLowerCase() ?? '');
}

/**
 * Starts tracing and installs the BFF's tracer. `exporter`: tests (exported synchronously);
 * `nextSpans`: default TRACING_NEXT_SPANS.
 */
export async function startNextTracing(
  options: { exporter?: SpanExporter; nextSpans?: boolean } = {},
): Promise<void> {
  const nextSpans = options.nextSpans ?? nextSpansRequested();
  const protocol = otlpProtocol();
  const [api, core, sdk, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
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
  let tracer;
  if (nextSpans) {
    // What NodeTracerProvider.register() did before SDK 3: an AsyncLocalStorage context manager,
    // the propagator and the global provider.
    const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
    api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    api.propagation.setGlobalPropagator(
      new OutgoingOnlyPropagator(new core.W3CTraceContextPropagator()),
    );
    api.trace.setGlobalTracerProvider(provider);
    tracer = api.trace.getTracer('everyhealth-bff');
  } else {
    // Not registered: Next's instrumentation stays off, and no context manager runs.
    tracer = provider.getTracer('everyhealth-bff');
  }
  // BACKEND_URL's host and port, parsed once per origin rather than per call.
  const servers = new Map<string, { address: string; port: number }>();
  const serverOf = (origin: string) => {
    let server = servers.get(origin);
    if (!server) {
      const url = new URL(origin);
      server = {
        address: url.hostname,
        port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
      };
      servers.set(origin, server);
    }
    return server;
  };
  const bffTracer: BffTracer = {
    startUpstreamSpan(method, origin, path, traceId) {
      const server = serverOf(origin);
      const query = path.indexOf('?');
      // Under a span (Next's, with TRACING_NEXT_SPANS) that span is the parent. Otherwise a call
      // that belongs to a known trace (a page render's reads) joins it: a remote parent made of
      // the trace id, sampled, since the render made no sampling decision of its own.
      let parent = api.context.active();
      if (traceId && !api.trace.getSpan(parent)) {
        parent = api.trace.setSpanContext(parent, {
          traceId,
          spanId: newSpanId(),
          traceFlags: api.TraceFlags.SAMPLED,
          isRemote: true,
        });
      }
      const span = tracer.startSpan(
        method,
        {
          kind: api.SpanKind.CLIENT,
          attributes: {
            'http.request.method': method,
            'server.address': server.address,
            'server.port': server.port,
            // Without the query string: it may hold what members typed (a club search).
            'url.full': origin + (query < 0 ? path : path.slice(0, query)),
          },
        },
        parent,
      );
      const context = span.spanContext();
      return {
        traceparent: `00-${context.traceId}-${context.spanId}-0${context.traceFlags & 1}`,
        tracestate: context.traceState?.serialize() || undefined,
        traceId: context.traceId,
        end(status, error) {
          if (status !== undefined) {
            span.setAttribute('http.response.status_code', status);
            if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
          } else {
            span.setStatus({ code: api.SpanStatusCode.ERROR });
            if (error instanceof Error) {
              span.setAttribute('error.type', error.name);
              span.recordException(error);
            }
          }
          span.end();
        },
      };
    },
    activeTraceId() {
      return api.trace.getActiveSpan()?.spanContext().traceId;
    },
  };
  installBffTracer(bffTracer);
}
