import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { FastifyInstance } from 'fastify';

import type { Config } from '../config';
import type { Readiness, ReadinessReport } from '../health/readiness';
import { errorBody, MESSAGES } from '../http/errors';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A long-lived answer (the live stream): counted in http_requests_total when it ends, but
     * kept out of http_request_duration_seconds, where its lifetime would swamp the latencies.
     */
    longLived?: boolean;
  }
  interface FastifyInstance {
    /** The app's Prometheus metrics (metrics/metrics.ts). */
    metrics: Metrics;
    /** Where the separate metrics listener (METRICS_PORT) listens, once the app is ready. */
    metricsAddress: AddressInfo | null;
  }
}

/** The `/readyz` answer: 200 ready, 503 with the failing checks named. */
export function readinessBody(report: ReadinessReport): { status: number; body: string } {
  return {
    status: report.ready ? 200 : 503,
    body: JSON.stringify({
      status: report.ready ? 'ready' : report.stopping ? 'shutting down' : 'not ready',
      checks: report.checks,
    }),
  };
}

/** Whether an Authorization header carries the bearer token (compared in constant time). */
function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const match = header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
  if (!match) return false;
  return timingSafeEqual(createHash('sha256').update(match[1]).digest(), expected);
}

type Answer = {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Feeds the HTTP series (every answer Fastify sends: method, route pattern, status, time) and
 * serves `GET /metrics` where the configuration says:
 *
 * - `METRICS_PORT` set: on a listener of its own (`METRICS_HOST`, default `BACKEND_HOST`) with
 *   `/metrics`, `/healthz` and `/readyz`, for a scraper inside the private network; the main port
 *   answers `/metrics` with 404.
 * - only `METRICS_TOKEN` set: on the main port, for `Authorization: Bearer <token>` (401 without).
 * - neither: not served (404), so that nothing leaks from a backend reachable from outside.
 *
 * The token, when set, is required wherever `/metrics` is served.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: Config['metrics'],
  readiness: Readiness,
): void {
  app.decorate('metrics', metrics);
  app.decorate('metricsAddress', null);
  app.addHook('onResponse', (request, reply, done) => {
    const { url, config: route } = request.routeOptions;
    metrics.observeRequest(
      request.method,
      url,
      reply.statusCode,
      route.longLived ? null : reply.elapsedTime,
    );
    done();
  });
  // A long-lived answer that the client ends is never finished, so onResponse does not run for
  // it: it is counted when its connection closes.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.longLived) {
      const { method, routeOptions } = request;
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) {
          metrics.observeRequest(method, routeOptions.url, reply.raw.statusCode, null);
        }
      });
    }
    done();
  });

  const digest = config.token ? createHash('sha256').update(config.token).digest() : null;
  const scrape = async (authorization: string | undefined): Promise<Answer> => {
    if (digest && !bearerMatches(authorization, digest)) {
      return {
        status: 401,
        contentType: JSON_TYPE,
        body: JSON.stringify(errorBody(401, MESSAGES.unauthenticated)),
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      };
    }
    return { status: 200, contentType: metrics.contentType, body: await metrics.render() };
  };

  if (config.port === undefined) {
    if (!digest) return;
    app.get(METRICS_PATH, async (request, reply) => {
      const answer = await scrape(request.headers.authorization);
      reply.status(answer.status).header('cache-control', 'no-store').type(answer.contentType);
      if (answer.headers) reply.headers(answer.headers);
      return answer.body;
    });
    return;
  }

  const answer = async (req: IncomingMessage): Promise<Answer> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return {
        status: 405,
        contentType: JSON_TYPE,
        body: JSON.stringify(errorBody(405, MESSAGES.badRequest)),
      };
    }
    switch (path) {
      case METRICS_PATH:
        return scrape(req.headers.authorization);
      case '/healthz':
        return { status: 200, contentType: JSON_TYPE, body: '{"status":"ok"}' };
      case '/readyz': {
        const { status, body } = readinessBody(await readiness.check());
        return { status, contentType: JSON_TYPE, body };
      }
      default:
        return {
          status: 404,
          contentType: JSON_TYPE,
          body: JSON.stringify(errorBody(404, MESSAGES.notFound)),
        };
    }
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    answer(req).then(
      (result) => {
        res.writeHead(result.status, {
          'content-type': result.contentType,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          ...result.headers,
        });
        res.end(req.method === 'HEAD' ? undefined : result.body);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics endpoint failed');
        res.writeHead(500, { 'content-type': JSON_TYPE });
        res.end(JSON.stringify(errorBody(500, MESSAGES.internal)));
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    app.metricsAddress = server.address() as AddressInfo;
    app.log.info({ address: app.metricsAddress }, 'metrics listener ready');
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
