import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import chromium from '../../scripts/chromium.json';
import { CLUSTER_APP_URL, CLUSTER_PORT, clusterEnv } from './env';

const root = path.resolve(__dirname, '../..');

/**
 * The scale-out rehearsal end to end (`npm run test:cluster`): the launcher of
 * `npm run start:cluster` starts two Next instances and two backends behind nginx (deploy/nginx/everyhealth.conf), on
 * PostgreSQL, Redis and an s3rver, and the spec drives two members through it in Debian's
 * Chromium. The launcher builds into .next-cluster first (BACKEND_URL = nginx's internal listener).
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'cluster.spec.ts',
  outputDir: path.join(root, 'test-results', `cluster-${CLUSTER_PORT}`),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 180_000,
  // The whole rehearsal (build included) fails here rather than running into CI's limit.
  globalTimeout: 30 * 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: CLUSTER_APP_URL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker would precache the whole build through nginx in each
    // context; the test is about the instances behind it, so the worker stays out.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || chromium.path,
      args: chromium.flags,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node scripts/cluster.mjs',
    cwd: root,
    url: `${CLUSTER_APP_URL}/healthz`,
    env: clusterEnv(),
    // The first start builds the backend and the app for the cluster, then starts seven processes.
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // The launcher stops what it started (SIGKILL of the group only if it hangs).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  },
});
