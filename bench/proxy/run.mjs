#!/usr/bin/env node
// Benchmark: the BFF proxy (GET /api/bench → stub backend, 1 KB JSON) against an empty route handler
// (GET /healthz) on the same built Next server, in interleaved rounds of equal length.
// Budget (architecture.md): BFF req/s ≥ 0.9 × empty route handler req/s.
//
// It also prints the CPU time the Next server's main thread spends per request (Linux /proc): the
// event loop is what saturates, so the difference per request is the BFF's own cost, which the
// req/s ratio only shows through this machine's noise.
//
// Usage: node bench/proxy/run.mjs [--seconds 6] [--rounds 3] [--connections 32] [--dir <app dir>]
// Needs a production build (`npm run build`). Stops every process it started, by PID.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

import { freePort, runMain, stopProcessGroup, waitForHttp } from '../lib/process.mjs';

const BUDGET = 0.9;
const here = path.dirname(fileURLToPath(import.meta.url));
const args = parseArgs(process.argv.slice(2));
const appDir = path.resolve(args.dir ?? path.join(here, '..', '..'));
const seconds = Number(args.seconds ?? 6);
const rounds = Number(args.rounds ?? 3);
const connections = Number(args.connections ?? 32);
const warmupSeconds = Number(args.warmup ?? 2);

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--'))
      out[argv[i].slice(2)] = argv[i + 1]?.startsWith('--') ? 'true' : argv[++i];
  }
  return out;
}

const children = [];
let stopping = false;

/** Spawns a child in its own process group and remembers its PID. */
function start(command, argv, options) {
  const child = spawn(command, argv, { ...options, detached: true });
  children.push(child);
  return child;
}

/** Stops every child started here through its process group: next start and anything it forked. */
async function stopAll() {
  stopping = true;
  await Promise.all(children.map((child) => stopProcessGroup(child, 3000)));
}

/**
 * CPU seconds (user + system) the main thread of `pid` has used so far, or undefined where /proc
 * cannot tell (not Linux).
 */
function mainThreadCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
  } catch {
    return undefined;
  }
}

function load(url, duration) {
  return autocannon({ url, connections, duration, pipelining: 1 });
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  if (!existsSync(path.join(appDir, '.next', 'BUILD_ID'))) {
    console.error(`No production build in ${appDir}/.next: run \`npm run build\` first.`);
    process.exit(1);
  }
  const nextBin = path.join(appDir, 'node_modules', '.bin', 'next');
  const bin = existsSync(nextBin)
    ? nextBin
    : path.join(here, '..', '..', 'node_modules', '.bin', 'next');

  const stub = start(process.execPath, [path.join(here, 'stub-upstream.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stubPort = await new Promise((resolve, reject) => {
    stub.once('exit', (code) => reject(new Error(`stub exited (${code})`)));
    stub.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
  });

  const port = await freePort();
  const app = `http://127.0.0.1:${port}`;
  const next = start(bin, ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: appDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      BACKEND_URL: `http://127.0.0.1:${stubPort}`,
      PUBLIC_URL: app,
    },
  });
  next.once('exit', (code, signal) => {
    if (!stopping) console.error(`next start exited early (${code ?? signal})`);
  });
  await waitForHttp(`${app}/healthz`, 30_000);
  const check = await fetch(`${app}/api/bench`);
  const checkBody = await check.text();
  if (check.status !== 200 || checkBody.length < 1000) {
    throw new Error(
      `GET /api/bench through the BFF answered ${check.status} (${checkBody.length} bytes)`,
    );
  }

  const targets = {
    bff: { label: 'BFF   GET /api/bench', url: `${app}/api/bench`, runs: [] },
    empty: { label: 'empty GET /healthz  ', url: `${app}/healthz`, runs: [] },
  };

  console.log(
    `warm-up ${warmupSeconds}s each, then ${rounds} interleaved rounds of ${seconds}s per endpoint, ${connections} connections`,
  );
  await load(targets.empty.url, warmupSeconds);
  await load(targets.bff.url, warmupSeconds);

  for (let round = 0; round < rounds; round++) {
    // ABBA order so neither endpoint always runs on the warmer machine.
    const order = round % 2 === 0 ? ['empty', 'bff'] : ['bff', 'empty'];
    for (const key of order) {
      const cpuBefore = mainThreadCpuSeconds(next.pid);
      const result = await load(targets[key].url, seconds);
      const cpuAfter = mainThreadCpuSeconds(next.pid);
      result.cpuSeconds = cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      targets[key].runs.push(result);
      const cpu =
        result.cpuSeconds === undefined
          ? ''
          : `  main thread ${fmt((result.cpuSeconds * 1e6) / result.requests.total)} µs/req`;
      console.log(
        `  round ${round + 1} ${targets[key].label} ${fmt(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${cpu}  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
  }

  const summary = {};
  for (const [key, target] of Object.entries(targets)) {
    const total = target.runs.reduce((sum, r) => sum + r.requests.total, 0);
    const duration = target.runs.reduce((sum, r) => sum + r.duration, 0);
    const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    summary[key] = {
      rps: total / duration,
      p50: median(target.runs.map((r) => r.latency.p50)),
      p99: median(target.runs.map((r) => r.latency.p99)),
      bad: target.runs.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
      cpuPerRequest: target.runs.some((r) => r.cpuSeconds === undefined)
        ? undefined
        : (target.runs.reduce((sum, r) => sum + r.cpuSeconds, 0) * 1e6) / total,
    };
  }
  const ratio = summary.bff.rps / summary.empty.rps;
  console.log('');
  console.log('endpoint               req/s      p50 ms   p99 ms   main-thread µs/req');
  for (const key of ['bff', 'empty']) {
    const s = summary[key];
    const cpu = s.cpuPerRequest === undefined ? 'n/a' : fmt(s.cpuPerRequest);
    console.log(
      `${targets[key].label}  ${fmt(s.rps).padStart(8)}  ${String(s.p50).padStart(7)}  ${String(s.p99).padStart(7)}  ${cpu.padStart(8)}`,
    );
  }
  if (summary.bff.cpuPerRequest !== undefined && summary.empty.cpuPerRequest !== undefined) {
    console.log(
      `the BFF's own cost: ${fmt(summary.bff.cpuPerRequest - summary.empty.cpuPerRequest)} µs of main-thread CPU per request`,
    );
  }
  const pass = ratio >= BUDGET && summary.bff.bad === 0 && summary.empty.bad === 0;
  console.log(`ratio BFF/empty: ${fmt(ratio, 3)}  (budget ≥ ${BUDGET})  ${pass ? 'PASS' : 'MISS'}`);
  if (summary.bff.bad || summary.empty.bad)
    console.log(`failed requests: BFF ${summary.bff.bad}, empty ${summary.empty.bad}`);
  return pass;
}

runMain(main, { cleanup: stopAll });
