import { defineConfig, devices } from '@playwright/test';
import { e2eEnv, APP_PORT, APP_URL, IMAGES_IN_BUCKET, S3_PORT } from './e2e/fixtures/env';
import chromium from './scripts/chromium.json';

/**
 * End-to-end tests through the real stack: the real backend (fresh embedded database under
 * .data/, demo data seeded) and `next start`, driven in Debian's Chromium (Playwright cannot
 * download its own browser here).
 */
export default defineConfig({
  testDir: './e2e',
  // The scale-out rehearsal has a stack and a config of its own (npm run test:cluster).
  testIgnore: ['cluster/**'],
  // One output folder per port, so parallel runs (different E2E_APP_PORT) don't clear each other's.
  outputDir: `test-results/e2e-${APP_PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A hung run fails here, well inside CI's 90 minutes, instead of being killed with no report.
  globalTimeout: 30 * 60_000,
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
  ],
});
