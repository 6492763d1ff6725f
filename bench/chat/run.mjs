// Chat fan-out benchmark: N SockJS/STOMP clients in one room, each publishing a few messages;
// p50/p99 publish→delivery latency over all receivers and messages, and messages lost.
// In-process (one backend on PGlite) and, when Redis and PostgreSQL are reachable, two backends
// sharing PostgreSQL and fanning out through Redis. Budget (architecture.md): p99 ≤ 50 ms at 200,
// nothing lost. Usage: node bench/chat/run.mjs   (env: REDIS_URL / TEST_REDIS_URL,
// BENCH_DATABASE_URL / TEST_DATABASE_URL, BENCH_SIZES=50,200, BENCH_MESSAGES=3, BENCH_RATE=50)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect as netConnect, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client } from '@stomp/stompjs';
import SockJS from 'sockjs-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireBackend = createRequire(path.join(root, 'backend/package.json'));
const pg = requireBackend('pg');

const SIZES = (process.env.BENCH_SIZES ?? '50,200').split(',').map(Number);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 3);
/** Publishes per second into the room (all clients together); sends are spread at random. */
const RATE = Number(process.env.BENCH_RATE ?? 50);
/** A delivery later than this after the last publish counts as lost. */
const GRACE_MS = 5000;
const BUDGET_P99_MS = 50;
const BUDGET_SIZE = 200;
const DEADLINE_MS = 85_000;
const JWT_SECRET = Buffer.alloc(64, 42).toString('base64');
const started = Date.now();
const children = [];

const watchdog = setTimeout(() => {
  console.error(`bench: over ${DEADLINE_MS / 1000} s, stopping`);
  stopAll().finally(() => process.exit(2));
}, DEADLINE_MS);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuilt() {
  const dist = path.join(root, 'backend/dist/main.js');
  const sources = Math.max(
    newestMtime(path.join(root, 'backend/src')),
    newestMtime(path.join(root, 'lib/contract')),
  );
  if (existsSync(dist) && statSync(dist).mtimeMs >= sources) return;
  console.log('building the backend (npm run build -w backend)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'backend'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('backend build failed');
}

async function startBackend(name, env) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, '.data', `bench-${process.pid}-${name}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const entry = { child, dataDir, baseUrl };
  children.push(entry);
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return entry;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${name} did not start`);
}

async function stopBackend(entry) {
  const { child } = entry;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(child.pid, 'SIGTERM');
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
  }
  rmSync(entry.dataDir, { recursive: true, force: true });
  children.splice(children.indexOf(entry), 1);
}

