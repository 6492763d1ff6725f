/** @jest-environment node */
import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';

import { forward } from './forward';
import { resetRefreshFlights } from './refresh';
import { readBody, startStub, type StubUpstream } from './test-utils';
import { SMALL_BODY_BYTES } from './upstream';

const APP = 'http://localhost:3000';
let stub: StubUpstream;
const savedEnv = { ...process.env };

beforeAll(async () => {
  stub = await startStub((_req, res) => res.end('unset'));
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = APP;
  delete process.env.BFF_UPSTREAM_TIMEOUT_MS;
  stub.calls.length = 0;
  resetRefreshFlights();
});
afterAll(async () => {
  process.env = savedEnv;
  await stub.close();
});

describe('forwarding', () => {
  it("passes the offline queue's Idempotency-Key and Prefer on, and the answer's headers back", async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    stub.setHandler((req, res) => {
      seen = req.headers;
      res.setHeader('content-type', 'application/json');
      res.setHeader('preference-applied', 'return=representation');
      res.setHeader('idempotent-replayed', 'true');
      res.end('[]');
    });
    const response = await forward(
      new Request(`${APP}/api/todayExercise/2026-11-25`, {
        method: 'POST',
        headers: {
          'idempotency-key': '"5f1c2f5e-0d5a-4a57-8a55-8d3c1f3f9b11"',
          prefer: 'return=representation',
          'content-type': 'application/json',
        },
        body: '[]',
      }),
    );
    expect(response.status).toBe(200);
    expect(seen['idempotency-key']).toBe('"5f1c2f5e-0d5a-4a57-8a55-8d3c1f3f9b11"');
    expect(seen.prefer).toBe('return=representation');
    expect(response.headers.get('preference-applied')).toBe('return=representation');
    expect(response.headers.get('idempotent-replayed')).toBe('true');
  });

  it('forwards method, path, query and allow-listed headers, and adds x-forwarded-*', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    let seenUrl = '';
    stub.setHandler((req, res) => {
      seen = req.headers;
      seenUrl = req.url ?? '';
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-upstream', 'yes');
      res.end('{"ok":true}');
    });
    const response = await forward(
      new Request(`${APP}/api/posts/scroll?limit=10&postId=5`, {
        method: 'DELETE',
        headers: {
          accept: 'application/json',
          'accept-language': 'ko',
          authorization: 'Bearer secret',
          'x-middleware-subrequest': 'evil',
          'next-router-state-tree': 'x',
          host: 'evil.example',
          'x-forwarded-for': '203.0.113.9',
          'user-agent': 'jest',
          cookie: 'a=1',
        },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(stub.calls).toEqual(['DELETE /api/posts/scroll?limit=10&postId=5']);
    expect(seenUrl).toBe('/api/posts/scroll?limit=10&postId=5');
    expect(seen.accept).toBe('application/json');
    expect(seen['accept-language']).toBe('ko');
    expect(seen['user-agent']).toBe('jest');
    expect(seen.cookie).toBe('a=1');
    expect(seen.authorization).toBeUndefined();
    expect(seen['x-middleware-subrequest']).toBeUndefined();
    expect(seen['next-router-state-tree']).toBeUndefined();
    expect(seen.host).toBe(new URL(stub.url).host);
    expect(seen['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen['x-forwarded-host']).toBe('localhost:3000');
    expect(seen['x-forwarded-proto']).toBe('http');
  });

  it('strips hop-by-hop headers both ways', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    stub.setHandler((req, res) => {
      seen = req.headers;
      res.writeHead(200, {
        'content-type': 'text/plain',
        'keep-alive': 'timeout=5',
        'proxy-authenticate': 'Basic',
        trailer: 'x-checksum',
        upgrade: 'h2c',
        connection: 'keep-alive, x-private-hop',
        'x-private-hop': 'secret',
        'x-kept': 'kept',
      });
      res.end('body');
    });
    const response = await forward(
      new Request(`${APP}/api/x`, {
        headers: {
          te: 'trailers',
          'proxy-authorization': 'Basic abc',
          'keep-alive': '1',
          upgrade: 'websocket',
        },
      }),
    );
    expect(await response.text()).toBe('body');
    for (const name of ['te', 'proxy-authorization', 'upgrade']) expect(seen[name]).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
    for (const name of [
      'keep-alive',
      'proxy-authenticate',
      'trailer',
      'upgrade',
      'connection',
      'transfer-encoding',
      'x-private-hop',
    ]) {
      expect(response.headers.get(name)).toBeNull();
    }
    expect(response.headers.get('x-kept')).toBe('kept');
  });

  it('forwards Origin even when Connection names it, so the backend can refuse a foreign one', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    stub.setHandler((req, res) => {
      seen = req.headers;
      res.end('ok');
    });
    // Found by e2e/bff-hostile.spec.ts: `Connection: origin` hid a foreign Origin from the
    // backend's CSRF check, and the write went through.
    await forward(
      new Request(`${APP}/api/routine?name=x`, {
        method: 'POST',
        headers: {
          connection: 'keep-alive, origin, x-private-hop',
          origin: 'http://evil.example',
          'x-private-hop': 'secret',
          accept: 'application/json',
        },
      }),
    );
    expect(seen.origin).toBe('http://evil.example');
    expect(seen.accept).toBe('application/json');
    expect(seen['x-private-hop']).toBeUndefined();
  });

  it('streams a 3 MB request body to the upstream intact, without buffering it first', async () => {
    const size = 3 * 1024 * 1024;
    const payload = Buffer.alloc(size);
    for (let i = 0; i < size; i++) payload[i] = (i * 31 + (i >> 8)) & 0xff;
    let firstBytesArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstBytesArrived = resolve));
    stub.setHandler(async (req, res) => {
      const hash = createHash('sha256');
      let length = 0;
      for await (const chunk of req) {
        if (length === 0) firstBytesArrived();
        length += (chunk as Buffer).length;
        hash.update(chunk as Buffer);
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          length,
          sha256: hash.digest('hex'),
          te: req.headers['transfer-encoding'] ?? null,
        }),
      );
    });
    const chunk = 64 * 1024;
    let offset = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // The second chunk is only produced once the upstream has seen the first: a BFF that
        // buffered the whole body would deadlock here.
        if (offset === chunk) await arrived;
        if (offset >= size) return controller.close();
        controller.enqueue(payload.subarray(offset, offset + chunk));
        offset += chunk;
      },
    });
    const response = await forward(
      new Request(`${APP}/api/post`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/octet-stream' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.length).toBe(size);
    expect(result.sha256).toBe(createHash('sha256').update(payload).digest('hex'));
  });

  it('forwards a multipart import (a CSV file and fields) byte for byte, with its key', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    let received = Buffer.alloc(0);
    stub.setHandler(async (req, res) => {
      seen = req.headers;
      received = Buffer.from(await readBody(req));
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    const form = new FormData();
    form.append(
      'file',
      new Blob(['\uFEFFDate,Workout Name,Exercise Name\r\n2024-11-26 18:30:00,저녁,스쿼트\r\n']),
      'strong.csv',
    );
    form.append('unit', 'lb');
    const sent = new Request(`${APP}/api/member/import`, {
      method: 'POST',
      body: form,
      headers: { 'idempotency-key': '"import-1"' },
    });
    const expected = Buffer.from(await sent.clone().arrayBuffer());
    const response = await forward(sent);
    expect(response.status).toBe(200);
    expect(seen['content-type']).toBe(sent.headers.get('content-type'));
    expect(seen['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen['idempotency-key']).toBe('"import-1"');
    expect(received.equals(expected)).toBe(true);
    expect(received.toString('utf8')).toContain('스쿼트');
  });

  it('passes content-length with a known-length body', async () => {
    let seen: Record<string, string | string[] | undefined> = {};
    stub.setHandler(async (req, res) => {
      seen = req.headers;
      const body = await readBody(req);
      res.end(body);
    });
    const json = '{"name":"벤치프레스"}';
    const length = String(Buffer.byteLength(json));
    const response = await forward(
      new Request(`${APP}/api/exercise`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': length },
        body: json,
      }),
    );
    expect(await response.text()).toBe(json);
    expect(seen['content-length']).toBe(length);
    expect(seen['content-type']).toBe('application/json');
  });

  it('streams the response: the first chunk arrives while the upstream is still writing', async () => {
    let finish!: () => void;
    const release = new Promise<void>((resolve) => (finish = resolve));
    stub.setHandler(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first,');
      await release;
      res.end('last');
    });
    const response = await forward(new Request(`${APP}/api/stream`));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first,');
    finish();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest).toBe('last');
  });

  it('passes 204 and 304 through with no body', async () => {
    stub.setHandler((req, res) => {
      res.statusCode = req.url === '/api/none' ? 204 : 304;
      res.setHeader('etag', '"1"');
      res.end();
    });
    const none = await forward(new Request(`${APP}/api/none`, { method: 'DELETE' }));
    expect(none.status).toBe(204);
    expect(none.body).toBeNull();
    const cached = await forward(
      new Request(`${APP}/api/cached`, { headers: { 'if-none-match': '"1"' } }),
    );
    expect(cached.status).toBe(304);
    expect(cached.headers.get('etag')).toBe('"1"');
  });

  it("passes a 429 on with Retry-After and the RateLimit headers, also when the backend refused an upload's body unread", async () => {
    const body =
      '{"code":"429","message":"요청이 너무 많습니다. 59분 후에 다시 시도해주세요.","data":null,"timestamp":"t","path":null}';
    // As the backend answers a rate limit or the upload quota: before reading the body, which
    // Node then drains so that the connection stays usable.
    stub.setHandler((_req, res) => {
      res.writeHead(429, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': '3540',
        'ratelimit-limit': '30',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '3540',
      });
      res.end(body);
    });
    const size = 3 * 1024 * 1024;
    const response = await forward(
      new Request(`${APP}/api/post`, {
        method: 'POST',
        body: new Uint8Array(size),
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(size),
        },
      }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3540');
    expect(response.headers.get('ratelimit-limit')).toBe('30');
    expect(response.headers.get('ratelimit-remaining')).toBe('0');
    expect(response.headers.get('ratelimit-reset')).toBe('3540');
    expect(await response.text()).toBe(body);
  });

  it('passes error statuses and their bodies through unchanged', async () => {
    stub.setHandler((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"code":"404","message":"없음","data":null,"timestamp":"t","path":null}');
    });
    const response = await forward(new Request(`${APP}/api/exercise/999`));
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('없음');
  });

  it("refuses a query Next's router made U+FFFD of (a broken escape) with a 400 naming it, sending nothing", async () => {
    stub.setHandler((_req, res) => res.end('{}'));
    // `?name=%E0%A4%A` as a route handler receives it.
    const response = await forward(new Request(`${APP}/api/clubs?page=0&name=%EF%BF%BD%25A`));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: '400',
      message: '입력값이 올바르지 않습니다.',
      data: { name: '사용할 수 없는 문자가 포함되어 있습니다.' },
      timestamp: expect.any(String),
      path: null,
    });
    expect(stub.calls).toEqual([]);
    // A well-formed Korean query goes through.
    const fine = await forward(new Request(`${APP}/api/clubs?name=%EB%9F%AC%EB%8B%9D`));
    expect(fine.status).toBe(200);
    expect(stub.calls).toHaveLength(1);
  });
});

