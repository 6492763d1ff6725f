#!/usr/bin/env node
/**
 * `npm run start:cluster`: the scale-out rehearsal. Runs the whole production topology on one
 * machine, so a deployer sees it work before doing it for real:
 *
 *   browser → nginx (public server) → Next instances (app-1, app-2)
 *                                          → nginx (internal server) → backends (backend-1, -2)
 *                                                                       → PostgreSQL, Redis, S3
 *
 * nginx runs the deployer's deploy/nginx/everyhealth.conf unchanged, with the files a deployer
 * writes (upstreams, listen addresses) generated for the rehearsal's ports (cluster/nginx.mjs).
 *
 * The build, migrate and start commands are deploy/commands.mjs's, the ones the container images
 * run (scripts/deploy/deploy.test.mjs checks the Dockerfiles against that list).
 *
 * In order: checks nginx, PostgreSQL (creating the database when missing) and Redis, and that
 * every port is free; builds once for the cluster (BUILD_BACKEND, then BUILD into .next-cluster:
 * the backend bundle and the standalone app); starts the launcher's own s3rver when no S3_BUCKET
 * is set; runs the one-shot migration (MIGRATE) to its end; the backends (BACKEND_START: they do
 * not migrate themselves); nginx (after `nginx -t`); the Next instances (the standalone server,
 * .next-cluster/standalone/server.js). Then prints every process with its port and PID, and writes
 * the same list to CLUSTER_STATE_DIR/processes.json (default .data/cluster).
 *
 * While it runs: an instance that stops (e.g. `kill <pid>`) is skipped by nginx, the rest go on;
 * SIGHUP to this launcher starts the stopped ones again; SIGUSR2 restarts every app and backend
 * instance, one at a time, drained first (the rolling restart; its progress in processes.json).
 * Ctrl-C (SIGINT) or SIGTERM stops everything it started, by PID. Every other environment
 * variable passes through to the instances unchanged. README: "Scale-out rehearsal".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

import {
  appStart,
  BACKEND_START,
  BUILD,
  BUILD_BACKEND,
  HEALTH_PATH,
  MIGRATE,
} from '../deploy/commands.mjs';
import {
  FAIL_TIMEOUT_SECONDS,
  findNginx,
  NginxError,
  testNginxConfig,
  writeNginxConfig,
  writeUpstreams,
} from './cluster/nginx.mjs';
import { Supervisor } from './cluster/processes.mjs';
import {
  checkRedis,
  ensureDatabase,
  ensurePortsFree,
  ServiceError,
  sharedJwtSecret,
} from './cluster/services.mjs';
import { clusterTopology, ownBucketEnv, redacted, TopologyError } from './cluster/topology.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));

function log(message) {
  process.stdout.write(`[cluster] ${message}\n`);
}

/** Ends the launcher with a message and no stack: the messages say what to do. */
function die(message) {
  process.stderr.write(`[cluster] ${message}\n`);
  process.exit(1);
}

/**
 * A deploy/commands.mjs command as this launcher runs it: `node` is this very Node (the pinned
 * one), the folder is the command's under the checkout.
 */
function commandSpec({ cwd, argv }) {
  const [command, ...args] = argv;
  return {
    command: command === 'node' ? process.execPath : command,
    args,
    cwd: path.resolve(root, cwd),
  };
}
const accessLog = ['true', '1', 'yes'].includes(process.env.CLUSTER_ACCESS_LOG ?? '');

let topology;
try {
  topology = clusterTopology(process.env, root);
} catch (error) {
  if (error instanceof TopologyError) die(error.message);
  throw error;
}

const supervisor = new Supervisor({ cwd: root, log, onChange: () => writeProcessFile() });
const processFile = path.join(topology.stateDir, 'processes.json');
const nginxPrefix = path.join(topology.stateDir, 'nginx');
const nginxBinary = findNginx();
/** The rolling restart's progress (null before the first): state, instances done, current one. */
let rolling = null;

