import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

import { FastCounter, FastHistogram } from '@/lib/shared/metrics/series';

/**
 * The backend's Prometheus metrics (issue 17). One `Metrics` per app: its registry holds the
 * application series, fed by the HTTP hook (metrics/http.ts), the database (metrics/database.ts),
 * the chat hub and fan-out, the live streams, the image pipeline and the rate limits. The process
 * series (CPU, memory, event loop lag, GC) live in one registry per process (`processRegistry`),
 * since they describe the process, not an app (tests start many apps in one process).
 *
 * Counters and histograms are lib/shared/metrics/series.ts's (a few additions per call, for the hot
 * paths: every request, every query). Gauges are read when scraped (`collect`), from the
 * `sources` the app fills in: nothing is counted on the hot paths that a scrape can compute.
 */

/** Where the gauges read their values at scrape time; absent sources report nothing. */
export interface MetricsSources {
  /** Open STOMP connections (SockJS sessions) on this instance. */
  chatConnections?: () => number;
  /** Room subscriptions of those connections. */
  chatSubscriptions?: () => number;
  /** Open live streams (`GET /api/events`). */
  liveStreams?: () => number;
  /** Uploads decoding now, and waiting for their turn. */
  imageQueue?: () => { active: number; waiting: number };
}

/** A connection pool's counts. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export type RateLimitScope = string;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const LAG_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A message's way through one instance: from under a millisecond to a stalled event loop. */
const FANOUT_BUCKETS = [
  0.00025, 0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1,
];
const IMAGE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 5, 10, 20];

/** Label of a request that matched no route (bounded: never the raw URL). */
export const UNMATCHED_ROUTE = 'unmatched';

const PROCESS_KEY = Symbol.for('everyhealth.backend.metrics.process-registry');
const globalStore = globalThis as typeof globalThis & { [PROCESS_KEY]?: Registry };

/** The process series (prom-client's defaults), registered once per process. */
export function processRegistry(): Registry {
  let registry = globalStore[PROCESS_KEY];
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
    globalStore[PROCESS_KEY] = registry;
  }
  return registry;
}

export class Metrics {
  readonly registry = new Registry();
  readonly sources: MetricsSources = {};

  private readonly httpRequests = new FastCounter(this.registry, {
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
  });
  private readonly httpDuration = new FastHistogram(this.registry, {
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
  });
  private readonly queryDuration = new FastHistogram(this.registry, {
    name: 'db_query_duration_seconds',
    help: 'Database query time (waiting for a pooled connection included), by outcome (ok, error).',
    labelNames: ['outcome'],
    buckets: QUERY_BUCKETS,
  });
  private readonly chatReceived = new FastCounter(this.registry, {
    name: 'chat_messages_received_total',
    help: 'Chat messages sent by members to this instance and stored.',
  });
  private readonly chatDelivered = new FastCounter(this.registry, {
    name: 'chat_messages_delivered_total',
    help: 'Chat MESSAGE frames written to subscribers on this instance (one per subscriber).',
  });
  private readonly fanoutTime = new FastHistogram(this.registry, {
    name: 'chat_fanout_seconds',
    help: "Time from a member's SEND reaching this instance to its MESSAGE written to the room's last subscriber here (storing it included).",
    buckets: FANOUT_BUCKETS,
  });
  private readonly fanoutLag = new FastHistogram(this.registry, {
    name: 'chat_fanout_lag_seconds',
    help: 'Time from publishing a fan-out event on one instance to its dispatch on this one (Redis only).',
    buckets: LAG_BUCKETS,
  });
  private readonly rateLimitRefusals = new FastCounter(this.registry, {
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by scope (http: a 429 answer; chat: a STOMP SEND over its rate).',
    labelNames: ['scope'],
  });
  private readonly imageProcessing = new FastHistogram(this.registry, {
    name: 'image_processing_duration_seconds',
    help: 'Time the image pipeline took for one upload (decode, strip, variants), by outcome (ok, rejected, error).',
    labelNames: ['outcome'],
    buckets: IMAGE_BUCKETS,
  });