describe('answers that end the session', () => {
  it.each([
    ['POST', '/api/logout'],
    ['DELETE', '/api/member'],
  ])(
    '%s %s, when accepted, tells the browser to clear its cache for the origin',
    async (method, path) => {
      stub.setHandler((_req, res) => {
        res.statusCode = 204;
        res.end();
      });
      const response = await forward(new Request(`${APP}${path}`, { method }));
      expect(response.status).toBe(204);
      expect(response.headers.get('clear-site-data')).toBe('"cache"');
    },
  );

  it('does not when the backend refused it, nor on any other answer', async () => {
    stub.setHandler((req, res) => {
      res.statusCode = req.url === '/api/member' ? 401 : 200;
      res.end();
    });
    const refused = await forward(new Request(`${APP}/api/member`, { method: 'DELETE' }));
    expect(refused.status).toBe(401);
    expect(refused.headers.get('clear-site-data')).toBeNull();
    const read = await forward(new Request(`${APP}/api/member`));
    expect(read.headers.get('clear-site-data')).toBeNull();
  });
});

describe('bodies the upstream mangles', () => {
  it('decodes a gzip body the upstream sent despite accept-encoding: identity', async () => {
    let asked: string | undefined;
    stub.setHandler((req, res) => {
      asked = req.headers['accept-encoding'];
      const zipped = gzipSync(Buffer.from('{"zipped":true}'));
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': zipped.length,
      });
      res.end(zipped);
    });
    const response = await forward(
      new Request(`${APP}/api/z`, { headers: { 'accept-encoding': 'gzip, br' } }),
    );
    expect(asked).toBe('identity');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ zipped: true });
  });

  it('errors the body stream when the upstream dies mid-body', async () => {
    stub.setHandler((_req, res) => {
      const declared = SMALL_BODY_BYTES * 4; // streamed, not collected
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(declared) });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await forward(new Request(`${APP}/api/broken`));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('skips an informational 103 and forwards the final answer', async () => {
    stub.setHandler((_req, res) => {
      res.writeEarlyHints({ link: '</app.css>; rel=preload; as=style' });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
      res.end('{"ok":true}');
    });
    const response = await forward(new Request(`${APP}/api/hints`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('answers 502 when the upstream dies inside a small body, before anything was sent', async () => {
    stub.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const response = await forward(new Request(`${APP}/api/broken`));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: '502' });
  });

  it('hands a small body with a declared length over whole, byte for byte', async () => {
    const payload = Buffer.from(JSON.stringify({ name: '김민준', items: [1, 2, 3] }));
    stub.setHandler((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(payload.length),
      });
      // Two writes: the BFF must join them, not stop at the first chunk.
      res.write(payload.subarray(0, 5));
      setTimeout(() => res.end(payload.subarray(5)), 10);
    });
    const response = await forward(new Request(`${APP}/api/small`));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(payload)).toBe(true);
  });

  it('answers HEAD with headers only', async () => {
    stub.setHandler((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '5' });
      res.end();
    });
    const response = await forward(new Request(`${APP}/api/images/a.png`, { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.body).toBeNull();
  });
});