/** What processes.json shows: every process the launcher runs, and the rolling restart. */
function describe() {
  return {
    publicUrl: topology.publicUrl,
    backendUrl: topology.backendListener.url,
    launcher: { pid: process.pid },
    processes: supervisor.list(),
    rolling,
  };
}

function writeProcessFile() {
  if (supervisor.stopping) return;
  mkdirSync(topology.stateDir, { recursive: true });
  // Written aside and renamed over it: a reader (the e2e test polls it) never sees half a file.
  const partial = `${processFile}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(describe(), null, 2)}\n`);
  renameSync(partial, processFile);
}

/** A readiness check: GET `url` answers 2xx (or anything at all, with `anyStatus`). */
function answers(url, anyStatus = false) {
  return async () => {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return anyStatus || response.ok;
  };
}

/** The environment every instance starts from: this one, with the cluster's settings over it. */
function instanceEnv(overrides) {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...overrides };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/** Runs a deploy/commands.mjs command to its end; a failure ends the launcher. */
function runToEnd(label, command, env) {
  const { command: file, args, cwd } = commandSpec(command);
  const result = spawnSync(file, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) die(`${label} failed (see above)`);
}

/**
 * The build, as the images make it: the backend bundle, then the whole build (which finds the
 * bundle up to date, and makes the standalone app). Nothing URL-like goes into it: the apps read
 * BACKEND_URL when they run.
 */
function build() {
  const env = instanceEnv({ NEXT_DIST_DIR: topology.distDir, PUBLIC_URL: topology.publicUrl });
  runToEnd('the backend build', BUILD_BACKEND, env);
  runToEnd('the build', BUILD, env);
}

/** True when this machine has an IPv6 loopback (the browser's `localhost` may be `::1`). */
function hasIpv6Loopback() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => server.close(() => resolve(true)));
  });
}

async function checkServices(env) {
  if (!nginxBinary) {
    throw new ServiceError(
      'nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-filter ' +
        '(or set NGINX_BIN to its binary)',
    );
  }
  const created = await ensureDatabase(root, topology.databaseUrl);
  log(`PostgreSQL: ${redacted(topology.databaseUrl)}${created ? ' (database created)' : ''}`);
  await checkRedis(root, topology.redisUrl);
  log(`Redis: ${redacted(topology.redisUrl)}`);
  const ports = [
    { port: topology.publicListener.port, name: "nginx's public server" },
    ...topology.apps.map((app) => ({ port: app.port, name: app.name })),
    { port: topology.backendListener.port, name: "nginx's backend listener" },
    ...topology.backends.map((backend) => ({ port: backend.port, name: backend.name })),
    ...(topology.s3 ? [{ port: topology.s3.port, name: 'the s3rver' }] : []),
  ];
  await ensurePortsFree(
    ports,
    'or move the rehearsal with CLUSTER_PORT / CLUSTER_BACKEND_PORT (a running rehearsal: stop it first)',
  );
  if (env.BACKEND_URL && env.BACKEND_URL.replace(/\/+$/, '') !== topology.backendListener.url) {
    log(`BACKEND_URL=${env.BACKEND_URL} is ignored: the apps use nginx's backend listener`);
  }
}

let nginxFiles = null;

/**
 * Writes nginx's files (cluster/nginx.mjs), checks them with `nginx -t`, and starts nginx in the
 * foreground; ready once its internal listener reaches a backend.
 */
async function startNginx() {
  const publicAddresses = [`127.0.0.1:${topology.publicListener.port}`];
  // The browser's `localhost` may be either loopback address.
  if (await hasIpv6Loopback()) publicAddresses.push(`[::1]:${topology.publicListener.port}`);
  nginxFiles = writeNginxConfig({
    root,
    prefix: nginxPrefix,
    topology,
    publicAddresses,
    backendAddress: `127.0.0.1:${topology.backendListener.port}`,
    accessLog,
  });
  testNginxConfig(nginxBinary, nginxFiles);
  await supervisor.start({
    name: 'nginx',
    role: 'nginx',
    port: topology.publicListener.port,
    url: topology.publicUrl,
    command: nginxBinary,
    args: ['-p', `${nginxPrefix}/`, '-c', nginxFiles.conf],
    env: instanceEnv({}),
    ready: answers(`${topology.backendListener.url}/healthz`),
  });
}

