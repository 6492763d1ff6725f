/** @jest-environment node */
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';

import { readCookie } from '@/lib/bff/cookies';
import { resetRefreshFlights } from '@/lib/bff/refresh';
import {
  accessJwt,
  NON_PAGE_PATHS,
  PAGE_PATHS,
  SOCKJS_PATHS,
  startStub,
  type StubUpstream,
} from '@/lib/bff/test-utils';

import { config, proxy } from './proxy';

describe('proxy.ts matcher (as Next compiles it)', () => {
  it.each(PAGE_PATHS)('matches page %s', (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
  });
  it.each(NON_PAGE_PATHS.filter((url) => !SOCKJS_PATHS.includes(url)))(
    'does not match %s',
    (url) => {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
    },
  );
  it.each(SOCKJS_PATHS)('matches SockJS path %s', (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
  });
});

describe('proxy() for SockJS', () => {
  const savedBackend = process.env.BACKEND_URL;
  afterAll(() => {
    process.env.BACKEND_URL = savedBackend;
  });

  it.each(SOCKJS_PATHS)('rewrites %s to the backend named at request time', async (path) => {
    for (const backend of ['http://127.0.0.1:8080', 'http://backend.internal:9000/']) {
      process.env.BACKEND_URL = backend;
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(response.headers.get('x-middleware-rewrite')).toBe(
        `${backend.replace(/\/$/, '')}${path}`,
      );
    }
  });

  it('keeps the query (SockJS cache busters)', async () => {
    process.env.BACKEND_URL = 'http://127.0.0.1:8080';
    const response = await proxy(new NextRequest('http://localhost:3000/chat/info?t=17000'));
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://127.0.0.1:8080/chat/info?t=17000',
    );
  });

  it("never rewrites outside the backend's /chat, dot segments and escapes included", async () => {
    process.env.BACKEND_URL = 'http://127.0.0.1:8080';
    for (const path of [
      '/chat/x/%2e%2e/websocket',
      '/chat/1/%2e%2e/%2e%2e/api/me',
      '/chat/1/a%2fb/websocket',
      '/chat/1/2/%2e%2e',
    ]) {
      const response = await proxy(new NextRequest(`http://localhost:3000${path}`));
      const target = response.headers.get('x-middleware-rewrite');
      if (target?.startsWith('http://127.0.0.1:8080')) {
        expect(target).toMatch(/^http:\/\/127\.0\.0\.1:8080\/chat\/[\w/-]+$/);
      }
    }
  });
});

