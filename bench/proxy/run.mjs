#!/usr/bin/env node
// Benchmark: the BFF proxy (GET /api/bench → stub backend, 1 KB JSON) against an empty route handler
// (GET /healthz) on the same built Next server, in interleaved rounds of equal length.
// Budget: BFF req/s ≥ 0.9 × empty route handler req/s.
//
// It also prints the CPU time the Next server's main thread spends per request (Linux /proc): the
// event loop is what saturates, so the difference per request is the BFF's own cost, which the
// req/s ratio only shows through this machine's noise.
//
// nginx (`--nginx off` skips it): Debian's nginx running the deployer's
// deploy/nginx/everyhealth.conf (bench/lib/nginx-front.mjs) in front of the observability-off
// server, measured in the same rounds. It prints the median latency of the proxied call through
// nginx over direct (budget ≤ 1.10×, the median of each round's pair) and the BFF's main-thread
// CPU per request with nginx in front over direct (budget ≤ 1.10×, likewise), with nginx's own CPU
// per request and how many connections it opened to the app (kept alive: ≤ --connections).
// Medians are exact, from every response's time (autocannon's histogram has whole milliseconds).
//
// Observability: a second server of the same build runs with observabilityEnv (below):
// tracing on, exporting over OTLP to a local sink that accepts and discards (otlp-sink.mjs), and
// metrics on (METRICS_TOKEN), which the bench checks by scraping it at the end. Both
// servers are measured in the same interleaved rounds; the bench prints the BFF's main-thread CPU
// per request with observability on against off, over all rounds and as the median of each
// round's pair (budget, on the median: ≤ 1.10×), and what the sink received.
// `--observability off` skips the second server; `--observability-env "K=V,…"` adds variables to
// it (`TRACING_NEXT_SPANS=true`: Next's own spans too).
//
// Usage: node bench/proxy/run.mjs [--seconds 6] [--rounds 3] [--connections 32] [--dir <app dir>]
//        [--nginx on|off] [--observability on|off] [--observability-env K=V,…]
// Needs a production build (`npm run build`); runs its standalone server (scripts/app-server.mjs),
// or `next start` for a build without one. Stops every process it started, by PID.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';

import { benchAppServer } from '../lib/app-server.mjs';
import { connectionsTo, startNginxFront } from '../lib/nginx-front.mjs';
import { freePort, runMain, stopProcessGroup, waitForHttp } from '../lib/process.mjs';

const BUDGET = 0.9;
/** Main-thread CPU per BFF request, observability on over off (issue 17). */
const OBSERVABILITY_BUDGET = 1.1;
/**
 * nginx in front over direct (issue 24): the proxied call's median latency, and the BFF's
 * main-thread CPU per request.
 */
const NGINX_BUDGET = 1.1;

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
/** The checkout whose deploy/nginx/everyhealth.conf runs (the measured app may be elsewhere). */
const root = path.join(here, '..', '..');
const args = parseArgs(process.argv.slice(2));
const appDir = path.resolve(args.dir ?? root);
const seconds = Number(args.seconds ?? 6);
const rounds = Number(args.rounds ?? 3);
const connections = Number(args.connections ?? 32);
const warmupSeconds = Number(args.warmup ?? 2);
const withObservability = (args.observability ?? 'on') !== 'off';
const withNginx = (args.nginx ?? 'on') !== 'off';

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
/** nginx in front of the "off" server, once started (its files are removed after the run). */
let nginx;

/** Spawns a child in its own process group and remembers its PID. */
function start(command, argv, options) {
  const child = spawn(command, argv, { ...options, detached: true });
  children.push(child);
  return child;
}

