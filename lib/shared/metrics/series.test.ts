/** @jest-environment node */
import { Counter, Histogram, Registry } from 'prom-client';

import { parseSamples } from '@/testing/prometheus-samples';

import { FastCounter, FastHistogram } from './series';

const BUCKETS = [0.01, 0.1, 1];

/** Samples as sorted `name{k="v",…} value` lines, whatever the label order. */
function normalized(text: string, rename: Record<string, string>): string[] {
  return parseSamples(text)
    .map((sample) => {
      const labels = Object.entries(sample.labels)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => `${key}="${value}"`)
        .join(',');
      const name = Object.entries(rename).reduce(
        (current, [from, to]) => current.replace(from, to),
        sample.name,
      );
      return `${name}{${labels}} ${sample.value}`;
    })
    .sort();
}

describe('FastCounter and FastHistogram', () => {
  it("print what prom-client's own Counter and Histogram print for the same observations", async () => {
    const theirs = new Registry();
    const counter = new Counter({
      name: 'theirs_total',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
      registers: [theirs],
    });
    const histogram = new Histogram({
      name: 'theirs_seconds',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [theirs],
    });
    const plain = new Histogram({
      name: 'theirs_plain',
      help: 'h',
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const fastCounter = new FastCounter(ours, {
      name: 'ours_total',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
    });
    const fastHistogram = new FastHistogram(ours, {
      name: 'ours_seconds',
      help: 'h',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
    });
    const fastPlain = new FastHistogram(ours, { name: 'ours_plain', help: 'h', buckets: BUCKETS });

    const observations: [string, string, number, number][] = [
      ['GET', '/api/[...path]', 200, 0.004],
      ['GET', '/api/[...path]', 200, 0.01],
      ['GET', '/api/[...path]', 200, 0.3],
      ['POST', '/api/[...path]', 201, 2],
      ['GET', '/oauth2/[...path]', 302, 0.05],
      ['GET', '/api/[...path]', 404, 1],
    ];
    for (const [method, route, status, seconds] of observations) {
      counter.inc({ method, route, status });
      histogram.observe({ method, route, status }, seconds);
      fastCounter.inc(1, method, route, status);
      fastHistogram.observe(seconds, method, route, status);
    }
    plain.observe(0.5);
    fastPlain.observe(0.5);

    const rename = { ours_: 'theirs_' };
    expect(normalized(await ours.metrics(), rename)).toEqual(
      normalized(await theirs.metrics(), rename),
    );
    const text = await ours.metrics();
    expect(text).toContain('# TYPE ours_seconds histogram');
    expect(text).toContain('# TYPE ours_total counter');

    ours.resetMetrics();
    const reset = parseSamples(await ours.metrics());
    expect(reset.filter((sample) => sample.name.startsWith('ours_seconds'))).toEqual([]);
    expect(reset.find((sample) => sample.name === 'ours_plain_count')?.value).toBe(0);
  });

  it('shows an unlabelled series at zero before its first value', async () => {
    const registry = new Registry();
    new FastCounter(registry, { name: 'things_total', help: 'h' });
    new FastHistogram(registry, { name: 'wait_seconds', help: 'h', buckets: [1] });
    const samples = parseSamples(await registry.metrics());
    expect(samples.map((sample) => `${sample.name} ${sample.value}`)).toEqual([
      'things_total 0',
      'wait_seconds_bucket 0',
      'wait_seconds_bucket 0',
      'wait_seconds_sum 0',
      'wait_seconds_count 0',
    ]);
  });
});
