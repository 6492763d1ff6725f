/**
 * The rehearsal's nginx (cluster/nginx.mjs, deploy/nginx/everyhealth.conf): the generated files,
 * `nginx -t` on the deployer's configuration (with the rehearsal's files and with the examples a
 * deployer copies), and nginx itself in front of small upstreams on loopback: round robin, the
 * instance headers, pins, SockJS affinity, X-Forwarded-For overwritten, Host kept, an unbuffered
 * event stream, WebSocket upgrades, a POST moved to the next instance when one is gone, the body
 * limit, the static assets' cache and compression. `npm run test:cluster` runs it (node:test);
 * it skips what needs nginx when nginx is not installed.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import { WebSocket, WebSocketServer } from 'ws';

import {
  DEPLOY_CONF,
  findNginx,
  quoted,
  renderListen,
  renderMain,
  renderUpstreams,
  testNginxConfig,
  writeNginxConfig,
} from './nginx.mjs';
import { clusterTopology } from './topology.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nginx = findNginx();
const skip = nginx ? false : 'nginx is not installed (apt-get install nginx)';

function topologyAt(port, backendPort) {
  return clusterTopology(
    { CLUSTER_PORT: String(port), CLUSTER_BACKEND_PORT: String(backendPort) },
    root,
  );
}

test('the upstreams: the shared groups, the pins, the instance names, drained instances', () => {
  const text = renderUpstreams(topologyAt(3900, 8900), ['app-2']);
  assert.match(
    text,
    /upstream everyhealth_app \{\n {4}zone everyhealth_app 64k;\n {4}server 127\.0\.0\.1:3901 max_fails=1 fail_timeout=2s;\n {4}server 127\.0\.0\.1:3902 max_fails=1 fail_timeout=2s down;/,
  );
  // Only the backends hash (SockJS sessions, the sign-in); pinned groups use backups instead.
  assert.equal(text.match(/hash \$everyhealth_backend_affinity consistent;/g)?.length, 1);
  assert.match(text, /upstream everyhealth_backend \{\n[^}]*hash \$everyhealth_backend_affinity/);
  assert.match(
    text,
    /upstream everyhealth_backend_pin_2 \{\n[^}]*server 127\.0\.0\.1:8902 [^;]*;\n {4}server 127\.0\.0\.1:8901 [^;]* backup;/,
  );
  assert.match(
    text,
    /map \$cookie_cluster_pin_app \$everyhealth_app_pool \{\n {4}default everyhealth_app;/,
  );
  assert.match(text, /\n {4}2 everyhealth_app_pin_2;\n {4}app-2 everyhealth_app_pin_2;/);
  assert.match(text, /"~\(\^\|\\s\)127\\\.0\\\.0\\\.1:8901\$" backend-1;/);
  // Every group keeps connections alive for less than Node's 5 s.
  assert.equal(text.match(/keepalive_timeout 4s;/g)?.length, 6);
});

test('the listen includes and the main file', () => {
  assert.equal(
    renderListen(['127.0.0.1:3900', '[::1]:3900']).split('\n').slice(1).join('\n'),
    'listen 127.0.0.1:3900;\nlisten [::1]:3900;\nserver_name _;\n',
  );
  const main = renderMain({
    deployConf: '/srv/my app/deploy/nginx/everyhealth.conf',
    modules: ['/usr/lib/nginx/modules/x.so'],
  });
  assert.match(main, /^load_module \/usr\/lib\/nginx\/modules\/x\.so;$/m);
  assert.match(main, /^daemon off;$/m);
  assert.match(main, /^ {4}include "\/srv\/my app\/deploy\/nginx\/everyhealth\.conf";$/m);
  assert.match(main, /^ {4}access_log off;$/m);
  assert.equal(quoted('a$b"c'), '"a\\$b\\"c"');
});

test(
  'the deploy configuration passes `nginx -t` with the examples a deployer copies',
  { skip },
  () => {
    // nginx -t binds the listen addresses (a port in use is fine, an address not on this host is
    // not): the examples' addresses become loopback ones.
    const port = 45000 + Math.floor(Math.random() * 1000);
    const prefix = mkdtempSync(path.join(tmpdir(), 'everyhealth-nginx-t-'));
    try {
      const site = path.join(prefix, 'everyhealth');
      writeNginxConfig({
        root,
        prefix,
        topology: topologyAt(3900, 8900),
        publicAddresses: [`127.0.0.1:${port}`],
        backendAddress: `127.0.0.1:${port + 1}`,
      });
      testNginxConfig(nginx, { prefix, conf: path.join(prefix, 'nginx.conf') });

      // The examples, as they are; only the certificate is made up (nginx -t reads it).
      const examples = path.join(root, 'deploy', 'nginx', 'everyhealth');
      for (const file of readdirSync(examples).filter((name) => name.endsWith('.example'))) {
        copyFileSync(path.join(examples, file), path.join(site, file.replace(/\.example$/, '')));
      }
      const cert = path.join(prefix, 'cert.pem');
      const key = path.join(prefix, 'key.pem');
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=gym.example.com',
        '-keyout',
        key,
        '-out',
        cert,
      ]);
      if (made.status !== 0) return; // no openssl: the rehearsal's files were checked above
      const listen = path.join(site, 'public-listen.conf');
      writeFileSync(
        listen,
        readFileSync(listen, 'utf8')
          .replace(/^listen \[::\].*\n/m, '')
          .replace(/^listen \S+/m, `listen 127.0.0.1:${port + 2}`)
          .replace(/ssl_certificate .*;/, `ssl_certificate ${cert};`)
          .replace(/ssl_certificate_key .*;/, `ssl_certificate_key ${key};`),
      );
      const backendListen = path.join(site, 'backend-listen.conf');
      writeFileSync(
        backendListen,
        readFileSync(backendListen, 'utf8').replace(
          /^listen \S+;/m,
          `listen 127.0.0.1:${port + 3};`,
        ),
      );
      testNginxConfig(nginx, { prefix, conf: path.join(prefix, 'nginx.conf') });
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  },
);

/** A small upstream: answers with its name and what it received; an event stream; WebSockets. */
function upstream(name, port) {
  const server = http.createServer((req, res) => {
    if (req.url === '/api/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: ready\ndata: {}\n\n');
      server.once('next-event', () => res.end('data: second\n\n'));
      return;
    }
    if (req.url.startsWith('/_next/static/')) {
      res.writeHead(200, {
        'content-type': 'application/javascript',
        'cache-control': 'public, max-age=0',
        'x-accept-encoding': req.headers['accept-encoding'] ?? '',
      });
      res.end(`console.log(${JSON.stringify('x'.repeat(4000))});`);
      return;
    }
    let size = 0;
    req.on('data', (chunk) => (size += chunk.length));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name,
          method: req.method,
          size,
          host: req.headers.host,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          forwardedHost: req.headers['x-forwarded-host'] ?? null,
          forwardedProto: req.headers['x-forwarded-proto'] ?? null,
        }),
      );
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (data) => socket.send(`${name}:${data}`)));
  return {
    name,
    server,
    async listen() {
      server.listen(port, '127.0.0.1');
      await once(server, 'listening');
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** GET/POST through nginx with plain http (no keep-alive: each request stands alone). */
function request(port, pathname, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let json = null;
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode, headers: res.headers, raw, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('nginx with the deploy configuration, in front of small upstreams', { skip }, () => {
  const base = 41000 + Math.floor(Math.random() * 2000) * 2;
  const topology = topologyAt(base, base + 3000);
  const publicPort = base;
  const backendPort = base + 3000;
  let prefix;
  let child;
  let output = '';
  const ups = [
    ...topology.apps.map((app) => upstream(app.name, Number(new URL(app.url).port))),
    ...topology.backends.map((b) => upstream(b.name, Number(new URL(b.url).port))),
  ];
  const [app1, app2] = ups;

  before(async () => {
    await Promise.all(ups.map((up) => up.listen()));
    prefix = mkdtempSync(path.join(tmpdir(), 'everyhealth-nginx-'));
    const files = writeNginxConfig({
      root,
      prefix,
      topology,
      publicAddresses: [`127.0.0.1:${publicPort}`],
      backendAddress: `127.0.0.1:${backendPort}`,
    });
    testNginxConfig(nginx, files);
    child = spawn(nginx, ['-p', `${prefix}/`, '-c', files.conf], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    // nginx must not outlive the test, whatever ends it.
    process.once('exit', () => child.kill('SIGKILL'));
    for (let i = 0; i < 100; i++) {
      const up = await request(publicPort, '/x').catch(() => null);
      if (up?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`nginx did not start: ${output}`);
  });

  after(async () => {
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    await Promise.all(ups.map((up) => up.close().catch(() => undefined)));
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  test('round robin over the apps, each answer naming its instance; Host and X-Forwarded-* set', async () => {
    const names = [];
    for (let i = 0; i < 4; i++) {
      const answer = await request(publicPort, '/page', {
        headers: { host: `localhost:${publicPort}`, 'x-forwarded-for': '6.6.6.6' },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['x-cluster-app'], answer.json.name);
      names.push(answer.json.name);
      // Overwritten with the peer's address, never appended to.
      assert.equal(answer.json.forwardedFor, '127.0.0.1');
      assert.equal(answer.json.host, `localhost:${publicPort}`);
      assert.equal(answer.json.forwardedHost, `localhost:${publicPort}`);
      assert.equal(answer.json.forwardedProto, 'http');
    }
    assert.deepEqual([...new Set(names)].sort(), ['app-1', 'app-2']);
  });

  test('pin cookies choose the instance', async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await request(publicPort, '/page', {
        headers: { cookie: 'a=b; cluster_pin_app=2' },
      });
      assert.equal(answer.json.name, 'app-2');
      const backend = await request(backendPort, '/api/x', {
        headers: { cookie: 'cluster_pin_backend=backend-1' },
      });
      assert.equal(backend.json.name, 'backend-1');
      assert.equal(backend.headers['x-cluster-backend'], 'backend-1');
    }
  });

  test('the backend listener keeps the BFF’s X-Forwarded-For and appends its peer', async () => {
    const answer = await request(backendPort, '/api/x', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    assert.equal(answer.json.forwardedFor, '203.0.113.9, 127.0.0.1');
  });

  test('a SockJS session’s transports stay on one backend; the sign-in on one backend', async () => {
    for (const server of ['123', '456', '789', 'abc']) {
      const seen = new Set();
      for (const [session, transport] of [
        ['s1', 'xhr_streaming'],
        ['s1', 'xhr_send'],
        ['s2', 'xhr'],
        ['s3', 'xhr_send'],
      ]) {
        seen.add(
          (
            await request(backendPort, `/chat/${server}/${session}/${transport}`, {
              method: 'POST',
            })
          ).json.name,
        );
      }
      assert.equal(seen.size, 1, `/chat/${server}/…: ${[...seen]}`);
    }
    const signIn = new Set();
    for (const pathname of [
      '/oauth2/authorization/google',
      '/login/oauth2/code/google?code=1',
      '/oauth2/x',
    ]) {
      signIn.add((await request(backendPort, pathname)).json.name);
    }
    assert.equal(signIn.size, 1);
    // Anything else spreads over both.
    const spread = new Set();
    for (let i = 0; i < 12; i++) spread.add((await request(backendPort, '/api/x')).json.name);
    assert.equal(spread.size, 2);
  });

  test('the event stream is not buffered', async () => {
    const first = await new Promise((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: publicPort,
          path: '/api/events',
          headers: { cookie: 'cluster_pin_app=1' },
        },
        (res) => {
          res.setEncoding('utf8');
          res.once('data', (chunk) => {
            resolve(chunk);
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      setTimeout(() => reject(new Error('no event within 3 s')), 3000);
    });
    assert.match(first, /event: ready/);
  });

  test('WebSocket upgrades pass, with the instance header on the 101', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${publicPort}/chat/1/abc/websocket`);
    // ('open' follows 'upgrade' in the same tick: both listened for at once.)
    const [[response]] = await Promise.all([once(socket, 'upgrade'), once(socket, 'open')]);
    assert.match(response.headers['x-cluster-app'], /^app-[12]$/);
    socket.send('hi');
    const [data] = await once(socket, 'message');
    assert.equal(String(data), `${response.headers['x-cluster-app']}:hi`);
    socket.close();
    const backend = new WebSocket(`ws://127.0.0.1:${backendPort}/chat/7/abc/websocket`);
    const [[upgraded]] = await Promise.all([once(backend, 'upgrade'), once(backend, 'open')]);
    assert.match(upgraded.headers['x-cluster-backend'], /^backend-[12]$/);
    backend.close();
  });

  test('static assets: cached for a year, compressed by nginx (brotli, else gzip)', async () => {
    const br = await request(publicPort, '/_next/static/chunks/a.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    assert.equal(br.status, 200);
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(zlib.brotliDecompressSync(br.raw).toString(), /^console\.log/);
    assert.match(br.headers['x-cluster-app'], /^app-[12]$/);
    // The upstream was asked for the uncompressed file.
    assert.equal(br.headers['x-accept-encoding'], '');
    const gz = await request(publicPort, '/_next/static/chunks/a.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    // Other answers keep the browser's Accept-Encoding for the upstream (Next compresses them).
    const page = await request(publicPort, '/page', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(page.headers['content-encoding'], undefined);
  });

  test('a body over 11 MiB is refused by nginx with the product’s JSON shape', async () => {
    const answer = await request(publicPort, '/api/post', {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(12 * 1024 * 1024),
      },
      body: Buffer.alloc(12 * 1024 * 1024),
    }).catch((error) => ({ error }));
    if ('error' in answer) return; // nginx may close before the whole body is written
    assert.equal(answer.status, 413);
    assert.deepEqual(answer.json, { status: 413, message: '요청 본문이 너무 큽니다.' });
    const fits = await request(publicPort, '/api/post', {
      method: 'POST',
      body: Buffer.alloc(10 * 1024 * 1024),
    });
    assert.equal(fits.status, 200, output);
    assert.equal(fits.json.size, 10 * 1024 * 1024);
  });

  test('an instance that is gone: even a POST goes to the other one', async () => {
    await app1.close();
    for (let i = 0; i < 4; i++) {
      const answer = await request(publicPort, '/api/write', {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(answer.status, 200);
      assert.equal(answer.json.name, 'app-2');
      assert.equal(answer.headers['x-cluster-app'], 'app-2');
    }
    // Pinned to the one that is gone: its backup answers.
    const pinned = await request(publicPort, '/page', { headers: { cookie: 'cluster_pin_app=1' } });
    assert.equal(pinned.json.name, 'app-2');
    assert.equal(app2.name, 'app-2');
    assert.doesNotMatch(output, /\[(emerg|crit)\]/, output);
  });
});

test('DEPLOY_CONF names the deployer’s file', () => {
  assert.match(readFileSync(path.join(root, DEPLOY_CONF), 'utf8'), /server \{/);
});