/** Applies the generated upstreams with `down` marked: checked, then nginx reloads (SIGHUP). */
async function reloadNginx(down) {
  writeUpstreams(nginxPrefix, topology, down);
  testNginxConfig(nginxBinary, nginxFiles);
  const pid = supervisor.pid('nginx');
  if (!pid) throw new Error('nginx is not running');
  process.kill(pid, 'SIGHUP');
  // New workers take the new configuration within milliseconds; the old ones finish what they
  // serve (open WebSockets and event streams included) and exit.
  await delay(1000);
}

/**
 * The rolling restart (SIGUSR2): each app instance, then each backend, one at a time: drained
 * (marked `down` and nginx reloaded, so new requests go to the others), stopped with SIGTERM (it
 * finishes what it serves), started again, back in nginx's upstreams once it answers, and given
 * nginx's fail_timeout before the next one goes. Progress in processes.json (`rolling`).
 */
async function rollingRestart() {
  if (rolling?.state === 'running') {
    log('rolling restart: already under way');
    return;
  }
  const order = [...topology.apps, ...topology.backends].map((instance) => instance.name);
  rolling = { state: 'running', order, restarted: [], current: null, error: null };
  writeProcessFile();
  log(`rolling restart: ${order.join(', ')}`);
  try {
    for (const name of order) {
      if (shuttingDown) throw new Error('the rehearsal is stopping');
      rolling.current = name;
      writeProcessFile();
      await reloadNginx([name]);
      await supervisor.restart(name);
      await reloadNginx([]);
      await delay(FAIL_TIMEOUT_SECONDS * 1000 + 500);
      rolling.restarted.push(name);
      log(`rolling restart: ${name} done (pid ${supervisor.pid(name)})`);
    }
    rolling.state = 'done';
  } catch (error) {
    rolling.state = 'failed';
    rolling.error = error.message;
    log(`rolling restart failed at ${rolling.current}: ${error.message}`);
  }
  rolling.current = null;
  writeProcessFile();
}