describe('redirects', () => {
  it('turns a sign-in redirect on /api into a 401 error body', async () => {
    stub.setHandler((_req, res) => {
      res.writeHead(302, { location: `${stub.url}/oauth2/authorization/google` });
      res.end();
    });
    const response = await forward(new Request(`${APP}/api/member/exercises`));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      code: '401',
      message: '인증되지 않은 요청입니다.',
      data: null,
    });
  });

  it('also for a redirect to a /login page', async () => {
    stub.setHandler((_req, res) => {
      res.writeHead(302, { location: '/login?error' });
      res.end();
    });
    expect((await forward(new Request(`${APP}/api/x`))).status).toBe(401);
  });

  it('passes OAuth redirects through, moving backend-origin locations to the app origin', async () => {
    stub.setHandler((req, res) => {
      if (req.url?.startsWith('/login/oauth2/code/google')) {
        res.writeHead(302, {
          location: `${stub.url}/`,
          'set-cookie': [
            'access_token=a; Path=/; HttpOnly; SameSite=Lax',
            'refresh_token=r; Path=/api/token/refresh; HttpOnly; SameSite=Lax',
          ],
        });
      } else {
        res.writeHead(302, {
          location: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x',
        });
      }
      res.end();
    });
    const start = await forward(new Request(`${APP}/oauth2/authorization/google`));
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth?client_id=x',
    );
    const callback = await forward(new Request(`${APP}/login/oauth2/code/google?code=c&state=s`));
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe(`${APP}/`);
    expect(callback.headers.getSetCookie()).toEqual([
      'access_token=a; Path=/; HttpOnly; SameSite=Lax',
      'refresh_token=r; Path=/; HttpOnly; SameSite=Lax',
    ]);
  });

  it('keeps non-sign-in redirects on /api as redirects', async () => {
    stub.setHandler((_req, res) => {
      res.writeHead(301, { location: `${stub.url}/api/elsewhere` });
      res.end();
    });
    const response = await forward(new Request(`${APP}/api/old`));
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`${APP}/api/elsewhere`);
  });
});

