/** @jest-environment node */
import * as z from 'zod/mini';

import { readCookie } from './cookies';
import { resetRefreshFlights } from './refresh';
import {
  AccessDeniedError,
  BackendReadError,
  readBackend,
  readBackendOrNull,
} from './server-client';
import { accessJwt, startStub, type StubUpstream } from './test-utils';

// The request's cookies as next/headers would give them to a server component.
let requestCookies: Record<string, string> = {};
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      name in requestCookies ? { name, value: requestCookies[name] } : undefined,
    toString: () =>
      Object.entries(requestCookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
  }),
}));

// notFound() and redirect() end rendering by throwing; the sentinels say which one ran.
class NotFoundSignal extends Error {}
class RedirectSignal extends Error {
  constructor(readonly location: string) {
    super(`redirect ${location}`);
  }
}
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFoundSignal();
  },
  redirect: (location: string) => {
    throw new RedirectSignal(location);
  },
}));

const numbers = z.array(z.number());
let stub: StubUpstream;
const savedEnv = { ...process.env };

beforeAll(async () => {
  stub = await startStub(() => undefined);
});
afterAll(async () => {
  await stub.close();
  process.env = savedEnv;
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = 'http://localhost:3000';
  stub.calls.length = 0;
  resetRefreshFlights();
  requestCookies = {};
});

function answer(status: number, body: unknown) {
  stub.setHandler((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
}

describe('readBackend', () => {
  it("forwards the request's cookies and parses the answer with the schema", async () => {
    const access = accessJwt(600);
    requestCookies = { access_token: access, refresh_token: 'r1', theme: 'dark' };
    let seen: string | undefined;
    stub.setHandler((req, res) => {
      seen = req.headers.cookie;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[1,2,3]');
    });
    await expect(readBackend('/api/things?limit=3', numbers)).resolves.toEqual([1, 2, 3]);
    expect(stub.calls).toEqual(['GET /api/things?limit=3']);
    expect(readCookie(seen, 'access_token')).toBe(access);
    expect(readCookie(seen, 'refresh_token')).toBe('r1');
    expect(readCookie(seen, 'theme')).toBe('dark');
  });

  it('refreshes an expired access token first (one refresh) and reads with the new one', async () => {
    const fresh = accessJwt(1800);
    requestCookies = { access_token: accessJwt(-60), refresh_token: 'old-refresh' };
    let seen: string | undefined;
    stub.setHandler((req, res) => {
      if (req.url === '/api/token/refresh') {
        expect(readCookie(req.headers.cookie, 'refresh_token')).toBe('old-refresh');
        res.writeHead(200, {
          'set-cookie': [
            `access_token=${fresh}; Path=/; HttpOnly`,
            'refresh_token=new-refresh; Path=/api/token/refresh; HttpOnly',
          ],
        });
        return res.end('ok');
      }
      seen = req.headers.cookie;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[7]');
    });
    await expect(readBackend('/api/things', numbers)).resolves.toEqual([7]);
    expect(stub.calls).toEqual(['POST /api/token/refresh', 'GET /api/things']);
    expect(readCookie(seen, 'access_token')).toBe(fresh);
  });

  it('retries once after a refresh when a fresh-looking token is refused with 401', async () => {
    const fresh = accessJwt(1800, 2);
    requestCookies = { access_token: accessJwt(600), refresh_token: 'r' };
    stub.setHandler((req, res) => {
      if (req.url === '/api/token/refresh') {
        res.writeHead(200, { 'set-cookie': [`access_token=${fresh}; Path=/`] });
        return res.end();
      }
      const ok = readCookie(req.headers.cookie, 'access_token') === fresh;
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
      res.end(ok ? '[1]' : '{}');
    });
    await expect(readBackend('/api/things', numbers)).resolves.toEqual([1]);
    expect(stub.calls).toEqual(['GET /api/things', 'POST /api/token/refresh', 'GET /api/things']);
  });

  it('sends a request nobody is signed in for to /login', async () => {
    answer(401, { code: '401', message: 'no', data: null, timestamp: 'x', path: null });
    await expect(readBackend('/api/things', numbers)).rejects.toEqual(new RedirectSignal('/login'));
  });

  it('maps 404 to notFound()', async () => {
    requestCookies = { access_token: accessJwt(600) };
    answer(404, { code: '404', message: 'none', data: null, timestamp: 'x', path: null });
    await expect(readBackend('/api/things/9', numbers)).rejects.toBeInstanceOf(NotFoundSignal);
    // A record that may be gone (a day's log) reads as null instead.
    await expect(readBackendOrNull('/api/things/9', numbers)).resolves.toBeNull();
  });

  it('maps 403 to AccessDeniedError (the access-denied screen)', async () => {
    requestCookies = { access_token: accessJwt(600) };
    answer(403, { code: '403', message: 'no', data: null, timestamp: 'x', path: null });
    const failure = readBackend('/api/today/friend/3/yearAndMonth/2026/11', numbers);
    await expect(failure).rejects.toBeInstanceOf(AccessDeniedError);
  });

  it('maps a 5xx and an answer of the wrong shape to BackendReadError (the error boundary)', async () => {
    requestCookies = { access_token: accessJwt(600) };
    answer(500, { code: '500' });
    await expect(readBackend('/api/things', numbers)).rejects.toMatchObject({
      name: 'BackendReadError',
      status: 500,
    });
    answer(200, { not: 'a list' });
    await expect(readBackend('/api/things', numbers)).rejects.toBeInstanceOf(BackendReadError);
  });

  it('reads once more when the connection drops before any answer (a balancer reloading)', async () => {
    requestCookies = { access_token: accessJwt(600) };
    let dropped = false;
    stub.setHandler((req, res) => {
      if (!dropped) {
        dropped = true;
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[4]');
    });
    await expect(readBackend('/api/things', numbers)).resolves.toEqual([4]);
    expect(stub.calls).toEqual(['GET /api/things', 'GET /api/things']);
  });

  it('maps a backend that is down to BackendReadError', async () => {
    requestCookies = { access_token: accessJwt(600) };
    const down = await startStub(() => undefined);
    process.env.BACKEND_URL = down.url;
    await down.close();
    await expect(readBackend('/api/things', numbers)).rejects.toMatchObject({
      name: 'BackendReadError',
      status: 0,
    });
  });
});

describe('trace context of the reads', () => {
  it('sends a traceparent, keeps the trace through the retry after a refresh, and names it in BackendReadError', async () => {
    requestCookies = { access_token: accessJwt(600), refresh_token: 'r1' };
    const traces: string[] = [];
    stub.setHandler((req, res) => {
      traces.push(String(req.headers.traceparent));
      if (req.url === '/api/token/refresh') {
        res.setHeader('set-cookie', [`access_token=${accessJwt(600, 2)}; Path=/`]);
        res.end();
        return;
      }
      // The first read is refused (a token signed with an old key), the retry fails.
      res.statusCode = traces.length === 1 ? 401 : 503;
      res.end('{}');
    });
    const failure = await readBackend('/api/things', numbers).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackendReadError);
    const reads = traces.filter((_, index) => stub.calls[index] === 'GET /api/things');
    expect(reads).toHaveLength(2);
    const [first, retry] = reads.map((header) => header.split('-'));
    expect(first[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(retry[1]).toBe(first[1]);
    expect((failure as BackendReadError).traceId).toBe(first[1]);
    expect((failure as Error).message).toBe(
      `backend read failed: GET /api/things (503) trace_id=${first[1]}`,
    );
  });
});
