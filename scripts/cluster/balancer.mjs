/**
 * The scale-out rehearsal's load balancer (scripts/cluster.mjs runs two: one in front of the Next
 * instances, one in front of the backends). The proxying itself is http-proxy-3 (a maintained fork
 * of node-http-proxy): HTTP, WebSocket upgrades and streamed responses (server-sent events pass
 * through as they come). Around it, what a load balancer adds:
 *
 * - round robin over the healthy targets;
 * - active health checks (`GET /healthz` every second): a target that refuses the connection
 *   leaves the rotation at once, one that fails otherwise (timeout, 5xx) after three checks in a
 *   row; one good answer brings it back;
 * - passive checks: a refused connection while proxying takes the target out at once too;
 * - a retry on another target when the connection was refused (nothing reached the target, so
 *   even a write is safe to send again), or was reset before an answer on an idempotent request;
 *   for that, small bodies are read whole first (REPLAY_LIMIT); uploads stream and are not retried;
 * - affinity, when `affinityKey` names one: requests with the same key go to the same healthy
 *   target (SockJS sessions, the development sign-in);
 * - rehearsal aids: a pin cookie that sends a browser to one target while it is healthy, a
 *   response header naming the target that answered, and a status page (`/__cluster`).
 *
 * `X-Forwarded-For/-Port/-Proto` are appended and `X-Forwarded-Host` is kept when the client sent
 * one (else set from Host); Host itself is passed unchanged (the app checks it against
 * PUBLIC_URL).
 */
import http from 'node:http';
import { Readable } from 'node:stream';

import { createProxyServer } from 'http-proxy-3';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/**
 * Bodies up to this size (with a Content-Length: the backend's JSON limit) are read whole before
 * they are sent, so that a refused connection can be retried elsewhere; larger ones (uploads) and
 * chunked ones stream through and are never retried.
 */
const REPLAY_LIMIT = 1024 * 1024;
const FORWARDED = ['x-forwarded-for', 'x-forwarded-port', 'x-forwarded-proto', 'x-forwarded-host'];
/** Consecutive failed checks (other than a refused connection) that take a target out. */
const FAILURES_TO_LEAVE = 3;