describe('upstream failures', () => {
  it('answers 502 with the error body when nothing listens', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    process.env.BACKEND_URL = `http://127.0.0.1:${port}`;
    const response = await forward(new Request(`${APP}/api/member/exercises`));
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      code: '502',
      message: '서버에 연결할 수 없습니다.',
      data: null,
      path: null,
    });
  });

  it('answers 504 when no response headers arrive in time', async () => {
    process.env.BFF_UPSTREAM_TIMEOUT_MS = '150';
    stub.setHandler(() => undefined); // never answers
    const started = Date.now();
    const response = await forward(new Request(`${APP}/api/slow`));
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
    const body = await response.json();
    expect(body).toMatchObject({
      code: '504',
      message: '서버에 연결할 수 없습니다.',
      data: null,
      path: null,
    });
    expect(body.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
  });

  describe('a connection that fails before any answer (a balancer reloading, an instance stopping)', () => {
    /** Drops the first request's connection unanswered; answers the next with what it got. */
    function dropFirst() {
      const bodies: string[] = [];
      let dropped = false;
      stub.setHandler(async (req, res) => {
        const body = (await readBody(req)).toString('utf8');
        if (!dropped) {
          dropped = true;
          req.socket.destroy();
          return;
        }
        bodies.push(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ body }));
      });
      return bodies;
    }

    it("sends a write with the offline queue's Idempotency-Key once more, body and all", async () => {
      const bodies = dropFirst();
      const sets = JSON.stringify([{ id: 7, repWeightList: [{ reps: 5, weight: 90 }] }]);
      const response = await forward(
        new Request(`${APP}/api/todayExercise/12`, {
          method: 'PATCH',
          headers: {
            'idempotency-key': '"k-1"',
            'content-type': 'application/json',
            // (as a browser declares it; a body of unknown length streams and is not sent twice)
            'content-length': String(Buffer.byteLength(sets)),
          },
          body: sets,
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ body: sets });
      expect(stub.count('PATCH /api/todayExercise/12')).toBe(2);
      expect(bodies).toEqual([sets]);
    });

    it('sends an idempotent request (GET, PUT, DELETE) once more', async () => {
      dropFirst();
      const response = await forward(new Request(`${APP}/api/rooms/3/read`, { method: 'PUT' }));
      expect(response.status).toBe(200);
      expect(stub.count('PUT /api/rooms/3/read')).toBe(2);
    });

    it('never sends a write without a key twice: 502', async () => {
      dropFirst();
      const response = await forward(
        new Request(`${APP}/api/club`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': '13' },
          body: '{"title":"x"}',
        }),
      );
      expect(response.status).toBe(502);
      expect(stub.count('POST /api/club')).toBe(1);
    });
  });

  it('propagates a client abort to the upstream request', async () => {
    let upstreamClosed!: () => void;
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve));
    stub.setHandler((req) => {
      req.socket.on('close', () => upstreamClosed());
    });
    const client = new AbortController();
    const pending = forward(new Request(`${APP}/api/hang`, { signal: client.signal }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.abort();
    const response = await pending;
    expect(response.status).toBe(499);
    await closed; // the upstream connection was torn down
  });
});

