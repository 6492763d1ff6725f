#!/usr/bin/env node
/**
 * `npm run start:cluster`: the scale-out rehearsal. Runs the whole production topology on one
 * machine, so a deployer sees it work before doing it for real:
 *
 *   browser → app balancer → Next instances (app-1, app-2)
 *                                  → backend balancer → backends (backend-1, backend-2)
 *                                                          → PostgreSQL, Redis, an S3 bucket
 *
 * In order: checks PostgreSQL (creating the database when missing) and Redis, and that every
 * port is free; builds once for the cluster (scripts/start.mjs --build-only into .next-cluster,
 * with BACKEND_URL = the backend balancer, which Next bakes into its /chat rewrites); starts the
 * launcher's own s3rver when no S3_BUCKET is set; backend-1, and once it answers (its migrations
 * done) the other backends; the backend balancer; the Next instances; the app balancer (the public
 * entry, PUBLIC_URL). Then prints every process with its port and PID, and writes the same list
 * to CLUSTER_STATE_DIR/processes.json (default .data/cluster).
 *
 * While it runs: an instance that stops (e.g. `kill <pid>`) leaves the balancer's rotation, the
 * rest go on; SIGHUP to this launcher starts the stopped ones again. Ctrl-C (SIGINT) or SIGTERM
 * stops everything it started, by PID. Every other environment variable passes through to the
 * instances unchanged. README: "Scale-out rehearsal".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { createBalancer } from './cluster/balancer.mjs';
import { Supervisor } from './cluster/processes.mjs';
import {
  ServiceError,
  checkRedis,
  ensureDatabase,
  ensurePortsFree,
  sharedJwtSecret,
} from './cluster/services.mjs';
import {
  APP_PIN_COOKIE,
  APP_UPSTREAM_HEADER,
  BACKEND_PIN_COOKIE,
  BACKEND_UPSTREAM_HEADER,
  TopologyError,
  backendAffinityKey,
  clusterTopology,
  ownBucketEnv,
  redacted,
} from './cluster/topology.mjs';

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

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const accessLog = ['true', '1', 'yes'].includes(process.env.CLUSTER_ACCESS_LOG ?? '');

let topology;
try {
  topology = clusterTopology(process.env, root);
} catch (error) {
  if (error instanceof TopologyError) die(error.message);
  throw error;
}

const supervisor = new Supervisor({ cwd: root, log, onChange: () => writeProcessFile() });
const balancers = [];
const processFile = path.join(topology.stateDir, 'processes.json');

/** What the status pages and processes.json show: every process the launcher runs. */
function describe() {
  const own = { pid: process.pid, running: true };
  return {
    publicUrl: topology.publicUrl,
    launcher: { pid: process.pid },
    processes: [
      { name: 'balancer:apps', role: 'balancer', port: topology.appBalancer.port, ...own },
      { name: 'balancer:backends', role: 'balancer', port: topology.backendBalancer.port, ...own },
      ...supervisor.list(),
    ],
  };
}

function writeProcessFile() {
  if (supervisor.stopping) return;
  mkdirSync(topology.stateDir, { recursive: true });
  writeFileSync(processFile, `${JSON.stringify(describe(), null, 2)}\n`);
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

/** The Next build's /chat rewrite target: what BACKEND_URL was when it was built. */
function builtBackendUrl() {
  const manifest = path.join(root, topology.distDir, 'routes-manifest.json');
  try {
    const routes = JSON.parse(readFileSync(manifest, 'utf8'));
    const rule = routes.rewrites?.beforeFiles?.find((r) => r.source === '/chat/info');
    return rule ? new URL(rule.destination).origin : null;
  } catch {
    return null;
  }
}

function build() {
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'start.mjs'), '--build-only'],
    {
      cwd: root,
      stdio: 'inherit',
      env: instanceEnv({
        NEXT_DIST_DIR: topology.distDir,
        BACKEND_URL: topology.backendBalancer.url,
        PUBLIC_URL: topology.publicUrl,
      }),
    },
  );
  if (result.status !== 0) die('the build failed (see above)');
  const built = builtBackendUrl();
  if (built !== topology.backendBalancer.url) {
    die(
      `${topology.distDir} sends /chat to ${built ?? 'nowhere'}, not to the backend balancer ` +
        `(${topology.backendBalancer.url}): delete ${topology.distDir}/ and start again`,
    );
  }
}

