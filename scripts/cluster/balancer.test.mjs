/**
 * The rehearsal's balancer against two small upstreams on loopback: round robin, the upstream
 * header, pins, affinity, X-Forwarded-*, streamed responses, WebSocket upgrades, an upstream that
 * stops (retried elsewhere, out of the rotation, back after a good health check), and a body that
 * is never sent twice. `npm run test:cluster` runs it (node:test).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { after, before, test } from 'node:test';

import { WebSocket, WebSocketServer } from 'ws';

import { cookieValue, createBalancer } from './balancer.mjs';
import { backendAffinityKey } from './topology.mjs';

/** Stops `up` and lets the balancer's kept-alive connections to it see their end. */
async function stop(up) {
  up.server.closeAllConnections();
  await new Promise((resolve) => up.server.close(resolve));
  await new Promise((resolve) => setTimeout(resolve, 100));
}

/** An upstream that answers with its name and what it received. */
function upstream(name) {
  const received = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/healthz') {
      res.end('ok');
      return;
    }
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, body });
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: first\n\n');
        // The second event comes only when asked for: the first must arrive before it.
        server.once('next-event', () => res.end('data: second\n\n'));
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          name,
          host: req.headers.host,
          forwardedHost: req.headers['x-forwarded-host'] ?? null,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          body,
        }),
      );
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => {
    socket.on('message', (data) => socket.send(`${name}:${data}`));
  });
  return { name, server, wss, received };
}

async function listen(server) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server.address().port;
}

const ups = [upstream('one'), upstream('two')];
let balancer;
let base;
const lines = [];

before(async () => {
  const ports = [];
  for (const up of ups) ports.push(await listen(up.server));
  balancer = createBalancer({
    name: 'test',
    targets: ups.map((up, i) => ({ name: `up-${i + 1}`, url: `http://127.0.0.1:${ports[i]}` })),
    upstreamHeader: 'x-upstream',
    pinCookie: 'pin',
    affinityKey: (req) => backendAffinityKey(req.url),
    // The periodic checks are out of the way: the test runs its rounds itself (checkNow), so a
    // stopped upstream stays "healthy" until a request finds it refusing.
    healthIntervalMs: 600_000,
    log: (line) => lines.push(line),
  });
  await balancer.start();
  const probe = http.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  await balancer.listen(port, ['127.0.0.1']);
  base = `http://127.0.0.1:${port}`;
});

after(async () => {
  await balancer.close();
  for (const up of ups) {
    up.wss.close();
    up.server.closeAllConnections();
    up.server.close();
  }
});

async function get(path, headers = {}) {
  const response = await fetch(base + path, { headers });
  return {
    status: response.status,
    upstream: response.headers.get('x-upstream'),
    ...(await response.json()),
  };
}

test('cookieValue reads one cookie of a Cookie header', () => {
  assert.equal(cookieValue('a=1; pin=2; b=3', 'pin'), '2');
  assert.equal(cookieValue('apin=2', 'pin'), null);
  assert.equal(cookieValue(undefined, 'pin'), null);
});

test('the backend affinity key: SockJS sessions by server id, the sign-in flow as one', () => {
  assert.equal(backendAffinityKey('/chat/123/abcdef/websocket'), 'sockjs:123');
  assert.equal(backendAffinityKey('/chat/123/abcdef/xhr_send?t=1'), 'sockjs:123');
  assert.equal(backendAffinityKey('/chat/info?t=1'), null);
  assert.equal(backendAffinityKey('/oauth2/dev/interaction/x'), 'sign-in');
  assert.equal(backendAffinityKey('/login/oauth2/code/google?code=1'), 'sign-in');
  assert.equal(backendAffinityKey('/api/posts'), null);
});

test('round robin over both upstreams, each answer naming its upstream', async () => {
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await get('/api/x'));
  const names = answers.map((answer) => answer.name);
  assert.deepEqual(new Set(names), new Set(['one', 'two']));
  assert.notEqual(names[0], names[1]);
  for (const answer of answers)
    assert.equal(answer.upstream, `up-${answer.name === 'one' ? 1 : 2}`);
});

test('Host is passed unchanged, X-Forwarded-Host kept when sent, else taken from Host', async () => {
  const plain = await get('/api/x');
  assert.equal(plain.host, new URL(base).host);
  assert.equal(plain.forwardedHost, new URL(base).host);
  assert.equal(plain.forwardedFor, '127.0.0.1');
  const behindProxy = await get('/api/x', { 'x-forwarded-host': 'localhost:3900' });
  assert.equal(behindProxy.forwardedHost, 'localhost:3900');
});

test('a pin cookie sends every request to its upstream; a SockJS session sticks to one', async () => {
  for (let i = 0; i < 3; i++) assert.equal((await get('/api/x', { cookie: 'pin=2' })).name, 'two');
  for (let i = 0; i < 3; i++)
    assert.equal((await get('/api/x', { cookie: 'pin=up-1' })).name, 'one');
  const session = new Set();
  for (let i = 0; i < 4; i++) session.add((await get(`/chat/42/s${i}/xhr?t=${i}`)).name);
  assert.equal(session.size, 1);
});