/** FNV-1a: a small stable hash for affinity keys. */
function hash(text) {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The value of cookie `name` in a Cookie header, or null. */
export function cookieValue(header, name) {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** True when the request's body (if any) is small enough to be kept for a retry. */
function replayable(req) {
  if (req.headers['transfer-encoding'] !== undefined) return false;
  const length = req.headers['content-length'];
  return length === undefined || Number(length) <= REPLAY_LIMIT;
}

/**
 * A balancer over `targets` (`[{ name, url }]`). Call `start()` for the first health check round
 * and the periodic checks, `listen(port, hosts)` to serve, `close()` to stop.
 *
 * @param {object} options
 * @param {string} options.name the balancer's name in logs and on its status page
 * @param {{ name: string, url: string }[]} options.targets
 * @param {string} options.upstreamHeader response header naming the target that answered
 * @param {string} [options.pinCookie] cookie whose value (`2` or the target's name) pins a client
 * @param {(req: import('node:http').IncomingMessage) => string | null} [options.affinityKey]
 * @param {string} [options.healthPath]
 * @param {number} [options.healthIntervalMs]
 * @param {() => unknown} [options.describe] more to show on the status page
 * @param {boolean} [options.accessLog] one log line per proxied request
 * @param {(line: string) => void} [options.log]
 */
export function createBalancer(options) {
  const {
    name,
    upstreamHeader,
    pinCookie,
    affinityKey,
    healthPath = '/healthz',
    healthIntervalMs = 1000,
    describe,
    accessLog = false,
    log = (line) => process.stdout.write(`[balancer:${name}] ${line}\n`),
  } = options;
  const targets = options.targets.map((target) => ({
    name: target.name,
    url: new URL(target.url),
    healthy: false,
    failures: 0,
    checking: false,
    since: Date.now(),
    lastError: null,
    served: 0,
    open: 0,
  }));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const proxy = createProxyServer({ xfwd: true, agent });
  let rotation = 0;
  let timer = null;
  let closed = false;
  const servers = [];
  /** Upgraded client sockets: the HTTP servers stop tracking them, so `close` ends them here. */
  const upgraded = new Set();

  // Errors without a callback (client sockets of upgrades) end up here; never let one throw.
  proxy.on('error', (error, req) => {
    log(`error on ${req?.method ?? '?'} ${req?.url ?? '?'}: ${error.code ?? error.message}`);
  });
  // An answer cut short upstream (the instance died mid-response) is cut short here too, rather
  // than left open: the client sees the failure and retries.
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    proxyRes.on('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
  });
  // The 101 of a WebSocket upgrade carries the upstream header too: this listener runs before the
  // library's own, which writes the upstream's headers to the client.
  proxy.on('proxyReqWs', (proxyReq, req) => {
    proxyReq.on('upgrade', (proxyRes) => {
      proxyRes.headers[upstreamHeader] = req.clusterTarget?.name ?? '';
    });
  });

  function setHealth(target, healthy, reason) {
    if (closed || target.healthy === healthy) return;
    target.healthy = healthy;
    target.since = Date.now();
    log(
      `${target.name} ${healthy ? 'is up' : `is down (${reason})`}; in rotation: ${inRotation()}`,
    );
  }

  function inRotation() {
    const names = targets.filter((target) => target.healthy).map((target) => target.name);
    return names.length > 0 ? names.join(', ') : 'none';
  }

  function check(target) {
    if (target.checking) return Promise.resolve();
    target.checking = true;
    return new Promise((resolve) => {
      const done = (ok, reason, refused = false) => {
        target.checking = false;
        if (ok) {
          target.failures = 0;
          target.lastError = null;
          setHealth(target, true);
        } else {
          target.failures += 1;
          target.lastError = reason;
          if (refused || target.failures >= FAILURES_TO_LEAVE) setHealth(target, false, reason);
        }
        resolve();
      };
      const request = http.get(
        new URL(healthPath, target.url),
        { agent: false, timeout: 3000 },
        (response) => {
          response.resume();
          const ok = response.statusCode >= 200 && response.statusCode < 300;
          done(ok, `${healthPath} answered ${response.statusCode}`);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${healthPath} timed out`)));
      request.on('error', (error) =>
        done(false, error.code ?? error.message, error.code === 'ECONNREFUSED'),
      );
    });
  }

  /** Picks the target for `req`, skipping `tried`; null when there is none left. */
  function choose(req, tried) {
    const untried = targets.filter((target) => !tried.has(target));
    const healthy = untried.filter((target) => target.healthy);
    // With no healthy target left (health checks lagging behind), try the others anyway: a dead
    // one refuses, and the retry moves on.
    const pool = healthy.length > 0 ? healthy : untried;
    if (pool.length === 0) return null;
    const pin = pinCookie ? cookieValue(req.headers.cookie, pinCookie) : null;
    if (pin) {
      const pinned = pool.find((target) => target.name === pin || target.name.endsWith(`-${pin}`));
      if (pinned) return pinned;
    }
    const key = affinityKey?.(req);
    if (key) {
      // Over all targets, not only the healthy ones, so a key keeps its target while others come
      // and go; when that one is out, the next one in order takes the key.
      const start = hash(key) % targets.length;
      for (let i = 0; i < targets.length; i++) {
        const candidate = targets[(start + i) % targets.length];
        if (pool.includes(candidate)) return candidate;
      }
    }
    rotation = (rotation + 1) % pool.length;
    return pool[rotation];
  }

  function retryable(error, req, res, body) {
    if (res.headersSent || body === null) return false;
    if (error.code === 'ECONNREFUSED') return true;
    return IDEMPOTENT.has(req.method) && error.code === 'ECONNRESET';
  }

  function fail(res, status, message) {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const body = JSON.stringify({ status, message });
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      [upstreamHeader]: 'none',
    });
    res.end(body);
  }

  function web(req, res) {
    const started = Date.now();
    const tried = new Set();
    const forwarded = FORWARDED.map((header) => req.headers[header]);

    /** Sends the request to the next target: from `body` (a Buffer, resendable) or streamed (null). */
    const attempt = (body) => {
      const target = choose(req, tried);
      if (!target) {
        fail(res, 502, `${name}: no instance answered`);
        return;
      }
      tried.add(target);
      FORWARDED.forEach((header, i) => {
        if (forwarded[i] === undefined) delete req.headers[header];
        else req.headers[header] = forwarded[i];
      });
      target.served += 1;
      target.open += 1;
      let closed = false;
      const settle = () => {
        if (closed) return;
        closed = true;
        target.open -= 1;
      };
      let failed = false;
      res.once('close', settle);
      res.setHeader(upstreamHeader, target.name);
      if (accessLog) {
        res.once('finish', () =>
          log(
            `${req.method} ${req.url} ${res.statusCode} ${target.name} ${Date.now() - started}ms`,
          ),
        );
      }
      proxy.web(
        req,
        res,
        { target: target.url, ...(body ? { buffer: Readable.from([body]) } : {}) },
        (error) => {
          if (failed) return; // the request and the upstream may both report one failure
          failed = true;
          res.off('close', settle);
          settle();
          if (error.code === 'ECONNREFUSED') setHealth(target, false, 'ECONNREFUSED');
          if (retryable(error, req, res, body) && tried.size < targets.length) {
            log(`${req.method} ${req.url}: ${error.code} from ${target.name}, trying another`);
            attempt(body);
            return;
          }
          if (req.socket.destroyed) return; // the client went away
          log(`${req.method} ${req.url}: ${error.code ?? error.message} from ${target.name}`);
          fail(res, 502, `${name}: ${target.name} failed (${error.code ?? error.message})`);
        },
      );
    };
    if (!replayable(req)) {
      attempt(null);
      return;
    }
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => attempt(Buffer.concat(chunks)));
  }

  function upgrade(req, socket, head) {
    socket.on('error', () => undefined);
    const target = choose(req, new Set());
    if (!target) {
      socket.destroy();
      return;
    }
    req.clusterTarget = target;
    target.served += 1;
    target.open += 1;
    upgraded.add(socket);
    socket.once('close', () => {
      target.open -= 1;
      upgraded.delete(socket);
    });
    log(`upgrade ${req.url} → ${target.name}`);
    proxy.ws(req, socket, head, { target: target.url }, (error) => {
      if (error.code === 'ECONNREFUSED') setHealth(target, false, 'ECONNREFUSED');
      log(`upgrade ${req.url}: ${error.code ?? error.message} from ${target.name}`);
    });
  }

  /** What the status page shows: the targets and their health, and whatever `describe` adds. */
  function status() {
    return {
      balancer: name,
      targets: targets.map((target) => ({
        name: target.name,
        url: target.url.origin,
        healthy: target.healthy,
        since: new Date(target.since).toISOString(),
        lastError: target.lastError,
        served: target.served,
        open: target.open,
      })),
      ...(describe ? { cluster: describe() } : {}),
    };
  }

  function handle(req, res) {
    if (req.method === 'GET' && req.url === '/__cluster') {
      const body = JSON.stringify(status(), null, 2);
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(body);
      return;
    }
    web(req, res);
  }

  return {
    name,
    status,
    /** Checks every target once (so the first requests already know), then every interval. */
    async start() {
      await Promise.all(targets.map(check));
      timer = setInterval(() => targets.forEach(check), healthIntervalMs);
    },
    /** One health check round now (besides the periodic ones). */
    checkNow() {
      return Promise.all(targets.map(check));
    },
    /** Listens on `port` on each of `hosts`; a host that does not exist here is skipped. */
    async listen(port, hosts) {
      let listening = 0;
      for (const host of hosts) {
        const server = http.createServer(handle);
        server.on('upgrade', upgrade);
        server.on('clientError', (_error, socket) => socket.destroy());
        const ok = await new Promise((resolve, reject) => {
          server.once('error', (error) => {
            if (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT') resolve(false);
            else reject(error);
          });
          server.listen(port, host, () => resolve(true));
        });
        if (ok) {
          servers.push(server);
          listening += 1;
        }
      }
      if (listening === 0) throw new Error(`${name}: could not listen on port ${port}`);
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      for (const socket of upgraded) socket.destroy();
      await Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      agent.destroy();
    },
  };
}