  constructor() {
    const sources = this.sources;
    const registers = [this.registry];
    new Gauge({
      name: 'chat_connections',
      help: 'Open chat (STOMP over SockJS) connections on this instance.',
      registers,
      collect() {
        this.set(sources.chatConnections?.() ?? 0);
      },
    });
    new Gauge({
      name: 'chat_subscriptions',
      help: 'Room subscriptions of the open chat connections on this instance.',
      registers,
      collect() {
        this.set(sources.chatSubscriptions?.() ?? 0);
      },
    });
    new Gauge({
      name: 'live_streams',
      help: "Open members' live event streams (GET /api/events) on this instance.",
      registers,
      collect() {
        this.set(sources.liveStreams?.() ?? 0);
      },
    });
    new Gauge<'state'>({
      name: 'image_processing_queue',
      help: 'Uploads in the image pipeline, by state (active: decoding now, waiting: for a core).',
      labelNames: ['state'],
      registers,
      collect() {
        const queue = sources.imageQueue?.();
        this.set({ state: 'active' }, queue?.active ?? 0);
        this.set({ state: 'waiting' }, queue?.waiting ?? 0);
      },
    });
  }

  /**
   * One answered HTTP request; `route` is the route pattern (undefined: no route matched), `ms`
   * its time (null: a long-lived stream, counted but not timed).
   */
  observeRequest(
    method: string,
    route: string | undefined,
    status: number,
    ms: number | null,
  ): void {
    const pattern = route ?? UNMATCHED_ROUTE;
    this.httpRequests.inc(1, method, pattern, status);
    if (ms !== null) this.httpDuration.observe(ms / 1000, method, pattern, status);
    if (status === 429) this.rateLimitRefusals.inc(1, 'http');
  }

  /**
   * Exposes a connection pool's counts (db_pool_*): node-postgres only, the embedded database has
   * no pool (and so no such series).
   */
  observePool(read: () => PoolCounts): void {
    const registers = [this.registry];
    new Gauge<'state'>({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections, by state (in_use, idle).',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = read();
        this.set({ state: 'in_use' }, pool.total - pool.idle);
        this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL pool connection.',
      registers,
      collect() {
        this.set(read().waiting);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'Size limit of the PostgreSQL pool.',
      registers,
      collect() {
        this.set(read().max);
      },
    });
  }

  /** One database query. */
  readonly observeQuery = (seconds: number, ok: boolean): void => {
    this.queryDuration.observe(seconds, ok ? 'ok' : 'error');
  };

  /** A member's chat message was stored and is being broadcast. */
  readonly chatMessageReceived = (): void => {
    this.chatReceived.inc();
  };

  /** A message went out to `count` subscribers of this instance. */
  readonly chatMessagesDelivered = (count: number): void => {
    if (count > 0) this.chatDelivered.inc(count);
  };

  /** A SEND handled `seconds` ago reached every subscriber of this instance (chat_fanout_seconds). */
  readonly observeFanoutTime = (seconds: number): void => {
    this.fanoutTime.observe(Math.max(0, seconds));
  };

  /** A fan-out event published `seconds` ago on another instance reached this one. */
  readonly observeFanoutLag = (seconds: number): void => {
    this.fanoutLag.observe(Math.max(0, seconds));
  };

  /**
   * A request refused by a rate limit. HTTP 429 answers are counted by the response hook already
   * (scope `http`); call this for refusals that are not a 429 (a chat SEND, a WebSocket frame).
   */
  readonly rateLimitRefused = (scope: RateLimitScope): void => {
    this.rateLimitRefusals.inc(1, scope);
  };

  /** One upload through the image pipeline. */
  readonly observeImageProcessing = (
    seconds: number,
    outcome: 'ok' | 'rejected' | 'error',
  ): void => {
    this.imageProcessing.observe(seconds, outcome);
  };

  /** The exposition text: the process series, then the app's. */
  async render(): Promise<string> {
    const [own, app] = await Promise.all([processRegistry().metrics(), this.registry.metrics()]);
    return `${own}\n${app}`;
  }

  /** Content type of `render()`. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
