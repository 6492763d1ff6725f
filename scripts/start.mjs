#!/usr/bin/env node
/**
 * Launcher for `npm start` and `npm run dev`.
 *
 * `npm start`: builds whatever is missing or older than its sources (the backend bundle, the Next
 * build and the service worker made from it, public/sw.js, then the standalone server folder:
 * scripts/app-server.mjs), starts the backend (migrating its database first: MIGRATE_ON_START),
 * waits until it answers, then starts the app's standalone server. The app is at
 * http://localhost:3000 unless PORT says otherwise.
 * `npm run build`: only the build step of `npm start`.
 * `npm run dev`: the same with `tsx watch` and `next dev` (hot reload), nothing built (and no
 * service worker: the app registers it in production builds only).
 * START_BACKEND=false runs only the Next app, in front of whatever BACKEND_URL names (for example
 * the original Spring backend).
 *
 * Both children are stopped, by PID, when either exits or when this process is asked to stop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { appListenHost } from './app-host.mjs';
import { appServerCommand, prepareStandalone, standaloneIsPrepared } from './app-server.mjs';
import { APP_BUILD_INPUTS, BACKEND_BUILD_INPUTS, newestMtime } from './build-inputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const buildOnly = process.argv.includes('--build-only');

if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

const appPort = process.env.PORT || '3000';
const backendPort = process.env.BACKEND_PORT || '8080';
const env = {
  ...process.env,
  PORT: appPort,
  BACKEND_PORT: backendPort,
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${appPort}`,
  BACKEND_URL: process.env.BACKEND_URL || `http://127.0.0.1:${backendPort}`,
  // One process on one machine: the backend brings its own database up to date as it starts.
  // Deployments of several instances migrate as a step of their own (npm run db:migrate).
  MIGRATE_ON_START: process.env.MIGRATE_ON_START || 'true',
  NEXT_TELEMETRY_DISABLED: '1',
  // The Serwist CLI would otherwise ask the npm registry for a newer version of itself.
  NO_UPDATE_NOTIFIER: '1',
};
const startBackend = (process.env.START_BACKEND ?? 'true') !== 'false';
// Loopback only while the development sign-in runs on a loopback PUBLIC_URL (app-host.mjs).
const appHost = appListenHost(env);
const hostArgs = appHost ? ['-H', appHost] : [];
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}

/**
 * Runs `steps` (each `[command, args]`, in order, each only after the previous one succeeded)
 * unless `stampFile` records a build of the same sources (newest mtime). No setting is baked into
 * a build: everything deployment-specific is read when the servers start.
 */
function buildIfStale(label, stampFile, sources, steps) {
  const sourcesTime = String(newestMtime(root, sources));
  const stampPath = path.join(root, stampFile);
  const upToDate = existsSync(stampPath) && readFileSync(stampPath, 'utf8') === sourcesTime;
  if (upToDate) return false;
  log(`building ${label}…`);
  for (const [command, args] of steps) buildStep(label, command, args);
  writeFileSync(stampPath, sourcesTime);
  return true;
}

/** Runs one build command; a failure ends this process with its status. */
function buildStep(label, command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    log(`building ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const SERVICE_WORKER_BUILD = [bin('serwist'), ['build', 'serwist.config.mjs']];

/**
 * True when public/sw.js was made from the Next build in `distDir`: its precache lists that build's
 * `/_next/static/<BUILD_ID>/` files. public/ is shared by every NEXT_DIST_DIR, so a checkout that
 * builds into two folders (e.g. an e2e run beside `npm start`) may find the other build's worker.
 */
function serviceWorkerMatchesBuild(distDir) {
  const worker = path.join(root, 'public', 'sw.js');
  const buildIdFile = path.join(root, distDir, 'BUILD_ID');
  if (!existsSync(worker) || !existsSync(buildIdFile)) return false;
  const buildId = readFileSync(buildIdFile, 'utf8').trim();
  return readFileSync(worker, 'utf8').includes(`/_next/static/${buildId}/`);
}

const children = new Set();
let stopping = false;

function run(name, command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      log(`${name} exited (${signal ?? code}); stopping`);
      stop(code ?? 1);
    }
  });
  return child;
}

function stop(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 10_000);
  deadline.unref();
  const finish = () => (children.size === 0 ? process.exit(code) : setTimeout(finish, 100));
  finish();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/**
 * How long the backend may take to answer /healthz. It answers in a few seconds on a quiet machine;
 * on a loaded 2-core CI machine opening the embedded database and migrating took over a minute.
 * A backend that exits stops the launcher at once (run()), so a long ceiling costs nothing.
 */
const BACKEND_READY_TIMEOUT_MS = 180_000;

async function waitForBackend(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log(`backend did not answer at ${url}/healthz within ${timeoutMs / 1000} s`);
  stop(1);
}

async function main() {
  if (dev) {
    if (startBackend) {
      run('backend', bin('tsx'), ['watch', 'backend/src/main.ts']);
      await waitForBackend(env.BACKEND_URL, BACKEND_READY_TIMEOUT_MS);
    }
    run('next', bin('next'), ['dev', ...hostArgs, '-p', appPort]);
    return;
  }

  if (startBackend || buildOnly) {
    buildIfStale('the backend', 'backend/dist/.build-stamp', BACKEND_BUILD_INPUTS, [
      ['npm', ['run', 'build', '-w', 'backend']],
    ]);
  }
  // The service worker is built from what `next build` wrote (its precache manifest lists the
  // build's static files), into public/sw.js; serwist.config.mjs reads NEXT_DIST_DIR like Next.
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  let built = buildIfStale('the app', `${distDir}/.build-stamp`, APP_BUILD_INPUTS, [
    [bin('next'), ['build']],
    SERVICE_WORKER_BUILD,
  ]);
  if (!serviceWorkerMatchesBuild(distDir)) {
    log('building the service worker…');
    buildStep('the service worker', ...SERVICE_WORKER_BUILD);
    built = true;
  }
  // Only after a build: a second server started from the same build (the e2e's Vercel-like one)
  // must not replace the files the first one is serving.
  if (built || !standaloneIsPrepared(root, distDir)) prepareStandalone(root, distDir);

  if (buildOnly) return;

  if (startBackend) {
    run('backend', process.execPath, ['--enable-source-maps', 'backend/dist/main.js']);
    await waitForBackend(env.BACKEND_URL, BACKEND_READY_TIMEOUT_MS);
  }
  if (stopping) return;
  const [command, args, serverEnv] = appServerCommand(root, distDir, {
    port: appPort,
    host: appHost,
  });
  Object.assign(env, serverEnv);
  run('next', command, args);
  log(
    `app at ${env.PUBLIC_URL} (backend ${env.BACKEND_URL})` +
      (appHost ? `, listening on ${appHost} only: the development sign-in is on` : ''),
  );
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  stop(1);
});