async function startAll() {
  const jwt = sharedJwtSecret(process.env, topology.stateDir);
  log(`JWT secret shared by the backends: ${jwt.source}`);
  let s3Env = {};
  if (topology.s3) {
    const { s3 } = topology;
    await supervisor.start({
      name: s3.name,
      role: 's3',
      port: s3.port,
      url: s3.url,
      command: process.execPath,
      args: [path.join(root, 'e2e', 's3-server.mjs')],
      env: instanceEnv({
        E2E_S3_PORT: String(s3.port),
        S3_BUCKET: s3.bucket,
        S3_SERVER_DIR: s3.directory,
      }),
      // Any answer will do: the bucket exists before s3rver listens.
      ready: answers(`${s3.url}/`, true),
    });
    s3Env = ownBucketEnv(s3);
  }

  const backendEnv = {
    PUBLIC_URL: topology.publicUrl,
    DATABASE_URL: topology.databaseUrl,
    REDIS_URL: topology.redisUrl,
    JWT_SECRET: jwt.secret,
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // The one-shot below migrates; the backends only check that it has.
    MIGRATE_ON_START: undefined,
    ...s3Env,
  };
  log('migrating the database…');
  runToEnd('the migration', MIGRATE, instanceEnv(backendEnv));

  const backend = commandSpec(BACKEND_START);
  await Promise.all(
    topology.backends.map((instance) =>
      supervisor.start({
        name: instance.name,
        role: 'backend',
        port: instance.port,
        url: instance.url,
        ...backend,
        env: instanceEnv({
          ...backendEnv,
          BACKEND_HOST: '127.0.0.1',
          BACKEND_PORT: String(instance.port),
          DATA_DIR: instance.dataDir,
          CLUSTER_INSTANCE: instance.name,
        }),
        ready: answers(`${instance.url}${HEALTH_PATH}`),
      }),
    ),
  );

  await startNginx();

  const server = commandSpec(appStart(topology.distDir));
  await Promise.all(
    topology.apps.map((app) =>
      supervisor.start({
        name: app.name,
        role: 'app',
        port: app.port,
        url: app.url,
        ...server,
        env: instanceEnv({
          PORT: String(app.port),
          HOSTNAME: '127.0.0.1',
          PUBLIC_URL: topology.publicUrl,
          BACKEND_URL: topology.backendListener.url,
          CLUSTER_INSTANCE: app.name,
        }),
        ready: answers(`${app.url}${HEALTH_PATH}`),
      }),
    ),
  );

  // And the whole way through: nginx's public server to an app.
  const deadline = Date.now() + 30_000;
  const throughNginx = answers(`${topology.publicUrl}${HEALTH_PATH}`);
  while (!(await throughNginx().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${topology.publicUrl}/healthz does not answer`);
    await delay(250);
  }
}

function printTopology() {
  const rows = [
    [
      'nginx',
      `http://localhost:${topology.publicListener.port}`,
      supervisor.pid('nginx'),
      `public entry (PUBLIC_URL); ${nginxPrefix}/nginx.conf`,
    ],
    ...supervisor
      .list()
      .filter((p) => p.role === 'app')
      .map((p) => [p.name, p.url, p.pid, `${topology.distDir}/standalone/server.js`]),
    ['nginx', topology.backendListener.url, supervisor.pid('nginx'), 'BACKEND_URL of the apps'],
    ...supervisor
      .list()
      .filter((p) => p.role === 'backend')
      .map((p) => [p.name, p.url, p.pid, 'backend/dist/main.js']),
    ...supervisor
      .list()
      .filter((p) => p.role === 's3')
      .map((p) => [p.name, p.url, p.pid, `bucket ${topology.s3.bucket}`]),
  ];
  const width = (i) => Math.max(...rows.map((row) => String(row[i]).length));
  const lines = rows.map(
    (row) => [0, 1, 2].map((i) => String(row[i]).padEnd(width(i))).join('  ') + `  ${row[3]}`,
  );
  log(`up at ${topology.publicUrl}\n\n  ${lines.join('\n  ')}\n`);
  log(`PostgreSQL ${redacted(topology.databaseUrl)}, Redis ${redacted(topology.redisUrl)}`);
  if (!topology.s3)
    log(`images in S3 bucket ${process.env.S3_BUCKET} (${process.env.S3_ENDPOINT ?? 'AWS'})`);
  log(`processes: ${processFile}`);
  log(
    `stop one instance: kill <pid>; start the stopped ones again: kill -HUP ${process.pid}; ` +
      `rolling restart: kill -USR2 ${process.pid}; Ctrl-C stops all`,
  );
}

let shuttingDown = false;
/** Everything is up (SIGHUP and SIGUSR2 wait for it). */
let started = false;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (supervisor.list().length > 0) log('stopping…');
  await supervisor.stopAll();
  rmSync(processFile, { force: true });
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => {
  if (shuttingDown || !started) return;
  supervisor.restartStopped().then(
    (names) => log(names.length ? `started again: ${names.join(', ')}` : 'nothing had stopped'),
    (error) => log(`could not start again: ${error.message}`),
  );
});
process.on('SIGUSR2', () => {
  if (!shuttingDown && started) void rollingRestart();
});
// Whatever happens to the launcher, its children do not outlive it.
process.on('exit', () => supervisor.killAllNow());

async function main() {
  await checkServices(process.env);
  build();
  await startAll();
  if (shuttingDown) return;
  started = true;
  writeProcessFile();
  printTopology();
}

main().catch((error) => {
  const message =
    error instanceof ServiceError || error instanceof NginxError
      ? error.message
      : (error.stack ?? String(error));
  process.stderr.write(`[cluster] ${message}\n`);
  void shutdown(1);
});