async function stopAll() {
  for (const entry of [...children]) await stopBackend(entry).catch(() => undefined);
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

async function signIn(baseUrl, email, name) {
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

async function pool(items, concurrency, fn) {
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

async function api(baseUrl, cookie, method, pathname, body) {
  const response = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${text}`);
  return text ? (text.startsWith('[') || text.startsWith('{') ? JSON.parse(text) : text) : null;
}

/** Signs `count` members in and puts them in one club; returns cookies and the room id. */
async function prepareRoom(baseUrl, count, tag) {
  const cookies = await pool(
    Array.from({ length: count }, (_, i) => i),
    8,
    (i) => signIn(baseUrl, `bench${i}-${tag}@everyhealth.test`, `벤치${i}`),
  );
  const form = {
    title: `벤치 ${tag}`,
    content: '부하 측정',
    location: 'loopback',
    schedule: '지금',
    highlight: 'p99',
  };
  await api(baseUrl, cookies[0], 'POST', '/api/club', form);
  const [club] = await api(baseUrl, cookies[0], 'GET', '/api/clubs?isMyClubs=1');
  await pool(cookies.slice(1), 8, (cookie) =>
    api(baseUrl, cookie, 'POST', `/api/club/${club.id}/join`),
  );
  return { cookies, roomId: club.chatRoomId };
}

function connectClient(baseUrl, cookie, roomId, onMessage) {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () =>
        new SockJS(`${baseUrl}/chat`, null, {
          transports: ['websocket'],
          transportOptions: { websocket: { headers: { cookie } } },
        }),
      reconnectDelay: 0,
      heartbeatIncoming: 4000,
      heartbeatOutgoing: 4000,
      debug: () => undefined,
    });
    client.onConnect = () => {
      client.watchForReceipt('sub', () => resolve(client));
      client.subscribe(`/topic/public/rooms/${roomId}`, onMessage, { receipt: 'sub' });
    };
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketClose = () => reject(new Error('closed'));
    client.activate();
  });
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One run: `size` clients (spread over `baseUrls`), each publishing MESSAGES messages. */
async function runRoom(mode, baseUrls, prepared, size, pids) {
  const cookies = prepared.cookies.slice(0, size);
  const sentAt = new Map();
  const latencies = [];
  const seen = new Set();
  let duplicates = 0;
  const clients = await pool(cookies, 16, (cookie, i) =>
    connectClient(baseUrls[i % baseUrls.length], cookie, prepared.roomId, (frame) => {
      const now = performance.now();
      const text = JSON.parse(frame.body).body.message;
      const at = sentAt.get(text);
      if (at === undefined) return; // an earlier run's message
      const key = `${i}|${text}`;
      if (seen.has(key)) duplicates += 1;
      else {
        seen.add(key);
        latencies.push(now - at);
      }
    }),
  );
  // Pace the publishes: every client sends MESSAGES messages, RATE per second in the room.
  const total = size * MESSAGES;
  const window = Math.max(1000, (total / RATE) * 1000);
  const sends = [];
  for (let c = 0; c < size; c += 1) {
    for (let m = 0; m < MESSAGES; m += 1) sends.push({ c, m, at: Math.random() * window });
  }
  sends.sort((a, b) => a.at - b.at);
  const serverCpu0 = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const clientCpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const send of sends) {
    const wait = t0 + send.at - performance.now();
    if (wait > 1) await sleep(wait);
    const text = `${mode}-${size}-${send.c}-${send.m}`;
    sentAt.set(text, performance.now());
    clients[send.c].publish({
      destination: `/app/chat/rooms/${prepared.roomId}/send`,
      body: JSON.stringify(text),
    });
  }
  const expected = total * size;
  const until = performance.now() + GRACE_MS;
  while (seen.size < expected && performance.now() < until) await sleep(20);
  const serverCpu = pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - serverCpu0;
  const clientUsage = process.cpuUsage(clientCpu0);
  const wall = (performance.now() - t0) / 1000;
  await Promise.all(clients.map((client) => client.deactivate().catch(() => undefined)));
  latencies.sort((a, b) => a - b);
  return {
    mode,
    size,
    messages: total,
    deliveries: seen.size,
    lost: expected - seen.size,
    duplicates,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    wall,
    serverCpu,
    clientCpu: (clientUsage.user + clientUsage.system) / 1e6,
  };
}

function redisReachable(url) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = netConnect({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function withDatabase(adminUrl, fn) {
  const name = `eh_bench_${process.pid}`;
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

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main() {
  ensureBuilt();
  const results = [];
  const notes = [];
  const largest = Math.max(...SIZES);

  const single = await startBackend('in-process', {});
  try {
    const prepared = await prepareRoom(single.baseUrl, largest, 'local');
    for (const size of SIZES) {
      results.push(
        await runRoom('in-process', [single.baseUrl], prepared, size, [single.child.pid]),
      );
    }
  } finally {
    await stopBackend(single);
  }

  const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!(await redisReachable(redisUrl))) {
    notes.push(`redis: skipped (${redisUrl} not reachable)`);
  } else if (!databaseUrl) {
    notes.push('redis: skipped (two instances need a shared PostgreSQL: set TEST_DATABASE_URL)');
  } else {
    await withDatabase(databaseUrl, async (url) => {
      const a = await startBackend('redis-a', { REDIS_URL: redisUrl, DATABASE_URL: url });
      const b = await startBackend('redis-b', { REDIS_URL: redisUrl, DATABASE_URL: url });
      try {
        const prepared = await prepareRoom(a.baseUrl, largest, 'redis');
        for (const size of SIZES) {
          results.push(
            await runRoom('redis ×2', [a.baseUrl, b.baseUrl], prepared, size, [
              a.child.pid,
              b.child.pid,
            ]),
          );
        }
      } finally {
        await stopBackend(b);
        await stopBackend(a);
      }
    });
  }

  console.log(
    `\nchat fan-out: ${MESSAGES} messages per client, ${RATE} publishes/s in the room; ` +
      `lost = not delivered ${GRACE_MS / 1000} s after the last publish; ` +
      `budget p99 ≤ ${BUDGET_P99_MS} ms at ${BUDGET_SIZE}, nothing lost`,
  );
  const rows = [
    [
      'mode',
      'clients',
      'messages',
      'deliveries',
      'lost',
      'dup',
      'p50 ms',
      'p99 ms',
      'max ms',
      'wall s',
      'server cpu s',
      'client cpu s',
      'verdict',
    ],
    ...results.map((r) => [
      r.mode,
      String(r.size),
      String(r.messages),
      String(r.deliveries),
      String(r.lost),
      String(r.duplicates),
      fmt(r.p50),
      fmt(r.p99),
      fmt(r.max),
      fmt(r.wall),
      fmt(r.serverCpu),
      fmt(r.clientCpu),
      r.lost > 0 || r.duplicates > 0
        ? 'MISS'
        : r.size >= BUDGET_SIZE
          ? r.p99 <= BUDGET_P99_MS
            ? 'PASS'
            : 'MISS'
          : 'ok',
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  for (const note of notes) console.log(note);
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopAll();
    clearTimeout(watchdog);
    process.exit();
  });
