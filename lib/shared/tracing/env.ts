/** The environment (process.env, or a test's). */
type Env = Record<string, string | undefined>;

/**
 * Whether this process should trace: an OTLP endpoint is configured (the standard
 * `OTEL_EXPORTER_OTLP_ENDPOINT`, or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) and neither
 * `OTEL_SDK_DISABLED=true` nor `OTEL_TRACES_EXPORTER=none` turns it off. Read once at start by
 * the backend's main.ts and the app's instrumentation.ts; when false, no OpenTelemetry module is
 * loaded at all. No dependencies.
 */
export function tracingRequested(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim(),
  );
}

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/**
 * The OTLP encoding, from `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL` or `OTEL_EXPORTER_OTLP_PROTOCOL`:
 * `http/protobuf` (OTLP's default) or `http/json`. Throws for anything else (`grpc` is not
 * installed), so a process with a wrong value stops at start with the reason.
 */
export function otlpProtocol(env: Env = process.env): OtlpProtocol {
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim() ||
    'http/protobuf'
  ).toLowerCase();
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use http/protobuf (the default) or http/json`,
  );
}

/** OpenTelemetry diagnostic levels, as `OTEL_LOG_LEVEL` names them. */
export type OtelLogLevel = 'NONE' | 'ERROR' | 'WARN' | 'INFO' | 'DEBUG' | 'VERBOSE' | 'ALL';

/**
 * The SDK's own diagnostics on stderr (a failed export, a refused span), from `OTEL_LOG_LEVEL`;
 * ERROR by default, so that a collector that is down is said once per failed export and the
 * instrumentations' start-up notices stay quiet.
 */
export function otelLogLevel(env: Env = process.env): OtelLogLevel {
  const level = env.OTEL_LOG_LEVEL?.trim().toUpperCase();
  return level === 'NONE' ||
    level === 'WARN' ||
    level === 'INFO' ||
    level === 'DEBUG' ||
    level === 'VERBOSE' ||
    level === 'ALL'
    ? level
    : 'ERROR';
}