test('a streamed response passes each event as it comes', async () => {
  const response = await fetch(`${base}/stream`, { headers: { cookie: 'pin=1' } });
  assert.equal(response.headers.get('content-type'), 'text/event-stream');
  const reader = response.body.getReader();
  const first = await reader.read();
  assert.equal(new TextDecoder().decode(first.value), 'data: first\n\n');
  ups[0].server.emit('next-event');
  let rest = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    rest += new TextDecoder().decode(chunk.value);
  }
  assert.equal(rest, 'data: second\n\n');
});

test('a WebSocket upgrade is proxied, its 101 naming the upstream', async () => {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/chat/7/abc/websocket`, {
    headers: { cookie: 'pin=2' },
  });
  // ws emits both in one go: listen for both first.
  const upgraded = once(socket, 'upgrade');
  const opened = once(socket, 'open');
  const [upgrade] = await upgraded;
  assert.equal(upgrade.headers['x-upstream'], 'up-2');
  await opened;
  socket.send('hi');
  const [data] = await once(socket, 'message');
  assert.equal(String(data), 'two:hi');
  socket.close();
  await once(socket, 'close');
});

test('an upstream that stops: retried elsewhere at once, out of the rotation, back when it answers', async () => {
  const stopped = ups[0];
  const port = stopped.server.address().port;
  await stop(stopped);

  // Pinned to the stopped one, before any health check has noticed: a GET is retried on the
  // other upstream (nothing reached the stopped one).
  const retried = await get('/api/y', { cookie: 'pin=1' });
  assert.equal(retried.status, 200);
  assert.equal(retried.name, 'two');
  assert.ok(lines.some((line) => /ECONNREFUSED from up-1, trying another/.test(line)));
  assert.ok(lines.some((line) => /up-1 is down \(ECONNREFUSED\)/.test(line)));
  for (let i = 0; i < 4; i++) assert.equal((await get('/api/z')).name, 'two');
  assert.deepEqual(
    balancer.status().targets.map((target) => [target.name, target.healthy]),
    [
      ['up-1', false],
      ['up-2', true],
    ],
  );

  // Back on the same port: the next health check returns it to the rotation.
  stopped.server.listen(port, '127.0.0.1');
  await once(stopped.server, 'listening');
  await balancer.checkNow();
  assert.ok(lines.some((line) => /up-1 is up/.test(line)));
  const names = new Set();
  for (let i = 0; i < 4; i++) names.add((await get('/api/w')).name);
  assert.deepEqual(names, new Set(['one', 'two']));
});

test('a refused write is sent to the other upstream once; a streamed body is never sent twice', async () => {
  const stopped = ups[1];
  const port = stopped.server.address().port;
  const restart = async () => {
    stopped.server.listen(port, '127.0.0.1');
    await once(stopped.server, 'listening');
    await balancer.checkNow();
  };
  const posts = () => ups[0].received.filter((request) => request.method === 'POST');

  // A small body is read whole first: refused by the stopped upstream, it goes to the other one.
  await stop(stopped);
  const retried = await fetch(`${base}/api/post`, {
    method: 'POST',
    headers: { cookie: 'pin=2', 'content-type': 'text/plain' },
    body: 'once',
  });
  assert.equal(retried.status, 200);
  assert.equal(retried.headers.get('x-upstream'), 'up-1');
  assert.equal((await retried.json()).body, 'once');
  assert.deepEqual(
    posts().map((request) => request.body),
    ['once'],
  );
  await restart();

  // A streamed (chunked) body is not kept: refused, it answers 502 and reaches no one.
  await stop(stopped);
  const streamed = await fetch(`${base}/api/post`, {
    method: 'POST',
    headers: { cookie: 'pin=2', 'content-type': 'text/plain' },
    body: Readable.toWeb(Readable.from([Buffer.from('stream')])),
    duplex: 'half',
  });
  assert.equal(streamed.status, 502);
  assert.equal(streamed.headers.get('x-upstream'), 'none');
  assert.deepEqual(
    posts().map((request) => request.body),
    ['once'],
  );
  // The refusal took it out of the rotation: the next write goes to the live one.
  const next = await fetch(`${base}/api/post`, {
    method: 'POST',
    headers: { cookie: 'pin=2', 'content-type': 'text/plain' },
    body: 'next',
  });
  assert.equal(next.headers.get('x-upstream'), 'up-1');
  await restart();
});

test('the status page lists the targets', async () => {
  const response = await fetch(`${base}/__cluster`);
  const status = await response.json();
  assert.equal(status.balancer, 'test');
  assert.deepEqual(
    status.targets.map((target) => target.name),
    ['up-1', 'up-2'],
  );
});
