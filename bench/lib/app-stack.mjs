// The built app stack for browser benchmarks (bench/bundle, bench/lighthouse): the real backend
// (backend/dist, a fresh embedded database seeded with the demo data) and the app's server
// (app-server.mjs) on free ports, a Chromium from playwright-core, and sign-in of a demo member through the real flow
// (the app's /oauth2 start, the development identity provider's page, the callback).
//
// Every process is spawned in its own process group and stopped by that PID (never by name).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { APP_BUILD_INPUTS, newestMtime } from '../../scripts/build-inputs.mjs';
import { benchAppServer } from './app-server.mjs';
import { freePort, stopProcessGroup, waitForHttp } from './process.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Debian's Chromium and its flags, shared with playwright.config.ts (scripts/chromium.json). */
const chromiumSettings = JSON.parse(
  readFileSync(path.join(root, 'scripts', 'chromium.json'), 'utf8'),
);
export const chromiumPath = process.env.CHROMIUM_PATH || chromiumSettings.path;
export const chromiumFlags = chromiumSettings.flags;
export const demoMember = { email: 'minjun@everyhealth.dev', name: '김민준' };

/** The app whose build is measured: this checkout, or BENCH_APP_DIR (e.g. a copy built otherwise). */
export const appDir = path.resolve(process.env.BENCH_APP_DIR || root);
const distDir = process.env.NEXT_DIST_DIR || '.next';

/**
 * Exits with a message naming the command to run when the production build of the app or the
 * backend is missing; warns when app sources are newer than the app build.
 */
export function requireBuild() {
  const missing = [];
  if (!existsSync(path.join(appDir, distDir, 'BUILD_ID')))
    missing.push(`the app (${path.relative(root, path.join(appDir, distDir)) || distDir}/)`);
  if (!existsSync(path.join(root, 'backend', 'dist', 'main.js')))
    missing.push('the backend (backend/dist/)');
  if (missing.length) {
    console.error(
      `No production build of ${missing.join(' and ')}: run \`npm run build\` first` +
        (distDir === '.next' ? '.' : ` (with NEXT_DIST_DIR=${distDir}).`),
    );
    process.exit(1);
  }
  if (appDir !== root) return;
  const stamp = path.join(root, distDir, '.build-stamp');
  const built = existsSync(stamp) ? Number(readFileSync(stamp, 'utf8').split('|')[0]) : NaN;
  const sources = newestMtime(root, APP_BUILD_INPUTS);
  if (!Number.isFinite(built) || sources > built) {
    console.warn(
      `warning: app sources changed since ${distDir}/ was built; figures are of the old build (\`npm run build\` refreshes it).`,
    );
  }
}

/** `stop` of every stack started in this process, also those still starting. */
const startedStacks = new Set();

/** Adds `stop` (idempotent) to what stopStartedStacks stops: another server a bench started. */
export function trackStop(stop) {
  startedStacks.add(stop);
}

/** Stops every stack this process started: runMain's `cleanup` for a bench that uses one. */
export function stopStartedStacks() {
  return Promise.all([...startedStacks].map((stop) => stop()));
}

/**
 * Starts the backend and the app server of the existing build on free ports, the app at
 * http://localhost:<port> (the origin its cookies and PUBLIC_URL name). Resolves to
 * `{ appUrl, backendUrl, stop }`; `stop()` ends both by PID and deletes the bench's data folder.
 */
export async function startAppStack({ log = () => {} } = {}) {
  const children = [];
  const dataDir = path.join(root, '.data', `bench-app-${process.pid}-${Date.now()}`);
  let stopping;
  // Idempotent: a bench's own finally and runMain's cleanup (Ctrl-C, watchdog) may both call it.
  const stop = () =>
    (stopping ??= Promise.all(children.map((child) => stopProcessGroup(child, 5000))).then(() =>
      rmSync(dataDir, { recursive: true, force: true }),
    ));
  startedStacks.add(stop);
  try {
    const backendPort = await freePort();
    const appPort = await freePort();
    const appUrl = `http://localhost:${appPort}`;
    const backendUrl = `http://127.0.0.1:${backendPort}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(appPort),
      PUBLIC_URL: appUrl,
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(backendPort),
      BACKEND_URL: backendUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
    };
    const spawnOptions = { cwd: root, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] };

    const started = Date.now();
    const backend = spawn(process.execPath, ['backend/dist/main.js'], spawnOptions);
    children.push(backend);
    await waitForHttp(`${backendUrl}/healthz`, 60_000, { child: backend, intervalMs: 200 });
    const [command, args, serverEnv] = benchAppServer(appDir, distDir, { port: appPort });
    const next = spawn(command, args, {
      ...spawnOptions,
      env: { ...env, ...serverEnv },
      cwd: appDir,
    });
    children.push(next);
    await waitForHttp(`${appUrl}/healthz`, 60_000, { child: next, intervalMs: 200 });
    log(
      `stack up in ${((Date.now() - started) / 1000).toFixed(1)} s: app ${appUrl}, backend ${backendUrl}`,
    );
    return { appUrl, backendUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Debian's Chromium with the flags of scripts/chromium.json (no sandbox, no GPU, no sync…). */
export function launchChromium(options = {}) {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, ...options });
}

/**
 * Signs `who` in through the real flow (as e2e/fixtures/auth.ts does) in a context of its own, and
 * resolves to that context's cookies for the app's origin; the context is closed again.
 */
export async function signIn(browser, appUrl, who = demoMember) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${appUrl}/login`);
    await page.getByRole('link', { name: 'Google 계정으로 로그인' }).click();
    await page.getByRole('heading', { name: '개발용 로그인' }).waitFor();
    await page.getByLabel('이메일').fill(who.email);
    if (who.name) await page.getByLabel('이름').fill(who.name);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    return await context.cookies(appUrl);
  } finally {
    await context.close();
  }
}

/** `name=value; …` for a Cookie request header. */
export function cookieHeader(cookies) {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}
