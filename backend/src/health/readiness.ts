import { readFileSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Db } from '../db/client';
import { migrationsFolder } from '../paths';

/** What one check found: passed, failed (an error), or no answer within the timeout. */
export type CheckStatus = 'ok' | 'failed' | 'timeout';

/** One dependency the instance needs to serve: the database, Redis, the image storage… */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; `signal` aborts at the timeout (where it can). */
  run(signal: AbortSignal): Promise<void>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckStatus>;
  /** Shutting down: unready whatever the checks would say (none is run). */
  stopping?: true;
}

/** How long each check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2000;

/**
 * How long a finished run answers every probe: `/readyz` is public, and without it each call
 * would run the database, Redis and storage checks.
 */
export const READINESS_CACHE_MS = 2000;

class CheckTimeout extends Error {}

function withTimeout(check: ReadinessCheck, ms: number): Promise<CheckStatus> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new CheckTimeout());
    }, ms);
  });
  return Promise.race([check.run(controller.signal), timeout])
    .then(
      () => 'ok' as const,
      (error: unknown) => {
        if (error instanceof CheckTimeout) return 'timeout' as const;
        throw error;
      },
    )
    .finally(() => clearTimeout(timer));
}

/**
 * `GET /readyz`: runs every check at once, each bounded by `timeoutMs`, so an answer never takes
 * longer than that. Concurrent probes share one run, and its report answers the probes of the
 * next `cacheMs` too (a balancer sees a change within that plus its own interval). A check's
 * error is logged (when its status changes, not at every probe), never answered: the probe is
 * public and error messages name internal hosts.
 */
export class Readiness {
  private running: Promise<ReadinessReport> | null = null;
  private cached: { report: ReadinessReport; at: number } | null = null;
  private readonly last = new Map<string, CheckStatus>();
  private stopping = false;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
    private readonly cacheMs = READINESS_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The instance is shutting down: unready from now on, so that load balancers stop sending it
   * work (the main port answers 503 by itself then; the metrics listener asks here).
   */
  stop(): void {
    this.stopping = true;
  }

  check(): Promise<ReadinessReport> {
    if (this.stopping) return Promise.resolve({ ready: false, checks: {}, stopping: true });
    if (this.cached && this.now() - this.cached.at < this.cacheMs) {
      return Promise.resolve(this.cached.report);
    }
    this.running ??= this.runAll()
      .then((report) => {
        this.cached = { report, at: this.now() };
        return report;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async runAll(): Promise<ReadinessReport> {
    const results = await Promise.all(
      this.checks.map(async (check) => {
        let status: CheckStatus;
        let error: unknown;
        try {
          status = await withTimeout(check, this.timeoutMs);
        } catch (caught) {
          status = 'failed';
          error = caught;
        }
        const previous = this.last.get(check.name);
        if (status !== previous) {
          this.last.set(check.name, status);
          if (status !== 'ok') {
            this.log.warn({ err: error, check: check.name, status }, 'readiness check failed');
          } else if (previous !== undefined) {
            this.log.info({ check: check.name }, 'readiness check passes again');
          }
        }
        return [check.name, status] as const;
      }),
    );
    const checks = Object.fromEntries(results);
    return { ready: results.every(([, status]) => status === 'ok'), checks };
  }
}

/** `select 1` on the app's own database connection(s). */
export function databaseCheck(db: Db): ReadinessCheck {
  return {
    name: 'database',
    run: async () => {
      await db.execute(sql`select 1`);
    },
  };
}

/** `when` of the newest migration this build ships (drizzle-kit's journal). */
export function latestMigrationMillis(folder = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * The database holds every migration of this build: Drizzle's migrator records each applied
 * migration's journal time in `drizzle.__drizzle_migrations` and applies those newer than the
 * latest recorded, so the same comparison says whether anything is left to apply (a database
 * restored from an old backup after the start, for instance).
 */
export function migrationsCheck(db: Db, expected = latestMigrationMillis()): ReadinessCheck {
  return {
    name: 'migrations',
    run: async () => {
      const result = (await db.execute(
        sql`select max(created_at) as at from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { at: string | number | null }[] };
      const applied = Number(result.rows[0]?.at ?? 0);
      if (!(applied >= expected)) {
        throw new Error(`migrations pending: database at ${applied}, this build at ${expected}`);
      }
    },
  };
}
