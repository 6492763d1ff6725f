// The floor the page budgets are measured against: the blank app in bench/floor-app (one
// server-rendered heading and a link), built by the root's `next` with the same `next`, `react` and
// `react-dom` the app resolves, and served by `next start` beside the app in the same run. A page's
// first-load JavaScript and largest paint are judged as "floor + allowance", so an upgrade of the
// framework moves the floor and the pages together instead of breaking a fixed number.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { benchAppServer } from './app-server.mjs';
import { appDir, root, trackStop } from './app-stack.mjs';
import { freePort, stopProcessGroup, waitForHttp } from './process.mjs';

export const floorDir = path.join(root, 'bench', 'floor-app');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const PACKAGES = ['next', 'react', 'react-dom'];

/** `{ next, react, 'react-dom' }` versions as resolved from `dir` (its node_modules or a parent's). */
export function resolvedVersions(dir) {
  const require = createRequire(path.join(dir, 'package.json'));
  return Object.fromEntries(
    PACKAGES.map((name) => [name, require(`${name}/package.json`).version]),
  );
}

/** `next 16.4.6 + react 19.3.1 + react-dom 19.3.1`. */
export const describeVersions = (versions) =>
  PACKAGES.map((name) => `${name} ${versions[name]}`).join(' + ');

/**
 * Builds the floor app (`next build bench/floor-app`, the root's binary, the same NEXT_DIST_DIR
 * name as the app's build), unless `reuse` and a build of the same versions is there. Throws when
 * the floor would resolve other versions than the measured app: the comparison would be void.
 * Resolves to the versions.
 */
export function buildFloor({ reuse = false, log = console.log } = {}) {
  const versions = resolvedVersions(floorDir);
  const appVersions = resolvedVersions(appDir);
  if (describeVersions(versions) !== describeVersions(appVersions))
    throw new Error(
      `the floor resolves ${describeVersions(versions)}, the app ${describeVersions(appVersions)}`,
    );
  const stamp = path.join(floorDir, distDir, '.floor-versions');
  const built =
    existsSync(path.join(floorDir, distDir, 'BUILD_ID')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === describeVersions(versions);
  if (reuse && built) {
    log(`floor: reusing bench/floor-app/${distDir} (${describeVersions(versions)})`);
    return versions;
  }
  log(`floor: building bench/floor-app with ${describeVersions(versions)}…`);
  const started = Date.now();
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build', floorDir], {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`next build bench/floor-app failed (${result.status})`);
  writeFileSync(stamp, describeVersions(versions));
  log(`floor: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return versions;
}

/**
 * Starts `next start` on the floor's build on a free port; resolves to `{ url, stop }` (the page at
 * `url` + '/'). Stopped by PID with the benches' other servers.
 */
export async function startFloorServer({ log = () => {} } = {}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const [command, args, serverEnv] = benchAppServer(floorDir, distDir, { port });
  const child = spawn(command, args, {
    cwd: floorDir,
    env: { ...process.env, ...serverEnv, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping;
  const stop = () => (stopping ??= stopProcessGroup(child, 5000));
  trackStop(stop);
  try {
    await waitForHttp(`${url}/`, 60_000, { child, intervalMs: 200 });
  } catch (error) {
    await stop();
    throw error;
  }
  log(`floor up: ${url}`);
  return { url, stop };
}