async function checkServices(env) {
  const created = await ensureDatabase(root, topology.databaseUrl);
  log(`PostgreSQL: ${redacted(topology.databaseUrl)}${created ? ' (database created)' : ''}`);
  await checkRedis(root, topology.redisUrl);
  log(`Redis: ${redacted(topology.redisUrl)}`);
  const ports = [
    { port: topology.appBalancer.port, name: 'the app balancer' },
    ...topology.apps.map((app) => ({ port: app.port, name: app.name })),
    { port: topology.backendBalancer.port, name: 'the backend balancer' },
    ...topology.backends.map((backend) => ({ port: backend.port, name: backend.name })),
    ...(topology.s3 ? [{ port: topology.s3.port, name: 'the s3rver' }] : []),
  ];
  await ensurePortsFree(
    ports,
    'or move the rehearsal with CLUSTER_PORT / CLUSTER_BACKEND_PORT (a running rehearsal: stop it first)',
  );
  if (env.BACKEND_URL && env.BACKEND_URL.replace(/\/+$/, '') !== topology.backendBalancer.url) {
    log(`BACKEND_URL=${env.BACKEND_URL} is ignored: the apps use the backend balancer`);
  }
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

  // One at a time: the first runs the migrations before the others open the database.
  for (const backend of topology.backends) {
    await supervisor.start({
      name: backend.name,
      role: 'backend',
      port: backend.port,
      url: backend.url,
      command: process.execPath,
      args: ['--enable-source-maps', path.join(root, 'backend', 'dist', 'main.js')],
      env: instanceEnv({
        BACKEND_HOST: '127.0.0.1',
        BACKEND_PORT: String(backend.port),
        PUBLIC_URL: topology.publicUrl,
        DATABASE_URL: topology.databaseUrl,
        REDIS_URL: topology.redisUrl,
        JWT_SECRET: jwt.secret,
        DATA_DIR: backend.dataDir,
        LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
        CLUSTER_INSTANCE: backend.name,
        ...s3Env,
      }),
      ready: answers(`${backend.url}/healthz`),
    });
  }

  const backendBalancer = createBalancer({
    name: 'backends',
    targets: topology.backends,
    upstreamHeader: BACKEND_UPSTREAM_HEADER,
    pinCookie: BACKEND_PIN_COOKIE,
    affinityKey: (req) => backendAffinityKey(req.url ?? '/'),
    describe,
    accessLog,
  });
  await backendBalancer.start();
  await backendBalancer.listen(topology.backendBalancer.port, ['127.0.0.1']);
  balancers.push(backendBalancer);

  await Promise.all(
    topology.apps.map((app) =>
      supervisor.start({
        name: app.name,
        role: 'app',
        port: app.port,
        url: app.url,
        command: bin('next'),
        args: ['start', '-H', '127.0.0.1', '-p', String(app.port)],
        env: instanceEnv({
          PORT: String(app.port),
          PUBLIC_URL: topology.publicUrl,
          BACKEND_URL: topology.backendBalancer.url,
          NEXT_DIST_DIR: topology.distDir,
          CLUSTER_INSTANCE: app.name,
        }),
        ready: answers(`${app.url}/healthz`),
      }),
    ),
  );

  const appBalancer = createBalancer({
    name: 'apps',
    targets: topology.apps,
    upstreamHeader: APP_UPSTREAM_HEADER,
    pinCookie: APP_PIN_COOKIE,
    describe,
    accessLog,
  });
  await appBalancer.start();
  // The browser's `localhost` may be either loopback address.
  await appBalancer.listen(topology.appBalancer.port, ['127.0.0.1', '::1']);
  balancers.push(appBalancer);
}

function printTopology() {
  const rows = [
    [
      'app balancer',
      `http://localhost:${topology.appBalancer.port}`,
      process.pid,
      'public entry (PUBLIC_URL)',
    ],
    ...supervisor
      .list()
      .filter((p) => p.role === 'app')
      .map((p) => [p.name, p.url, p.pid, 'next start']),
    ['backend balancer', topology.backendBalancer.url, process.pid, 'BACKEND_URL of the apps'],
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
  log(`processes: ${processFile}; status: ${topology.publicUrl}/__cluster`);
  log(
    `stop one instance: kill <pid>; start the stopped ones again: kill -HUP ${process.pid}; Ctrl-C stops all`,
  );
}

let shuttingDown = false;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (balancers.length > 0 || supervisor.list().length > 0) log('stopping…');
  await Promise.all(balancers.map((balancer) => balancer.close()));
  await supervisor.stopAll();
  rmSync(processFile, { force: true });
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => {
  if (shuttingDown || balancers.length < 2) return;
  supervisor.restartStopped().then(
    (names) => log(names.length ? `started again: ${names.join(', ')}` : 'nothing had stopped'),
    (error) => log(`could not start again: ${error.message}`),
  );
});
// Whatever happens to the launcher, its children do not outlive it.
process.on('exit', () => supervisor.killAllNow());

async function main() {
  await checkServices(process.env);
  build();
  await startAll();
  if (shuttingDown) return;
  writeProcessFile();
  printTopology();
}

main().catch((error) => {
  const message = error instanceof ServiceError ? error.message : (error.stack ?? String(error));
  process.stderr.write(`[cluster] ${message}\n`);
  void shutdown(1);
});
