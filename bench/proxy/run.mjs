#!/usr/bin/env node
// Benchmark: the BFF proxy (GET /api/bench → stub backend, 1 KB JSON) against an empty route handler
// (GET /healthz) on the same built Next server, in interleaved rounds of equal length.
// Budget (architecture.md): BFF req/s ≥ 0.9 × empty route handler req/s.
//
// It also prints the CPU time the Next server's main thread spends per request (Linux /proc): the
// event loop is what saturates, so the difference per request is the BFF's own cost, which the
// req/s ratio only shows through this machine's noise.
//
// Observability: a second `next start` of the same build runs with observabilityEnv (below):
// tracing on, exporting over OTLP to a local sink that accepts and discards (otlp-sink.mjs), and
// metrics on (METRICS_TOKEN), which the bench checks by scraping it at the end. Both
// servers are measured in the same interleaved rounds; the bench prints the BFF's main-thread CPU
// per request with observability on against off, over all rounds and as the median of each
// round's pair (budget, on the median: ≤ 1.10×), and what the sink received.
// `--observability off` skips the second server; `--observability-env "K=V,…"` adds variables to
// it (`TRACING_NEXT_SPANS=true`: Next's own spans too).
//
// Usage: node bench/proxy/run.mjs [--seconds 6] [--rounds 3] [--connections 32] [--dir <app dir>]
//        [--observability on|off] [--observability-env K=V,…]
// Needs a production build (`npm run build`). Stops every process it started, by PID.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

import { freePort, runMain, stopProcessGroup, waitForHttp } from '../lib/process.mjs';

const BUDGET = 0.9;
/** Main-thread CPU per BFF request, observability on over off (issue 17). */
const OBSERVABILITY_BUDGET = 1.1;

/** The "on" server's scrape token: with it the BFF records its Prometheus series. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * What "observability on" adds to the app's environment. Tracing: an OTLP endpoint (instrumentation.ts
 * starts OpenTelemetry only when one is set). Metrics: METRICS_TOKEN (lib/metrics records only when
 * it is set, since nothing could read the series otherwise).
 */
