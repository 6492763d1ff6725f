// Shared by the backend benchmarks (bench/chat, bench/month, bench/feed): build and start the real
// backend bundle on a free port with a fresh data dir (PGlite) or a fresh PostgreSQL database, stop
// it by PID, sign members in (the real flow, or a cookie signed exactly as the backend signs its
// own), seed through the backend's own DB modules, and print percentiles and tables.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { Pool } from 'undici';

import { BACKEND_BUILD_INPUTS, newestMtime } from '../../scripts/build-inputs.mjs';
import { freePort, runMain, stopProcess, waitForHttp } from './process.mjs';

export { sleep } from './process.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireBackend = createRequire(path.join(root, 'backend/package.json'));
export const pg = requireBackend('pg');

/** The JWT secret every bench backend gets (base64 of 64 bytes, as HS512 needs). */
export const JWT_SECRET = Buffer.alloc(64, 42).toString('base64');
/** The backends' /metrics token here (the chat bench reads their fan-out time there). */
export const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';

const children = [];
/** One keep-alive undici Pool per backend, as the BFF reaches the backend (lib/bff/upstream.ts). */
const pools = new Map();

/** Builds backend/dist/main.js when it is missing or older than its inputs (BACKEND_BUILD_INPUTS). */
export function ensureBuilt() {
  const dist = path.join(root, 'backend/dist/main.js');
  const sources = newestMtime(root, BACKEND_BUILD_INPUTS);
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  console.log('building the backend (npm run build -w backend)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'backend'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('backend build failed');
}

/** A fresh, empty data dir under .data/ (removed again by stopBackend or removeDataDir). */
export function freshDataDir(name) {
  const dataDir = path.join(root, '.data', `bench-${process.pid}-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  return dataDir;
}

export function removeDataDir(dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Starts the built backend (`node backend/dist/main.js`) on a free port, without the demo seed,
 * on PGlite in `dataDir` (a fresh one unless given) or on `env.DATABASE_URL`; resolves once
 * /healthz answers. `options.nodeArgs`: extra Node flags (e.g. --cpu-prof). Returns
 * { child, dataDir, baseUrl }.
 */
export async function startBackend(name, env = {}, options = {}) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? freshDataDir(name);
  const args = [...(options.nodeArgs ?? []), path.join(root, 'backend/dist/main.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      METRICS_TOKEN,
      SEED_DEMO: 'false',
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
      // The benches sign hundreds of members in from one address within a minute; the limiter
      // still runs, with a sign-in budget they cannot reach.
      RATE_LIMIT_SIGN_IN: '1000000/1m',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const entry = { child, dataDir, baseUrl };
  children.push(entry);
  await waitForHttp(`${baseUrl}/healthz`, 30_000, { child });
  return entry;
}

/** Stops one backend started here (SIGTERM, then SIGKILL after 5 s, by PID) and removes its data dir. */
export async function stopBackend(entry) {
  await stopProcess(entry.child, 5000);
  await pools
    .get(entry.baseUrl)
    ?.destroy()
    .catch(() => undefined);
  pools.delete(entry.baseUrl);
  removeDataDir(entry.dataDir);
  const index = children.indexOf(entry);
  if (index >= 0) children.splice(index, 1);
}

export async function stopAll() {
  for (const entry of [...children]) await stopBackend(entry).catch(() => undefined);
}

/**
 * Runs `main` under a watchdog of `deadlineMs` (runMain); stops every backend started here however
 * it ends, and exits (1 on an error, 2 on the watchdog or when `main` resolves to `false`).
 */
export function runBench(main, { name, deadlineMs }) {
  return runMain(main, { cleanup: stopAll, name, deadlineMs });
}

// --- the real sign-in flow (development identity provider), as the backend tests drive it ---

class Jar {
  cookies = new Map();
  store(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const deleted = attributes.some((a) => /^max-age=0$/i.test(a));
      if (deleted) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function go(jar, url, options = {}) {
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    body: options.body,
    headers: { ...options.headers, cookie: jar.header() },
    redirect: 'manual',
  });
  jar.store(response);
  return response;
}

const next = (response, from) => new URL(response.headers.get('location'), from);

/** Signs a member in through the development provider; resolves to its `access_token=…` cookie. */
export async function signIn(baseUrl, email, name) {
  const jar = new Jar();
  let url = new URL('/oauth2/authorization/google', baseUrl);
  let response = await go(jar, url);
  url = next(response, url);
  response = await go(jar, url);
  const interaction = next(response, url);
  await (await go(jar, interaction)).text();
  response = await go(jar, interaction, {
    method: 'POST',
    body: new URLSearchParams({ email, name }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  url = next(response, interaction);
  response = await go(jar, url);
  url = next(response, url);
  response = await go(jar, url);
  const token = jar.cookies.get('access_token');
  if (!token) throw new Error(`sign-in of ${email} failed (${response.status})`);
  return `access_token=${token}`;
}

/** Runs `fn` over `items`, at most `concurrency` at a time; results in item order. */
export async function pool(items, concurrency, fn) {
  const results = new Array(items.length);
  let index = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (index < items.length) {
        const i = index++;
        results[i] = await fn(items[i], i);
      }
    }),
  );
  return results;
}

/** One API call with the member's cookie; the parsed JSON (or text) body, or an Error. */
export async function api(baseUrl, cookie, method, pathname, body) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return text ? (text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : text) : null;
}

function poolFor(baseUrl) {
  let pool = pools.get(baseUrl);
  if (!pool) {
    pool = new Pool(baseUrl, { keepAliveTimeout: 10_000, pipelining: 1 });
    pools.set(baseUrl, pool);
  }
  return pool;
}

/**
 * A timed GET through the BFF's client (undici `Pool.request`, kept-alive connection):
 * milliseconds from sending the request to having read the whole body, and the parsed body.
 * Throws on a status other than 200.
 */
export async function timedGet(baseUrl, cookie, pathname) {
  const t0 = performance.now();
  const response = await poolFor(baseUrl).request({
    method: 'GET',
    path: pathname,
    headers: cookie ? { cookie } : {},
  });
  const text = await response.body.text();
  const ms = performance.now() - t0;
  if (response.statusCode !== 200) {
    throw new Error(`GET ${pathname}: ${response.statusCode} ${text}`);
  }
  return { ms, body: JSON.parse(text) };
}

// --- the backend's own modules (TypeScript, loaded through tsx) for seeding ---

let modules = null;

/**
 * The backend's DB client, schema, seed builders, image storage and token signing, straight from
 * backend/src (so seeds use the same Drizzle schema and migrations as the server).
 */
export async function backendModules() {
  modules ??= (async () => {
    // tsx for the rest of this process (ESM and CommonJS, as `node --import tsx` in the backend
    // tests), with the backend's tsconfig for its `@/lib/contract/*` paths.
    process.env.TSX_TSCONFIG_PATH ??= path.join(root, 'backend/tsconfig.json');
    await import('tsx');
    const load = (file) => import(pathToFileURL(path.join(root, 'backend/src', file)).href);
    const [client, schema, builders, png, storage, accessToken, secret, drizzle] =
      await Promise.all([
        load('db/client.ts'),
        load('db/schema/index.ts'),
        load('seed/builders.ts'),
        load('seed/png.ts'),
        load('storage/local-image-storage.ts'),
        load('auth/access-token.ts'),
        load('auth/secret.ts'),
        import(requireBackend.resolve('drizzle-orm')),
      ]);
    return { client, schema, builders, png, storage, accessToken, secret, drizzle };
  })();
  return modules;
}

/**
 * Opens (and migrates) the database a backend will use: PostgreSQL at `databaseUrl`, else PGlite in
 * `dataDir/pglite`, exactly as the backend opens it. Close it before starting a PGlite backend.
 */
export async function openSeedDatabase({ databaseUrl, dataDir }) {
  const { client } = await backendModules();
  return client.openDatabase({ databaseUrl, dataDir });
}

/**
 * The `access_token=…` cookie of a member, signed as the backend signs its own (same claims, HS512
 * with JWT_SECRET), for members created directly in the database.
 */
export async function memberCookie(member, minutes = 60) {
  const { accessToken, secret } = await backendModules();
  const token = await accessToken.signAccessToken(
    secret.secretBytes(JWT_SECRET),
    { id: member.id, name: member.name, picture: member.picture ?? null },
    minutes,
  );
  return `access_token=${token}`;
}

// --- PostgreSQL (optional) ---

/** BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL, e.g. postgres://postgres@127.0.0.1:5432/postgres). */
export function postgresAdminUrl() {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
}

/** Whether a PostgreSQL answers at `url` (within 2 s). */
export async function postgresReachable(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates an empty database `eh_bench_<pid>[_tag]` on the server at `adminUrl`, runs `fn(url)`, drops it. */
export async function withDatabase(adminUrl, fn, tag = '') {
  const name = `eh_bench_${process.pid}${tag ? `_${tag}` : ''}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await fn(url.href);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

// --- figures ---

/** The p-th percentile (nearest rank) of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '—');

/** Prints rows (arrays of strings, the first the header) as left-aligned columns. */
export function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
}

/** A small deterministic PRNG (mulberry32): the same seed data on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// --- one run per database: PGlite always, PostgreSQL when configured and reachable ---

function redacted(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

/**
 * Calls `fn('pglite')`, then, when BENCH_DATABASE_URL / TEST_DATABASE_URL answers,
 * `fn('postgres', url)` on a fresh database there (dropped afterwards). Resolves to the results;
 * why PostgreSQL was skipped goes to `notes`.
 */
export async function forEachDatabase(tag, fn, notes) {
  const results = [await fn('pglite', undefined)];
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) {
    notes.push(
      'postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL, e.g. ' +
        'postgres://postgres@127.0.0.1:5432/postgres)',
    );
  } else if (!(await postgresReachable(adminUrl))) {
    notes.push(`postgres: skipped (${redacted(adminUrl)} not reachable)`);
  } else {
    results.push(await withDatabase(adminUrl, (url) => fn('postgres', url), tag));
  }
  return results;
}

/**
 * Seeds a fresh database with `seed(db, dataDir)` through the backend's own DB module (migrated
 * first), closes it, then starts the backend on it: PGlite in a fresh data dir, or `databaseUrl`.
 * Resolves to { backend, seeded, seedSeconds }; stop it with stopBackend.
 */
export async function seededBackend(name, databaseUrl, seed) {
  const dataDir = freshDataDir(name);
  const t0 = performance.now();
  let seeded;
  try {
    const database = await openSeedDatabase({ databaseUrl, dataDir });
    try {
      seeded = await seed(database.db, dataDir);
    } finally {
      await database.close();
    }
  } catch (error) {
    removeDataDir(dataDir);
    throw error;
  }
  const seedSeconds = (performance.now() - t0) / 1000;
  const backend = await startBackend(name, databaseUrl ? { DATABASE_URL: databaseUrl } : {}, {
    dataDir,
  });
  return { backend, seeded, seedSeconds };
}

/** Count, p50, p95, p99 and max of a list of timings (ms). */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1],
  };
}

/**
 * A whole bench on seeded databases (bench/month, bench/feed), under runBench. For each database
 * (forEachDatabase): a fresh one seeded with `seed(db, dataDir)` and the backend started on it
 * (seededBackend), then `measure({ kind, baseUrl, cookie, seeded })`, `cookie` being the signed
 * cookie of `seeded.member`. `report(results)` prints the figures, a result per database
 * `{ kind, seedSeconds, seeded, ...measured }`; the notes, what the times are and the run's seconds
 * follow.
 */
export function runSeededBench(tag, { seed, measure, report, deadlineMs }) {
  const started = Date.now();
  const runDatabase = async (kind, databaseUrl) => {
    const { backend, seeded, seedSeconds } = await seededBackend(
      `${tag}-${kind}`,
      databaseUrl,
      seed,
    );
    try {
      const cookie = await memberCookie(seeded.member);
      const measured = await measure({ kind, baseUrl: backend.baseUrl, cookie, seeded });
      return { kind, seedSeconds, seeded, ...measured };
    } finally {
      await stopBackend(backend);
    }
  };
  const main = async () => {
    ensureBuilt();
    const notes = [];
    report(await forEachDatabase(tag, runDatabase, notes));
    for (const note of notes) console.log(note);
    console.log(
      'times are HTTP round trips on loopback (client and backend share the machine; noisy when ' +
        'other work runs)',
    );
    console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
  };
  return runBench(main, { name: `bench/${tag}`, deadlineMs });
}