/** Stops every child started here through its process group (with anything it forked). */
async function stopAll() {
  stopping = true;
  await Promise.all(children.map((child) => stopProcessGroup(child, 3000)));
  nginx?.remove();
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

/**
 * autocannon on `url` for `duration` s; the result gains `p50exact`, the median of the 2xx
 * responses' times in ms (autocannon's own percentiles are whole milliseconds, too coarse to tell
 * two medians of a few ms apart).
 */
async function load(url, duration) {
  const times = [];
  const instance = autocannon({ url, connections, duration, pipelining: 1 });
  instance.on('response', (client, status, bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await instance;
  result.p50exact = median(times);
  return result;
}

/** The median (the upper one of an even count), or NaN for none. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  if (!existsSync(path.join(appDir, '.next', 'BUILD_ID'))) {
    console.error(`No production build in ${appDir}/.next: run \`npm run build\` first.`);
    process.exit(1);
  }
  const stubPort = await startPortPrinter('stub-upstream.mjs');
  const backendUrl = `http://127.0.0.1:${stubPort}`;
  const sinkUrl = withObservability
    ? `http://127.0.0.1:${await startPortPrinter('otlp-sink.mjs')}`
    : undefined;

  // `--on-first`: start the observability server first (a second server measured a few per
  // cent dearer than the first here even with identical settings; swap to see that bias).
  const servers = {};
  if (sinkUrl && args['on-first']) {
    servers.on = await startNext(backendUrl, observabilityEnv(sinkUrl));
    servers.off = await startNext(backendUrl, {});
  } else {
    servers.off = await startNext(backendUrl, {});
    if (sinkUrl) servers.on = await startNext(backendUrl, observabilityEnv(sinkUrl));
  }
  if (withNginx) {
    nginx = await startNginxFront({ root, appUrl: servers.off.url, backendUrl, start });
    await checkBench(nginx.url, 'through nginx');
  }

  const targets = {};
  const fronts = Object.entries(servers).map(([mode, server]) => [mode, server, server.url]);
  // The nginx targets come right after the direct ones of the same server.
  if (nginx) fronts.splice(1, 0, ['nginx', servers.off, nginx.url]);
  for (const [mode, server, url] of fronts) {
    const suffix = { on: ' (obs. on) ', nginx: ' (nginx)   ' }[mode] ?? '';
    targets[`bff-${mode}`] = {
      label: `BFF   GET /api/bench${suffix}`,
      url: `${url}/api/bench`,
      server,
      nginx: mode === 'nginx',
      runs: [],
    };
    targets[`empty-${mode}`] = {
      label: `empty GET /healthz  ${suffix}`,
      url: `${url}/healthz`,
      server,
      nginx: mode === 'nginx',
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
  const appPort = Number(new URL(servers.off.url).port);
  for (let round = 0; round < rounds; round++) {
    // Reversed every other round so that no endpoint always runs on the warmer machine.
    const order = round % 2 === 0 ? keys : [...keys].reverse();
    for (const key of order) {
      const target = targets[key];
      const cpuBefore = mainThreadCpuSeconds(target.server.child.pid);
      const nginxBefore = target.nginx ? nginx.cpuSeconds() : undefined;
      // nginx's connections to the app (their local ports), sampled while it forwards.
      const upstreamPorts = new Set();
      const sampler =
        target.nginx &&
        setInterval(() => connectionsTo(appPort).forEach((p) => upstreamPorts.add(p)), 250);
      const result = await load(target.url, seconds);
      clearInterval(sampler);
      const cpuAfter = mainThreadCpuSeconds(target.server.child.pid);
      const nginxAfter = target.nginx ? nginx.cpuSeconds() : undefined;
      result.cpuSeconds = cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      result.nginxCpuSeconds = nginxAfter === undefined ? undefined : nginxAfter - nginxBefore;
      result.upstreamConnections = upstreamPorts.size;
      target.runs.push(result);
      const perRequest = (cpuSeconds) => fmt((cpuSeconds * 1e6) / result.requests.total);
      const cpu =
        result.cpuSeconds === undefined
          ? ''
          : `  main thread ${perRequest(result.cpuSeconds)} µs/req`;
      const nginxCpu =
        result.nginxCpuSeconds === undefined
          ? ''
          : `  nginx ${perRequest(result.nginxCpuSeconds)} µs/req`;
      console.log(
        `  round ${round + 1} ${target.label} ${fmt(result.requests.average)} req/s  p50 ${fmt(result.p50exact, 2)} ms  p99 ${result.latency.p99} ms${cpu}${nginxCpu}  non-2xx ${result.non2xx}  errors ${result.errors}`,
      );
    }
  }

  const summary = {};
  for (const [key, target] of Object.entries(targets)) {
    const total = target.runs.reduce((sum, r) => sum + r.requests.total, 0);
    const duration = target.runs.reduce((sum, r) => sum + r.duration, 0);
    summary[key] = {
      rps: total / duration,
      p50: median(target.runs.map((r) => r.p50exact)),
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
      `${targets[key].label}  ${fmt(s.rps).padStart(8)}  ${fmt(s.p50, 2).padStart(7)}  ${String(s.p99).padStart(7)}  ${cpu.padStart(8)}`,
    );
  }
  for (const [mode] of fronts) {
    const bff = summary[`bff-${mode}`].cpuPerRequest;
    const empty = summary[`empty-${mode}`].cpuPerRequest;
    if (bff !== undefined && empty !== undefined) {
      const which =
        {
          on: 'with observability on',
          nginx: 'nginx in front, observability off',
        }[mode] ?? 'observability off';
      console.log(
        `the BFF's own cost (${which}): ${fmt(bff - empty)} µs of main-thread CPU per request`,
      );
    }
  }
  const bad = Object.values(summary).reduce((sum, s) => sum + s.bad, 0);
  const pass = ratio >= BUDGET && bad === 0;
  console.log(`ratio BFF/empty: ${fmt(ratio, 3)}  (budget ≥ ${BUDGET})  ${pass ? 'PASS' : 'MISS'}`);

  const nginxPass = nginx ? reportNginx(targets, summary) : true;

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
  return pass && nginxPass && observabilityPass;
}

/**
 * Prints nginx in front against direct: the median latency of the proxied call and the BFF's
 * main-thread CPU per request, each as the median of the rounds' pairs (each round measures both
 * back to back, so a round that other work disturbed counts once), against NGINX_BUDGET; nginx's
 * own CPU per request; the connections it opened to the app. Returns whether both are in budget.
 */
function reportNginx(targets, summary) {
  const paired = (key, value) =>
    median(
      targets[`${key}-nginx`].runs.map(
        (run, round) => value(run) / value(targets[`${key}-off`].runs[round]),
      ),
    );
  const cpuPerRequest = (run) => run.cpuSeconds / run.requests.total;
  const latency = paired('bff', (run) => run.p50exact);
  const emptyLatency = paired('empty', (run) => run.p50exact);
  const cpu = paired('bff', cpuPerRequest);
  const latencyPass = latency <= NGINX_BUDGET;
  const cpuPass = Number.isNaN(cpu) || cpu <= NGINX_BUDGET;
  console.log(
    `nginx in front / direct, BFF median latency: ${fmt(summary['bff-nginx'].p50, 2)} / ${fmt(summary['bff-off'].p50, 2)} ms; per round ${targets['bff-nginx'].runs.map((run, round) => fmt(run.p50exact / targets['bff-off'].runs[round].p50exact, 2)).join(', ')}, median ${fmt(latency, 3)}  (budget ≤ ${NGINX_BUDGET})  ${latencyPass ? 'PASS' : 'MISS'}`,
  );
  console.log(
    `nginx in front / direct, empty route median latency: ${fmt(summary['empty-nginx'].p50, 2)} / ${fmt(summary['empty-off'].p50, 2)} ms, median of the rounds' pairs ${fmt(emptyLatency, 3)}`,
  );
  if (!Number.isNaN(cpu)) {
    console.log(
      `nginx in front / direct, BFF main-thread CPU per request: ${fmt(summary['bff-nginx'].cpuPerRequest)} / ${fmt(summary['bff-off'].cpuPerRequest)} µs, median of the rounds' pairs ${fmt(cpu, 3)}  (budget ≤ ${NGINX_BUDGET})  ${cpuPass ? 'PASS' : 'MISS'}`,
    );
  }
  const runs = [...targets['bff-nginx'].runs, ...targets['empty-nginx'].runs];
  if (runs.every((run) => run.nginxCpuSeconds !== undefined)) {
    const requests = runs.reduce((sum, run) => sum + run.requests.total, 0);
    const seconds = runs.reduce((sum, run) => sum + run.nginxCpuSeconds, 0);
    console.log(
      `nginx's own CPU (master and worker): ${fmt((seconds * 1e6) / requests)} µs per request; connections it opened to the app per run ${runs.map((run) => run.upstreamConnections).join(', ')} (${connections} concurrent requests: kept alive when at most as many)`,
    );
  }
  return latencyPass && cpuPass;
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

/** The build's app server in front of `backendUrl`, with `extraEnv` added. */
async function startNext(backendUrl, extraEnv) {
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
  const [command, argv, serverEnv] = benchAppServer(appDir, '.next', { port, host: '127.0.0.1' });
  const child = start(command, argv, {
    cwd: appDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, ...serverEnv },
  });
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`the app server exited early (${code ?? signal})`);
  });
  await waitForHttp(`${url}/healthz`, 30_000, { child });
  await checkBench(url, '');
  return { url, child };
}

/** Throws unless GET /api/bench at `url` answers 200 with the stub's 1 KB. */
async function checkBench(url, how) {
  const check = await fetch(`${url}/api/bench`);
  const body = await check.text();
  if (check.status !== 200 || body.length < 1000) {
    throw new Error(
      `GET /api/bench through the BFF${how ? ` ${how}` : ''} answered ${check.status} (${body.length} bytes)`,
    );
  }
}

runMain(main, { cleanup: stopAll });