function observabilityEnv(sinkUrl) {
  const extra = Object.fromEntries(
    (args['observability-env'] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return { OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl, METRICS_TOKEN, ...extra };
}
const here = path.dirname(fileURLToPath(import.meta.url));
const args = parseArgs(process.argv.slice(2));
const appDir = path.resolve(args.dir ?? path.join(here, '..', '..'));
const seconds = Number(args.seconds ?? 6);
const rounds = Number(args.rounds ?? 3);
const connections = Number(args.connections ?? 32);
const warmupSeconds = Number(args.warmup ?? 2);
const withObservability = (args.observability ?? 'on') !== 'off';

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

  const stubPort = await startPortPrinter('stub-upstream.mjs');
  const backendUrl = `http://127.0.0.1:${stubPort}`;
  const sinkUrl = withObservability
    ? `http://127.0.0.1:${await startPortPrinter('otlp-sink.mjs')}`
    : undefined;

  // `--on-first`: start the observability server first (a second `next start` measured a few per
  // cent dearer than the first here even with identical settings; swap to see that bias).
  const servers = {};
  if (sinkUrl && args['on-first']) {
    servers.on = await startNext(bin, backendUrl, observabilityEnv(sinkUrl));
    servers.off = await startNext(bin, backendUrl, {});
  } else {
    servers.off = await startNext(bin, backendUrl, {});
    if (sinkUrl) servers.on = await startNext(bin, backendUrl, observabilityEnv(sinkUrl));
  }

  const targets = {};
  for (const [mode, server] of Object.entries(servers)) {
    const suffix = mode === 'on' ? ' (obs. on) ' : '';
    targets[`bff-${mode}`] = {
      label: `BFF   GET /api/bench${suffix}`,
      url: `${server.url}/api/bench`,
      server,
      runs: [],
    };
    targets[`empty-${mode}`] = {
      label: `empty GET /healthz  ${suffix}`,
      url: `${server.url}/healthz`,
      server,
      runs: [],
    };
  }
  const width = Math.max(...Object.values(targets).map((t) => t.label.length));
  for (const target of Object.values(targets)) target.label = target.label.padEnd(width);

  console.log(
    `warm-up ${warmupSeconds}s each, then ${rounds} interleaved rounds of ${seconds}s per endpoint, ${connections} connections`,
  );
  for (const target of Object.values(targets)) await load(target.url, warmupSeconds);

  const keys = Object.keys(targets);
  for (let round = 0; round < rounds; round++) {
    // Reversed every other round so that no endpoint always runs on the warmer machine.
    const order = round % 2 === 0 ? keys : [...keys].reverse();
    for (const key of order) {
      const target = targets[key];
      const cpuBefore = mainThreadCpuSeconds(target.server.child.pid);
      const result = await load(target.url, seconds);
      const cpuAfter = mainThreadCpuSeconds(target.server.child.pid);
      result.cpuSeconds = cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      target.runs.push(result);
      const cpu =
        result.cpuSeconds === undefined
          ? ''
          : `  main thread ${fmt((result.cpuSeconds * 1e6) / result.requests.total)} µs/req`;
      console.log(
        `  round ${round + 1} ${target.label} ${fmt(result.requests.average)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${cpu}  non-2xx ${result.non2xx}  errors ${result.errors}`,
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
  const ratio = summary['bff-off'].rps / summary['empty-off'].rps;
  console.log('');
  console.log(`${'endpoint'.padEnd(width)}     req/s   p50 ms   p99 ms   main-thread µs/req`);
  for (const key of keys) {
    const s = summary[key];
    const cpu = s.cpuPerRequest === undefined ? 'n/a' : fmt(s.cpuPerRequest);
    console.log(
      `${targets[key].label}  ${fmt(s.rps).padStart(8)}  ${String(s.p50).padStart(7)}  ${String(s.p99).padStart(7)}  ${cpu.padStart(8)}`,
    );
  }
  for (const mode of Object.keys(servers)) {
    const bff = summary[`bff-${mode}`].cpuPerRequest;
    const empty = summary[`empty-${mode}`].cpuPerRequest;
    if (bff !== undefined && empty !== undefined) {
      const which = mode === 'on' ? 'with observability on' : 'observability off';
      console.log(
        `the BFF's own cost (${which}): ${fmt(bff - empty)} µs of main-thread CPU per request`,
      );
    }
  }
  const bad = Object.values(summary).reduce((sum, s) => sum + s.bad, 0);
  const pass = ratio >= BUDGET && bad === 0;
  console.log(`ratio BFF/empty: ${fmt(ratio, 3)}  (budget ≥ ${BUDGET})  ${pass ? 'PASS' : 'MISS'}`);

  let observabilityPass = true;
  if (servers.on) {
    const on = summary['bff-on'].cpuPerRequest;
    const off = summary['bff-off'].cpuPerRequest;
    const sink = await (await fetch(`${sinkUrl}/stats`)).json();
    const counted = await countedRequests(servers.on.url);
    if (on !== undefined && off !== undefined) {
      // Each round measures both servers back to back: the median of those paired ratios shrugs
      // off a round that other work on the machine disturbed, which the totals do not.
      const perRound = targets['bff-on'].runs.map((run, round) => {
        const offRun = targets['bff-off'].runs[round];
        return run.cpuSeconds / run.requests.total / (offRun.cpuSeconds / offRun.requests.total);
      });
      const medianRatio = [...perRound].sort((a, b) => a - b)[Math.floor(perRound.length / 2)];
      observabilityPass = medianRatio <= OBSERVABILITY_BUDGET && sink.posts > 0 && counted > 0;
      console.log(
        `observability on/off, BFF main-thread CPU per request: ${fmt(on)} / ${fmt(off)} µs = ${fmt(on / off, 3)} over all rounds; per round ${perRound.map((r) => fmt(r, 2)).join(', ')}, median ${fmt(medianRatio, 3)}  (budget ≤ ${OBSERVABILITY_BUDGET})  ${observabilityPass ? 'PASS' : 'MISS'}`,
      );
    }
    const services = Object.entries(sink.services)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(
      `OTLP sink: ${sink.posts} exports, ${fmt(sink.bytes / 1024)} KiB (${Object.entries(sink.paths)
        .map(([p, n]) => `${p} ${n}`)
        .join(', ')}; ${services || 'no service named'})`,
    );
    if (sink.posts === 0) console.log('no span reached the OTLP sink: tracing did not start');
    console.log(
      `metrics: the "on" server's /metrics counts ${counted} BFF requests${counted > 0 ? '' : ': metrics did not record'}`,
    );
  }
  if (bad) {
    console.log(
      `failed requests: ${keys.map((key) => `${targets[key].label.trim()} ${summary[key].bad}`).join(', ')}`,
    );
  }
  return pass && observabilityPass;
}

/** The BFF requests the server's `GET /metrics` has counted (http_requests_total, every label). */
async function countedRequests(url) {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) return 0;
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('http_requests_total{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

/** Starts one of this folder's helper servers (a child process) and resolves with its port. */
async function startPortPrinter(file) {
  const child = start(process.execPath, [path.join(here, file)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
  });
}

/** `next start` of the build in front of `backendUrl`, with `extraEnv` added. */
async function startNext(bin, backendUrl, extraEnv) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    BACKEND_URL: backendUrl,
    PUBLIC_URL: url,
    ...extraEnv,
  };
  // The "off" server must not inherit a tracing endpoint or a metrics token from the shell.
  if (!extraEnv.OTEL_EXPORTER_OTLP_ENDPOINT) {
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  }
  if (!extraEnv.METRICS_TOKEN) delete env.METRICS_TOKEN;
  const child = start(bin, ['start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: appDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`next start exited early (${code ?? signal})`);
  });
  await waitForHttp(`${url}/healthz`, 30_000, { child });
  const check = await fetch(`${url}/api/bench`);
  const checkBody = await check.text();
  if (check.status !== 200 || checkBody.length < 1000) {
    throw new Error(
      `GET /api/bench through the BFF answered ${check.status} (${checkBody.length} bytes)`,
    );
  }
  return { url, child };
}

runMain(main, { cleanup: stopAll });
