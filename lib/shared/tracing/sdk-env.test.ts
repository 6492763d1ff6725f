/** @jest-environment node */
import * as sdk from '@opentelemetry/sdk-trace';

import { batchSettings, samplerFromEnv, samplerSetting } from './sdk-env';

describe('samplerSetting', () => {
  it('is parent-based, always on, by default', () => {
    expect(samplerSetting({})).toEqual({ kind: 'parentbased_always_on', ratio: 1 });
  });

  it('reads the sampler and its ratio, keeping the ratio within [0, 1]', () => {
    const env = {
      OTEL_TRACES_SAMPLER: ' ParentBased_TraceIdRatio ',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    };
    expect(samplerSetting(env)).toEqual({ kind: 'parentbased_traceidratio', ratio: 0.1 });
    expect(
      samplerSetting({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '7' }).ratio,
    ).toBe(1);
    expect(
      samplerSetting({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: 'x' }).ratio,
    ).toBe(1);
  });

  it('refuses a sampler that is not installed', () => {
    expect(() => samplerSetting({ OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/not supported/);
  });
});

describe('samplerFromEnv', () => {
  it('builds the named sampler', () => {
    expect(samplerFromEnv(sdk, {})).toBeInstanceOf(sdk.ParentBasedSampler);
    expect(samplerFromEnv(sdk, { OTEL_TRACES_SAMPLER: 'always_off' })).toBeInstanceOf(
      sdk.AlwaysOffSampler,
    );
    expect(samplerFromEnv(sdk, { OTEL_TRACES_SAMPLER: 'always_on' })).toBeInstanceOf(
      sdk.AlwaysOnSampler,
    );
    const ratio = samplerFromEnv(sdk, {
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
    });
    expect(ratio).toBeInstanceOf(sdk.TraceIdRatioBasedSampler);
    expect(ratio.toString()).toContain('0.25');
  });
});

describe('batchSettings', () => {
  it('leaves unset and invalid values to the SDK', () => {
    expect(batchSettings({})).toEqual({});
    expect(
      batchSettings({ OTEL_BSP_SCHEDULE_DELAY: '-1', OTEL_BSP_MAX_QUEUE_SIZE: 'lots' }),
    ).toEqual({});
  });

  it('reads the four OTEL_BSP_* settings', () => {
    expect(
      batchSettings({
        OTEL_BSP_SCHEDULE_DELAY: '1000',
        OTEL_BSP_EXPORT_TIMEOUT: '2000',
        OTEL_BSP_MAX_QUEUE_SIZE: '100',
        OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '10',
      }),
    ).toEqual({
      scheduledDelayMillis: 1000,
      exportTimeoutMillis: 2000,
      maxQueueSize: 100,
      maxExportBatchSize: 10,
    });
  });
});