describe('bodies over the limit', () => {
  const MB = 1024 * 1024;
  const SEOUL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/;

  /** A body of `size` bytes, streamed without a declared length (chunked to the BFF). */
  function chunkedBody(size: number, onPull?: (sent: number) => void): ReadableStream<Uint8Array> {
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        onPull?.(sent);
        if (sent >= size) return controller.close();
        const length = Math.min(chunk.length, size - sent);
        controller.enqueue(chunk.slice(0, length));
        sent += length;
      },
    });
  }

  /** A stub that reads whole bodies and says how many bytes it saw. */
  function countingStub(): { seen: () => number } {
    let bytes = 0;
    stub.setHandler(async (req, res) => {
      bytes = 0;
      req.on('data', (chunk: Buffer) => (bytes += chunk.length));
      await new Promise((resolve) => req.on('end', resolve));
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    return { seen: () => bytes };
  }

  async function expect413(response: Response, message: string) {
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      code: '413',
      message,
      data: null,
      timestamp: expect.stringMatching(SEOUL),
      path: null,
    });
  }

  it("reads the rest of the browser's body when the backend answers before the end, so the answer reaches it", async () => {
    // As the backend refuses a photo at its own 10 MB mark: the answer after 1 MB, the rest unread.
    stub.setHandler((req, res) => {
      let seen = 0;
      req.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen < MB || res.headersSent) return;
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"code":"413","message":"이미지는 10MB 이하여야 합니다.","data":null}');
        req.socket.destroySoon();
      });
    });
    const size = 5 * MB;
    const chunk = 64 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= size) return controller.close();
        pulled += chunk;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const response = await forward(
      new Request(`${APP}/api/post`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(size),
        },
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    // Everything the browser sent was read before the answer went out: nothing left to reset on.
    expect(pulled).toBe(size);
  });

  it('answers a 12 MB upload to POST /api/post with 413 itself, sending nothing upstream', async () => {
    countingStub();
    const size = 12 * MB;
    const response = await forward(
      new Request(`${APP}/api/post`, {
        method: 'POST',
        body: new Uint8Array(size),
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(size),
        },
      }),
    );
    await expect413(response, '이미지는 10MB 이하여야 합니다.');
    expect(stub.calls).toEqual([]);
  });

  it('answers 2 MB of JSON with 413 itself, sending nothing upstream', async () => {
    countingStub();
    const json = JSON.stringify({ name: 'x'.repeat(2 * MB) });
    const response = await forward(
      new Request(`${APP}/api/exercise`, {
        method: 'POST',
        body: json,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(json)),
        },
      }),
    );
    await expect413(response, '요청 본문이 너무 큽니다.');
    expect(stub.calls).toEqual([]);
    // Exactly at the limit goes through.
    const counter = countingStub();
    const at = await forward(
      new Request(`${APP}/api/exercise`, {
        method: 'POST',
        body: new Uint8Array(MB),
        headers: { 'content-type': 'application/json', 'content-length': String(MB) },
      }),
    );
    expect(at.status).toBe(200);
    expect(counter.seen()).toBe(MB);
  });

  it("answers a CSV import over the import's limit with its own message", async () => {
    countingStub();
    const size = 7 * MB;
    const response = await forward(
      new Request(`${APP}/api/member/import/preview`, {
        method: 'POST',
        body: new Uint8Array(size),
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(size),
        },
      }),
    );
    await expect413(response, '파일이 너무 큽니다. 5MB 이하의 CSV 파일만 가져올 수 있습니다.');
    expect(stub.calls).toEqual([]);
  });

  it.each([
    ['a chunked 12 MB upload', '/api/post', 12 * MB, '이미지는 10MB 이하여야 합니다.'],
    ['2 MB of chunked JSON', '/api/exercise', 2 * MB, '요청 본문이 너무 큽니다.'],
  ])('cuts %s at the limit with 413', async (_what, path, size, message) => {
    const counter = countingStub();
    let produced = 0;
    const response = await forward(
      new Request(`${APP}${path}`, {
        method: 'POST',
        body: chunkedBody(size, (sent) => (produced = sent)),
        headers: { 'content-type': 'application/octet-stream' },
        duplex: 'half',
      } as RequestInit),
    );
    await expect413(response, message);
    const limit = path === '/api/post' ? 11 * MB : 1 * MB;
    // Passed on up to the limit only; the rest was read and dropped, so that the browser, still
    // sending, gets the answer rather than a reset connection.
    expect(counter.seen()).toBeLessThanOrEqual(limit);
    expect(produced).toBe(size);
  });

  it("passes a backend's 413 on when its headers arrived and the connection then broke", async () => {
    // As a backend that refuses an upload unread and closes: the answer's headers are in, the
    // rest is lost with the connection.
    stub.setHandler((_req, res) => {
      res.writeHead(413, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"code":"413",');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const size = 3 * MB;
    const response = await forward(
      new Request(`${APP}/api/post`, {
        method: 'POST',
        body: new Uint8Array(size),
        headers: {
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(size),
        },
      }),
    );
    await expect413(response, '이미지는 10MB 이하여야 합니다.');
  });
});
