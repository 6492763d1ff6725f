import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { type AppDependencies, buildApp } from '../../src/app';
import { secretBytes } from '../../src/auth/secret';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';

export const TEST_JWT_SECRET = Buffer.alloc(64, 7).toString('base64');
export const TEST_JWT_KEY = secretBytes(TEST_JWT_SECRET);

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Budgets no test reaches, for tests that send thousands of writes as one member (the limiter
 * still runs and counts; rate-limit.test.ts tests the real budgets).
 */
export const GENEROUS_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_WRITES: '1000000/1m',
  RATE_LIMIT_UPLOADS: '1000000/1m',
  RATE_LIMIT_COMMENTS: '1000000/1m',
  RATE_LIMIT_FRIEND_REQUESTS: '1000000/1m',
  RATE_LIMIT_CLUBS: '1000000/1m',
  RATE_LIMIT_SIGN_IN: '1000000/1m',
  RATE_LIMIT_EXPORTS: '1000000/1m',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the backend on a free port with PUBLIC_URL = its own URL, so the dev issuer is reachable
 * directly by the test's HTTP client.
 */
export async function startServer(
  database: Database,
  env: Record<string, string> = {},
  deps: Omit<AppDependencies, 'database'> = {},
  /** Runs on the built app before it listens (e.g. to add a route a test needs). */
  configure?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eh-backend-test-'));
  let config: Config;
  let app: FastifyInstance;
  try {
    config = loadConfig({
      BACKEND_PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ...env,
    });
    app = await buildApp(config, { ...deps, database });
  } catch (error) {
    // The app owns the database once built (closing it closes the database); a start that fails
    // before that must close it here, or its handles keep the test process from ever exiting.
    await database.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  configure?.(app);
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    config,
    database,
    baseUrl,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
