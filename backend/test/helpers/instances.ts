import { randomUUID } from 'node:crypto';
import type { TestContext } from 'node:test';

import { sql } from 'drizzle-orm';
import pg from 'pg';

import { fromPool } from '../../src/db/client';
import { startServer, type TestServer } from './app';
import { databaseKinds } from './databases';

/**
 * Two backend instances as a scaled-out deployment runs them: one fresh PostgreSQL database (the
 * second instance opens its own pool on it) and one Redis for the fan-out. Null, after skipping
 * the test with the reason, when TEST_REDIS_URL or TEST_DATABASE_URL is not set (PGlite is
 * single-process). The caller closes both.
 */
export async function startRedisPair(
  t: TestContext,
  /** More settings for both instances (REDIS_URL is set here). */
  env: Record<string, string> = {},
  /** Dependencies of the first instance (e.g. a log stream to read). */
  firstDeps: Parameters<typeof startServer>[2] = {},
): Promise<[TestServer, TestServer] | null> {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) {
    t.skip('TEST_REDIS_URL is not set');
    return null;
  }
  if (!process.env.TEST_DATABASE_URL) {
    t.skip(
      'two instances need one shared PostgreSQL (TEST_DATABASE_URL); PGlite is single-process',
    );
    return null;
  }
  const postgres = databaseKinds().find((kind) => kind.name === 'postgres')!;
  // Channels and rate-limit counters of their own: other pairs, test files and runs on this Redis
  // stay out (member ids start at 1 in every fresh database, so shared counters would carry over).
  const run = randomUUID();
  const settings = {
    REDIS_CHANNEL_PREFIX: `test-${run}:`,
    RATE_LIMIT_KEY_PREFIX: `test-${run}:ratelimit:`,
    ...env,
    REDIS_URL: redisUrl,
  };
  const first = await startServer(await postgres.create(), settings, firstDeps);
  const result = (await first.database.db.execute(
    sql`select current_database() as name`,
  )) as unknown as { rows: Array<{ name: string }> };
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${result.rows[0].name}`;
  const second = await startServer(
    fromPool(new pg.Pool({ connectionString: url.href, max: 3 })),
    settings,
  );
  return [first, second];
}
