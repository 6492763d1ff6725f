import 'server-only';
import type { Context, TextMapPropagator, TextMapSetter } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';
import { installBffTracer, type BffTracer } from '@/lib/bff/tracing';
import { otlpProtocol } from './env';

/**
 * The Next server's OpenTelemetry tracing, started by instrumentation.ts in the Node.js runtime
 * and only when an OTLP endpoint is configured (env.ts); every OpenTelemetry package is a
 * dynamic import from here, so with tracing off none is loaded.
 *
 * - Next's own spans (the request, route handler, rendering: Next instruments itself through
 *   `@opentelemetry/api` once a provider is registered) are exported with the BFF's;
 * - each call to the backend is a client span under them (lib/bff/tracing.ts), ended when the
 *   answer's headers arrive (a streamed body, like the live event stream, can last for hours),
 *   and its ids go upstream in `traceparent`;
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

/** Starts tracing and installs the BFF's tracer. `exporter`: tests (exported synchronously). */
export async function startNextTracing(options: { exporter?: SpanExporter } = {}): Promise<void> {
  const protocol = otlpProtocol();
  const [api, core, node, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
  ]);
  let processor;
  if (options.exporter) {
    processor = new node.SimpleSpanProcessor(options.exporter);
  } else {
    const { OTLPTraceExporter } =
      protocol === 'http/json'
        ? await import('@opentelemetry/exporter-trace-otlp-http')
        : await import('@opentelemetry/exporter-trace-otlp-proto');
    processor = new node.BatchSpanProcessor(new OTLPTraceExporter());
  }
  const provider = new node.NodeTracerProvider({
    // OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the default.
    resource: resources
      .resourceFromAttributes({ 'service.name': DEFAULT_SERVICE_NAME })
      .merge(resources.detectResources({ detectors: [resources.envDetector] })),
    spanProcessors: [processor],
  });
  provider.register({
    propagator: new OutgoingOnlyPropagator(new core.W3CTraceContextPropagator()),
  });

  const tracer = api.trace.getTracer('everyhealth-bff');
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
    startUpstreamSpan(method, origin, path) {
      const server = serverOf(origin);
      const query = path.indexOf('?');
      const span = tracer.startSpan(method, {
        kind: api.SpanKind.CLIENT,
        attributes: {
          'http.request.method': method,
          'server.address': server.address,
          'server.port': server.port,
          // Without the query string: it may hold what members typed (a club search).
          'url.full': origin + (query < 0 ? path : path.slice(0, query)),
        },
      });
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
