import { performance } from 'node:perf_hooks';

import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

import type { Database } from '../db/client';
import type { Metrics } from './metrics';

type Observe = (seconds: number, ok: boolean) => void;
type AnyFunction = (...args: unknown[]) => unknown;

const TIMED = Symbol('everyhealth.timed-queries');

const since = (started: number) => (performance.now() - started) / 1000;

/**
 * Times every `query` call of `target` (a pg.Client or PGlite): the promise form and, for
 * node-postgres, the callback form that pg.Pool#query uses. Other forms (a Submittable such as a
 * cursor) pass through untimed.
 */
function timeQueries(target: { query: AnyFunction }, observe: Observe): void {
  const marked = target as { query: AnyFunction; [TIMED]?: true };
  if (marked[TIMED]) return;
  marked[TIMED] = true;
  const query = target.query;
  target.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const last = args.length > 0 ? args[args.length - 1] : undefined;
    if (typeof last === 'function') {
      args[args.length - 1] = function (this: unknown, error: unknown, result: unknown) {
        observe(since(started), !error);
        return (last as AnyFunction).call(this, error, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) {
      result.then(
        () => observe(since(started), true),
        () => observe(since(started), false),
      );
    }
    return result;
  };
}

/**
 * Feeds the database series of `metrics`: the time of every query (db_query_duration_seconds)
 * and, on PostgreSQL, the pool's counts (db_pool_*). Also keeps a connection that breaks while
 * checked out of the pool from ending the process: pg.Pool listens for a client's errors only
 * while it is idle, and an 'error' event nobody listens to is thrown.
 */
export function instrumentDatabase(
  database: Database,
  metrics: Metrics,
  log: FastifyBaseLogger,
): void {
  const { pool, pglite } = database;
  if (pool) {
    // Every connection is acquired once at least (the pool creates them for a waiting query), so
    // this also reports the idle ones that fromPool's listener silences.
    const onClientError = (error: Error) =>
      log.warn({ err: error }, 'database connection lost; the pool opens a new one when needed');
    pool.on('acquire', (client: pg.PoolClient) => {
      if ((client as unknown as { [TIMED]?: true })[TIMED]) return;
      client.on('error', onClientError);
      timeQueries(client as unknown as { query: AnyFunction }, metrics.observeQuery);
    });
    metrics.observePool(() => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }));
  } else if (pglite) {
    // One connection, queries in turn (transactions' own queries are not timed).
    timeQueries(pglite as unknown as { query: AnyFunction }, metrics.observeQuery);
  }
}
