#!/usr/bin/env node
/**
 * Launcher for `npm start` and `npm run dev`.
 *
 * `npm start`: builds whatever is missing or older than its sources (the backend bundle, the Next
 * build), starts the backend, waits until it answers, then starts `next start`. The app is at
 * http://localhost:3000 unless PORT says otherwise.
 * `npm run build`: only the build step of `npm start`.
 * `npm run dev`: the same with `tsx watch` and `next dev` (hot reload), nothing built.
 * START_BACKEND=false runs only the Next app, in front of whatever BACKEND_URL names (for example
 * the original Spring backend).
 *
 * Both children are stopped, by PID, when either exits or when this process is asked to stop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  NEXT_TELEMETRY_DISABLED: '1',
};
const startBackend = (process.env.START_BACKEND ?? 'true') !== 'false';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function log(message) {
  process.stdout.write(`[start] ${message}\n`);
}

/**
 * Runs `command` unless `stampFile` records a build of the same sources (newest mtime) with the
 * same build-time settings (`buildEnv`, e.g. BACKEND_URL, which Next bakes into its rewrites).
 */
function buildIfStale(label, stampFile, sources, command, args, buildEnv = []) {
  const sourcesTime = [newestMtime(root, sources), ...buildEnv.map((name) => env[name] ?? '')].join(
    '|',
  );
  const stampPath = path.join(root, stampFile);
  const upToDate = existsSync(stampPath) && readFileSync(stampPath, 'utf8') === sourcesTime;
  if (upToDate) return;
  log(`building ${label}…`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    log(`building ${label} failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampPath, sourcesTime);
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
      await waitForBackend(env.BACKEND_URL, 60_000);
    }
    run('next', bin('next'), ['dev', '-p', appPort]);
    return;
  }

  if (startBackend || buildOnly) {
    buildIfStale('the backend', 'backend/dist/.build-stamp', BACKEND_BUILD_INPUTS, 'npm', [
      'run',
      'build',
      '-w',
      'backend',
    ]);
  }
  buildIfStale(
    'the app',
    `${process.env.NEXT_DIST_DIR || '.next'}/.build-stamp`,
    APP_BUILD_INPUTS,
    bin('next'),
    ['build'],
    ['BACKEND_URL'],
  );

  if (buildOnly) return;

  if (startBackend) {
    run('backend', process.execPath, ['--enable-source-maps', 'backend/dist/main.js']);
    await waitForBackend(env.BACKEND_URL, 60_000);
  }
  if (stopping) return;
  run('next', bin('next'), ['start', '-p', appPort]);
  log(`app at ${env.PUBLIC_URL} (backend ${env.BACKEND_URL})`);
}

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  stop(1);
});
