import 'server-only';

import { collectDefaultMetrics, Registry } from 'prom-client';

import { FastCounter, FastHistogram } from '@/lib/shared/metrics/series';

/**
 * The Next server's Prometheus metrics (issue 17): the process series, the BFF's requests, its
 * calls to the backend and its token refreshes. One registry per process, kept on globalThis:
 * Next bundles proxy.ts and each route separately, and all of them must count into the same
 * series (as the undici pools of upstream.ts and the refresh flights of refresh.ts).
 *
 * On the hot path (every proxied request) recording is series.ts's: a few map lookups by label
 * value and additions, nothing allocated.
 */

/** Next's own route patterns of the BFF entry points: the `route` label (never the raw URL). */
export const BFF_ROUTES = {
  api: '/api/[...path]',
  oauth2: '/oauth2/[...path]',
  loginOauth2: '/login/oauth2/[...path]',
} as const;
export type BffRoute = (typeof BFF_ROUTES)[keyof typeof BFF_ROUTES];

/** Which upstream call: the BFF forwarding, a server read (pages, proxy.ts), a token refresh. */
export type UpstreamKind = 'forward' | 'read' | 'refresh';
/** `2xx`…`5xx` for an answer, else why there was none. */
export type UpstreamClass =
  '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'timeout' | 'network' | 'aborted';
export type RefreshOutcomeLabel = 'refreshed' | 'rejected' | 'unavailable';

interface BffMetrics {
  registry: Registry;
  requests: FastCounter;
  requestDuration: FastHistogram;
  upstreamDuration: FastHistogram;
  refreshes: FastCounter;
}

const KEY = Symbol.for('everyhealth.metrics.bff');
/** `metrics: null` when nothing records (no METRICS_TOKEN: nobody could read the series). */
const store = globalThis as typeof globalThis & { [KEY]?: { metrics: BffMetrics | null } };

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function create(): BffMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new FastCounter(registry, {
      name: 'http_requests_total',
      help: 'Requests the BFF answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
    }),
    requestDuration: new FastHistogram(registry, {
      name: 'http_request_duration_seconds',
      help: 'Time the BFF took to answer (until the response headers), by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
    }),
    upstreamDuration: new FastHistogram(registry, {
      name: 'bff_upstream_duration_seconds',
      help: 'Time of a call to the backend until its response headers (a small body: until its end), by kind (forward, read, refresh) and status class (2xx…5xx, timeout, network, aborted).',
      labelNames: ['kind', 'status_class'],
      buckets: HTTP_BUCKETS,
    }),
    refreshes: new FastCounter(registry, {
      name: 'bff_token_refreshes_total',
      help: 'Token refreshes the BFF asked the backend for (one per refresh token, shared by concurrent requests), by outcome (refreshed, rejected, unavailable).',
      labelNames: ['outcome'],
    }),
  };
}

/**
 * The process's series, or null when metrics are off: they are served only with METRICS_TOKEN
 * (endpoint.ts), so without one the BFF records nothing and pays nothing (bench/proxy compares
 * a server with metrics and tracing on against one with both off). Decided once per process.
 */
function metrics(): BffMetrics | null {
  return (store[KEY] ??= { metrics: process.env.METRICS_TOKEN?.trim() ? create() : null }).metrics;
}

/** The status class label of an HTTP status. */
export function statusClass(status: number): UpstreamClass {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  if (status >= 200) return '2xx';
  return '1xx';
}

/** One request answered by the BFF, `seconds` after it came in. */
export function recordBffRequest(
  method: string,
  route: BffRoute,
  status: number,
  seconds: number,
): void {
  const m = metrics();
  if (!m) return;
  m.requests.inc(1, method, route, status);
  m.requestDuration.observe(seconds, method, route, status);
}

/** One call to the backend that ended with an answer of `outcome`'s class, or without one. */
export function recordUpstream(kind: UpstreamKind, outcome: UpstreamClass, seconds: number): void {
  metrics()?.upstreamDuration.observe(seconds, kind, outcome);
}

/** A token refresh the BFF made (not one it shared with a concurrent request). */
export function recordRefresh(outcome: RefreshOutcomeLabel): void {
  metrics()?.refreshes.inc(1, outcome);
}

/** The exposition text and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  // Metrics were off when this process first recorded (METRICS_TOKEN set later): an empty page.
  const registry = metrics()?.registry ?? new Registry();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

/** Forgets every value and whether metrics are on, which the next use reads again (tests). */
export function resetMetrics(): void {
  delete store[KEY];
}
