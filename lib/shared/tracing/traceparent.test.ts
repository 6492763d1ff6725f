/** @jest-environment node */
import { otelLogLevel, otlpProtocol, tracingRequested } from './env';
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent } from './traceparent';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it('reads a version-00 header', () => {
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-01`)).toEqual({
      traceId: TRACE,
      parentId: PARENT,
      sampled: true,
    });
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-00`)?.sampled).toBe(false);
    expect(parseTraceparent(`00-${TRACE}-${PARENT}-03`)?.sampled).toBe(true);
  });

  it('accepts a later version with more fields, ignoring them', () => {
    expect(parseTraceparent(`01-${TRACE}-${PARENT}-01-what-comes-next`)?.traceId).toBe(TRACE);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['two headers', [`00-${TRACE}-${PARENT}-01`, `00-${TRACE}-${PARENT}-01`]],
    ['upper case', `00-${TRACE.toUpperCase()}-${PARENT}-01`],
    ['zero trace id', `00-${'0'.repeat(32)}-${PARENT}-01`],
    ['zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${PARENT}-01`],
    ['version 00 with more fields', `00-${TRACE}-${PARENT}-01-extra`],
    ['short trace id', `00-${TRACE.slice(1)}-${PARENT}-01`],
    ['not hex', `00-${TRACE.slice(1)}g-${PARENT}-01`],
  ])('refuses %s', (_name, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});

describe('new ids', () => {
  it('are random lower-case hex of the W3C lengths, and make a valid traceparent', () => {
    const traces = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const traceId = newTraceId();
      const spanId = newSpanId();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      traces.add(traceId);
      expect(parseTraceparent(formatTraceparent(traceId, spanId))).toEqual({
        traceId,
        parentId: spanId,
        sampled: true,
      });
    }
    expect(traces.size).toBe(1000);
    expect(formatTraceparent(TRACE, PARENT, false)).toBe(`00-${TRACE}-${PARENT}-00`);
  });
});

describe('tracing switches', () => {
  it('is on with an OTLP endpoint, unless the SDK or the trace exporter is switched off', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c/v1/traces' })).toBe(
      true,
    );
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBe(false);
  });

  it('speaks OTLP over HTTP, protobuf by default or JSON, and names what it cannot', () => {
    expect(otlpProtocol({})).toBe('http/protobuf');
    expect(otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toBe('http/json');
    expect(
      otlpProtocol({
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      }),
    ).toBe('http/protobuf');
    expect(() => otlpProtocol({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/grpc/);
  });

  it("reports the SDK's own errors unless OTEL_LOG_LEVEL asks for more or none", () => {
    expect(otelLogLevel({})).toBe('ERROR');
    expect(otelLogLevel({ OTEL_LOG_LEVEL: 'debug' })).toBe('DEBUG');
    expect(otelLogLevel({ OTEL_LOG_LEVEL: 'none' })).toBe('NONE');
    expect(otelLogLevel({ OTEL_LOG_LEVEL: 'loud' })).toBe('ERROR');
  });
});
