import { defineConfig, devices } from '@playwright/test';

import {
  APP_PORT,
  APP_URL,
  e2eEnv,
  IMAGES_IN_BUCKET,
  S3_PORT,
  SPLIT_APP_URL,
  splitAppEnv,
} from './e2e/fixtures/env';
import chromium from './scripts/chromium.json';

/**
 * End-to-end tests through the real stack: the real backend (fresh embedded database under
 * .data/, demo data seeded) and `next start`, driven in Debian's Chromium (Playwright cannot
 * download its own browser here).
 */
export default defineConfig({
  testDir: './e2e',
  // The scale-out rehearsal (npm run test:cluster) and the screenshot tests (npm run test:screens)
  // have a stack and a config of their own.
  testIgnore: ['cluster/**', 'screens/**'],
  // One output folder per port, so parallel runs (different E2E_APP_PORT) don't clear each other's.
  outputDir: `test-results/e2e-${APP_PORT}`,
  // Spec files run two at a time (each on its own fresh members, against the one shared stack); a
  // file's tests keep their order. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A hung run fails here, well inside CI's 90 minutes, instead of being killed with no report.
  // 45 min: about 15 on a quiet 2-core machine, twice that with the backend tests beside it and a
  // loaded host; the run as a whole must end within CI's 90 (README, Test it).
  globalTimeout: 45 * 60_000,
  expect: { timeout: 10_000 },
  // csp-reporter fails the run on any Content-Security-Policy violation a browser reported.
  reporter: [
    ['list'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
    ['./e2e/csp-reporter.ts'],
  ],
  use: {
    baseURL: APP_URL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  // Started in this order: the bucket first, as the backend's demo seed writes into it.
  webServer: [
    ...(IMAGES_IN_BUCKET
      ? [
          {
            command: 'node e2e/s3-server.mjs',
            port: S3_PORT,
            env: e2eEnv,
            reuseExistingServer: false,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
    {
      command: 'node scripts/start.mjs',
      url: `${APP_URL}/healthz`,
      env: e2eEnv,
      // The first start builds the app (BACKEND_URL is baked into its /chat rewrites), then starts it.
      timeout: 900_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // The same build again (started after the first, so nothing is rebuilt), as Vercel would
      // serve it: chat on another origin (e2e/fixtures/env.ts, splitAppEnv).
      command: 'node scripts/start.mjs',
      url: `${SPLIT_APP_URL}/healthz`,
      env: splitAppEnv,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
