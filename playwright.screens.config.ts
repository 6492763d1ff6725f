import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { APP_URL, e2eEnv, SPLIT_APP_URL } from './e2e/fixtures/env';
import base from './playwright.config';

/**
 * Screenshot tests of the main screens (e2e/screens): their own stack on the same ports as the
 * end-to-end run (so the same build serves both), started after it, with a fresh database and no
 * demo data, so that what a screen shows is only what the spec puts there. Baselines live beside
 * the spec; a change to a screen fails here until the new pictures are reviewed and committed
 * (README, "Screenshot tests").
 */
const screensEnv = {
  ...e2eEnv,
  SEED_DEMO: 'false',
  DATA_DIR: path.resolve('.data', `e2e-screens-${process.pid}-${Date.now()}`),
};

export default defineConfig({
  ...base,
  testDir: './e2e/screens',
  testIgnore: [],
  outputDir: `${base.outputDir}-screens`,
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  retries: 0,
  expect: {
    ...base.expect,
    // Anti-aliasing of text can move a few pixels between runs; a real change moves many more.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide' },
  },
  // The bucket and the app, not the Vercel-like second app server (no screen needs it).
  webServer: (Array.isArray(base.webServer) ? base.webServer : [])
    .filter((server) => !server.url?.startsWith(SPLIT_APP_URL))
    .map((server) => ({ ...server, env: screensEnv })),
  use: { ...base.use, baseURL: APP_URL },
});