describe('proxy()', () => {
  const APP = 'http://localhost:3000';
  const savedEnv = { ...process.env };
  let stub: StubUpstream;
  let newAccess: string;
  const refusedAccess = accessJwt(600, 666);

  beforeAll(async () => {
    stub = await startStub((req, res) => {
      if (req.url === '/api/login/check') {
        // A token of member 666 is one the backend refuses (signed with another key, say).
        const refused = readCookie(req.headers.cookie, 'access_token') === refusedAccess;
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ check: !refused, expiresIn: refused ? null : 10 }));
      }
      if (readCookie(req.headers.cookie, 'refresh_token') !== 'good') {
        res.writeHead(401, { 'content-type': 'text/plain' });
        return void res.end('Invalid refresh token');
      }
      res.writeHead(200, {
        'set-cookie': [
          `access_token=${newAccess}; Path=/; Max-Age=1800; HttpOnly; SameSite=LAX`,
          'refresh_token=next; Path=/api/token/refresh; Max-Age=604800; HttpOnly; SameSite=LAX',
        ],
      });
      res.end('토큰이 갱신되었습니다.');
    });
  });
  beforeEach(() => {
    process.env.BACKEND_URL = stub.url;
    process.env.PUBLIC_URL = APP;
    stub.calls.length = 0;
    resetRefreshFlights();
    newAccess = accessJwt(1800);
  });
  afterAll(async () => {
    process.env = savedEnv;
    await stub.close();
  });

  const request = (path: string, cookie?: string) =>
    new NextRequest(`${APP}${path}`, { headers: cookie ? { cookie } : {} });

  it('sends a page on another host to the same path on PUBLIC_URL first, session or not', async () => {
    for (const cookie of [undefined, `access_token=${accessJwt(-30)}; refresh_token=good`]) {
      for (const path of ['/', '/club?isMyClubs=1', '/login', '/chat/abc']) {
        const response = await proxy(
          new NextRequest(`http://app.internal:3000${path}`, {
            headers: { host: 'www.example.com', ...(cookie ? { cookie } : {}) },
          }),
        );
        expect(response.status).toBe(307);
        expect(response.headers.get('location')).toBe(`${APP}${path}`);
        expect(response.headers.getSetCookie()).toEqual([]);
      }
    }
    // Before anything else: no refresh was attempted for the expired session.
    expect(stub.calls).toEqual([]);
  });

  it("on Next's own origin (which Next would make a relative Location), moves with a refresh page", async () => {
    // `next start` without a hostname hands proxy.ts http://localhost:{port}/… whatever the Host.
    const response = await proxy(
      new NextRequest(`${APP}/club?name=%22%3Cx%3E&isMyClubs=1`, {
        headers: { host: '127.0.0.1:3000' },
      }),
    );
    const target = `${APP}/club?name=%22%3Cx%3E&isMyClubs=1`;
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('refresh')).toBe(`0;url=${target}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(
      `<meta http-equiv="refresh" content="0;url=${target.replace(/&/g, '&amp;')}">`,
    );
    expect(html).toContain(`<a href="${target.replace(/&/g, '&amp;')}">`);
    expect(stub.calls).toEqual([]);
  });

  it('trusts the host a proxy in front forwarded, not the Host it rewrote', async () => {
    const proxied = await proxy(
      new NextRequest('http://10.0.0.5:3000/login', {
        headers: { host: '10.0.0.5:3000', 'x-forwarded-host': 'localhost:3000' },
      }),
    );
    expect(proxied.headers.get('x-middleware-next')).toBe('1');
    const direct = await proxy(
      new NextRequest(`${APP}/login`, { headers: { host: 'localhost:3000' } }),
    );
    expect(direct.headers.get('x-middleware-next')).toBe('1');
  });

  it('leaves the BFF paths of its second matcher to the BFF, whatever the host', async () => {
    const response = await proxy(
      new NextRequest('http://app.internal:3000/api/x%zz', {
        headers: { host: 'www.example.com' },
      }),
    );
    expect(response.status).toBe(400);
  });

  it('answers a page that cannot exist with the not-found route, session or not', async () => {
    for (const cookie of [undefined, `access_token=${accessJwt(600)}`]) {
      const response = await proxy(request('/chat/abc', cookie));
      expect(response.headers.get('x-middleware-rewrite')).toBe(`${APP}/_not-found`);
    }
    expect(stub.calls).toEqual([]);
  });

  it('lets the browser keep a page it renders, checked again before reuse, never in a shared cache', async () => {
    for (const [path, cookie] of [
      ['/chat/5', `access_token=${accessJwt(600)}`],
      ['/', `access_token=${accessJwt(-30)}; refresh_token=good`],
      ['/login', undefined],
    ] as const) {
      const response = await proxy(request(path, cookie));
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
    }
  });

  it('renders a share link without a session as its public preview, in place', async () => {
    const response = await proxy(request('/routine/shared/abcdefghijklmnopqrstuv'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      `${APP}/shared-routine/abcdefghijklmnopqrstuv`,
    );
    expect(response.headers.get('content-security-policy')).toContain('nonce-');
  });

  it('redirects a protected page without a session to /login?next=', async () => {
    const response = await proxy(request('/club?isMyClubs=1'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${APP}/login?next=%2Fclub%3FisMyClubs%3D1`);
  });

  it('sends /login home with a session the backend accepts, and lets it through without one', async () => {
    const home = await proxy(request('/login', `access_token=${accessJwt(600)}`));
    expect(home.status).toBe(307);
    expect(home.headers.get('location')).toBe(`${APP}/`);
    expect(stub.calls).toEqual(['GET /api/login/check']);
    const open = await proxy(request('/login'));
    expect(open.headers.get('x-middleware-next')).toBe('1');
    expect(stub.calls).toHaveLength(1);
  });

  it('shows /login, cookies cleared, for a fresh-looking token the backend refuses (no loop home)', async () => {
    const response = await proxy(request('/login', `access_token=${refusedAccess}`));
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('location')).toBeNull();
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((line) => line.startsWith('access_token=; Path=/; Max-Age=0'))).toBe(
      true,
    );
    // Other pages do not ask: the signed-in layout's own server check covers them.
    await proxy(request('/post', `access_token=${refusedAccess}`));
    expect(stub.calls).toEqual(['GET /api/login/check']);
  });

  it('tries the refresh token when /login has a refused access token, and goes home on success', async () => {
    const response = await proxy(
      request('/login', `access_token=${refusedAccess}; refresh_token=good`),
    );
    expect(stub.calls).toEqual(['GET /api/login/check', 'POST /api/token/refresh']);
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${APP}/`);
  });

  it('refreshes an expired session: new cookies on the response and on the forwarded request', async () => {
    const response = await proxy(
      request('/post', `access_token=${accessJwt(-30)}; refresh_token=good; theme=dark`),
    );
    expect(stub.calls).toEqual(['POST /api/token/refresh']);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    const setCookies = response.headers.getSetCookie();
    expect(setCookies).toContain(
      `access_token=${newAccess}; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax`,
    );
    expect(setCookies).toContain(
      'refresh_token=next; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax',
    );
    // NextResponse.next({ request: { headers } }) carries the overridden Cookie header.
    expect(response.headers.get('x-middleware-request-cookie')).toBe(
      `access_token=${newAccess}; refresh_token=next; theme=dark`,
    );
  });

  it('redirects to /login with the cookies cleared when the refresh is refused', async () => {
    const response = await proxy(request('/exercise', 'refresh_token=revoked'));
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${APP}/login?next=%2Fexercise`);
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((line) => line.startsWith('access_token=; Path=/; Max-Age=0'))).toBe(
      true,
    );
    expect(setCookies.some((line) => line.startsWith('refresh_token=; Path=/; Max-Age=0'))).toBe(
      true,
    );
  });

  describe('security headers', () => {
    const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

    it('gives every page a policy with a fresh nonce, on the response and on the request Next renders', async () => {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const response = await proxy(request('/login'));
        expect(response.headers.get('x-middleware-next')).toBe('1');
        const policy = response.headers.get('content-security-policy');
        const nonce = nonceOf(policy);
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
        // Next takes the nonce for its scripts from the request's policy header.
        expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
        expect(response.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
        expect(response.headers.get('permissions-policy')).toContain('camera=()');
        expect(response.headers.get('strict-transport-security')).toBeNull();
        nonces.add(nonce!);
      }
      expect(nonces.size).toBe(3);
    });

    it('replaces a nonce the client sent itself', async () => {
      const response = await proxy(
        new NextRequest(`${APP}/login`, {
          headers: { 'x-nonce': 'mine', 'content-security-policy': "script-src 'nonce-mine'" },
        }),
      );
      const nonce = nonceOf(response.headers.get('content-security-policy'));
      expect(nonce).not.toBe('mine');
      expect(response.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
      expect(response.headers.get('x-middleware-request-content-security-policy')).toContain(
        `'nonce-${nonce}'`,
      );
    });

    it('covers every answer a page request can get: redirects, the not-found rewrite, a refresh', async () => {
      const answers = [
        await proxy(request('/club')), // to /login
        await proxy(request('/chat/abc')), // not found
        await proxy(request('/post', `access_token=${accessJwt(-30)}; refresh_token=good`)),
        await proxy(new NextRequest(`${APP}/`, { headers: { host: '127.0.0.1:3000' } })),
      ];
      for (const response of answers) {
        expect(nonceOf(response.headers.get('content-security-policy'))).toBeDefined();
        expect(response.headers.get('permissions-policy')).toBeTruthy();
      }
      // The rendering ones hand the policy to Next, the refreshed cookies beside it.
      const [, notFound, refreshed] = answers;
      for (const response of [notFound, refreshed]) {
        expect(response.headers.get('x-middleware-request-x-nonce')).toBe(
          nonceOf(response.headers.get('content-security-policy')),
        );
      }
      expect(refreshed.headers.get('x-middleware-request-cookie')).toContain(
        `access_token=${newAccess}`,
      );
    });

    it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https, and the chat origin when CHAT_URL differs', async () => {
      process.env.PUBLIC_URL = 'https://health.example.com';
      process.env.CHAT_URL = 'https://chat.example.com';
      try {
        const response = await proxy(
          new NextRequest('https://health.example.com/login', {
            headers: { host: 'health.example.com' },
          }),
        );
        expect(response.headers.get('strict-transport-security')).toBe(
          'max-age=63072000; includeSubDomains',
        );
        const policy = response.headers.get('content-security-policy');
        expect(policy).toContain('upgrade-insecure-requests');
        expect(policy).toContain(
          "connect-src 'self' https://chat.example.com wss://chat.example.com",
        );
      } finally {
        delete process.env.CHAT_URL;
      }
    });

    it('leaves the BFF paths of its second matcher without page headers', async () => {
      const response = await proxy(new NextRequest(`${APP}/api/x%zz`));
      expect(response.headers.get('content-security-policy')).toBeNull();
    });
  });
});
