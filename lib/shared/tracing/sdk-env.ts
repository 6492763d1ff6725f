import type { Sampler, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';

/** The environment (process.env, or a test's). */
type Env = Record<string, string | undefined>;

/** The trace SDK module, passed in by its (dynamic) importer so that this file loads none. */
type TraceSdk = typeof import('@opentelemetry/sdk-trace');

/**
 * OpenTelemetry JS 3 (`@opentelemetry/sdk-trace`, which replaced sdk-trace-base and
 * sdk-trace-node) no longer reads `OTEL_TRACES_SAMPLER` or `OTEL_BSP_*` itself, so the app and the
 * backend read them here, as the specification defines them, to keep what the README promises.
 */

export type SamplerKind =
  | 'always_on'
  | 'always_off'
  | 'traceidratio'
  | 'parentbased_always_on'
  | 'parentbased_always_off'
  | 'parentbased_traceidratio';

const SAMPLERS: readonly SamplerKind[] = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

/**
 * `OTEL_TRACES_SAMPLER` and `OTEL_TRACES_SAMPLER_ARG`: parent-based, always on by default (the
 * BFF's decision holds downstream); a ratio defaults to 1 and is kept within [0, 1]. Throws for a
 * sampler that is not installed (jaeger_remote, xray…), so a wrong value stops the process at start.
 */
export function samplerSetting(env: Env = process.env): { kind: SamplerKind; ratio: number } {
  const name = (env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on').toLowerCase();
  if (!SAMPLERS.includes(name as SamplerKind)) {
    throw new Error(
      `OTEL_TRACES_SAMPLER=${name} is not supported: use one of ${SAMPLERS.join(', ')}`,
    );
  }
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG?.trim() || '1');
  const ratio = Number.isFinite(arg) ? Math.min(1, Math.max(0, arg)) : 1;
  return { kind: name as SamplerKind, ratio };
}

/** The sampler `samplerSetting` names, built from the SDK module. */
export function samplerFromEnv(sdk: TraceSdk, env: Env = process.env): Sampler {
  const { kind, ratio } = samplerSetting(env);
  const root = kind.endsWith('always_off')
    ? new sdk.AlwaysOffSampler()
    : kind.endsWith('traceidratio')
      ? new sdk.TraceIdRatioBasedSampler(ratio)
      : new sdk.AlwaysOnSampler();
  return kind.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;
}

/** A positive integer from `env[name]`, or undefined (then the SDK's default holds). */
function positive(env: Env, name: string): number | undefined {
  const value = Number(env[name]?.trim());
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The batch span processor's settings from `OTEL_BSP_SCHEDULE_DELAY`, `OTEL_BSP_EXPORT_TIMEOUT`,
 * `OTEL_BSP_MAX_QUEUE_SIZE` and `OTEL_BSP_MAX_EXPORT_BATCH_SIZE`; unset or invalid ones are left
 * out (the SDK's defaults: 5 s, 30 s, 2048, 512).
 */
export function batchSettings(env: Env = process.env): {
  scheduledDelayMillis?: number;
  exportTimeoutMillis?: number;
  maxQueueSize?: number;
  maxExportBatchSize?: number;
} {
  const settings = {
    scheduledDelayMillis: positive(env, 'OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: positive(env, 'OTEL_BSP_EXPORT_TIMEOUT'),
    maxQueueSize: positive(env, 'OTEL_BSP_MAX_QUEUE_SIZE'),
    maxExportBatchSize: positive(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

/** A batch span processor for `exporter`, configured by `OTEL_BSP_*`. */
export function batchProcessorFromEnv(
  sdk: TraceSdk,
  exporter: SpanExporter,
  env: Env = process.env,
): SpanProcessor {
  return new sdk.BatchSpanProcessor({ exporter, ...batchSettings(env) });
}
