#!/usr/bin/env node
/**
 * `npm run test:cluster` (after the balancer's unit tests): the scale-out rehearsal end to end.
 * Needs PostgreSQL and Redis: creates a fresh database on the server of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432), runs e2e/cluster/playwright.config.ts on it and on
 * TEST_REDIS_URL (default redis://127.0.0.1:6379), then drops the database. When either service
 * cannot be reached it says so and skips (exit 0): the rehearsal cannot run without them.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  checkRedis,
  dropDatabase,
  ensureDatabase,
  ServiceError,
} from '../../scripts/cluster/services.mjs';
import { DEFAULT_REDIS_URL } from '../../scripts/cluster/topology.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function say(message) {
  process.stdout.write(`[test:cluster] ${message}\n`);
}

const database = new URL(
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
);
database.pathname = `/everyhealth_cluster_e2e_${Date.now()}_${process.pid}`;
const databaseUrl = database.toString();
const redisUrl = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;

try {
  await ensureDatabase(root, databaseUrl, 'TEST_DATABASE_URL');
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  say(`SKIPPED, the rehearsal needs PostgreSQL: ${error.message}`);
  process.exit(0);
}

let status = 1;
try {
  await checkRedis(root, redisUrl, 'TEST_REDIS_URL');
  // The launcher's state of the previous run (its bucket's files, its secret) goes; the database
  // is new as well.
  rmSync(path.join(root, '.data', 'cluster-e2e'), { recursive: true, force: true });
  const result = spawnSync(
    path.join(root, 'node_modules', '.bin', 'playwright'),
    ['test', '-c', 'e2e/cluster/playwright.config.ts', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CLUSTER_E2E_DATABASE_URL: databaseUrl,
        CLUSTER_E2E_REDIS_URL: redisUrl,
      },
    },
  );
  status = result.status ?? 1;
} catch (error) {
  if (!(error instanceof ServiceError)) throw error;
  say(`SKIPPED, the rehearsal needs Redis: ${error.message}`);
  status = 0;
} finally {
  await dropDatabase(root, databaseUrl).catch((error) =>
    say(`could not drop ${database.pathname.slice(1)}: ${error.message}`),
  );
}
process.exit(status);
