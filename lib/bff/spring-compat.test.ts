/** @jest-environment node */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { readCookie } from './cookies';
import { forward } from './forward';
import { resetRefreshFlights } from './refresh';
import { accessJwt, startStub, type StubUpstream } from './test-utils';

/**
 * The BFF in front of a stub that answers the way the original Spring backend does
 * (its wire format, bugs included): 302 to /oauth2/authorization/google instead of 401, refresh
 * cookies with Path=/api/token/refresh and SameSite=LAX, plain-text bodies, refresh 401 in text.
 */

const APP = 'http://localhost:3000';
const savedEnv = { ...process.env };
let spring: StubUpstream;
const validRefresh = new Set<string>();
const validAccess = new Set<string>();
let serial = 0;

function springCookie(name: string, value: string, path: string, maxAge: number): string {
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; Expires=${expires}; Secure; HttpOnly; SameSite=LAX`;
}

function springHandler(req: IncomingMessage, res: ServerResponse): void {
  const cookie = req.headers.cookie;
  const path = (req.url ?? '').split('?')[0];
  if (path === '/api/token/refresh') {
    const token = readCookie(cookie, 'refresh_token');
    if (!token) {
      res.writeHead(400, { 'content-type': 'application/json' });
      return void res.end('{"status":400,"error":"Bad Request","path":"/api/token/refresh"}');
    }
    if (!validRefresh.delete(token)) {
      res.writeHead(401, { 'content-type': 'text/plain;charset=UTF-8' });
      return void res.end('Invalid refresh token');
    }
    const access = accessJwt(1800, ++serial);
    const refresh = `refresh-${serial}`;
    validAccess.add(access);
    validRefresh.add(refresh);
    res.writeHead(200, {
      'content-type': 'text/plain;charset=UTF-8',
      'set-cookie': [
        springCookie('access_token', access, '/', 1800),
        springCookie('refresh_token', refresh, '/api/token/refresh', 604800),
      ],
    });
    return void res.end('토큰이 갱신되었습니다.');
  }
  if (path === '/api/login/check') {
    const signedIn = validAccess.has(readCookie(cookie, 'access_token') ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(
      JSON.stringify({
        id: signedIn ? 1 : null,
        name: null,
        picture: null,
        expiresIn: 30,
        check: signedIn,
      }),
    );
  }
  if (!validAccess.has(readCookie(cookie, 'access_token') ?? '')) {
    res.writeHead(302, { location: `${spring.url}/oauth2/authorization/google` });
    return void res.end();
  }
  if (path === '/api/logout') {
    res.writeHead(200, {
      'set-cookie': [
        `access_token=${readCookie(cookie, 'access_token')}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/`,
        'refresh_token=x; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/api/token/refresh',
      ],
    });
    return void res.end();
  }
  // A bare Java String answer: raw text, content type following Accept.
  res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
  res.end('운동이 저장되었습니다.');
}

beforeAll(async () => {
  spring = await startStub(springHandler);
});
beforeEach(() => {
  process.env.BACKEND_URL = spring.url;
  process.env.PUBLIC_URL = APP;
  spring.calls.length = 0;
  resetRefreshFlights();
});
afterAll(async () => {
  process.env = savedEnv;
  await spring.close();
});

describe('in front of the original Spring backend', () => {
  it('turns the unauthenticated 302 to /oauth2/authorization/google into 401 JSON', async () => {
    const response = await forward(new Request(`${APP}/api/member/exercises`));
    expect(response.status).toBe(401);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toMatchObject({ code: '401', data: null, path: null });
  });

  it('refreshes with the Spring cookies, rewritten for the app (Path=/, Lax, no Secure on http)', async () => {
    validRefresh.add('r0');
    const response = await forward(
      new Request(`${APP}/api/exercise`, {
        method: 'POST',
        headers: {
          cookie: `access_token=${accessJwt(-5)}; refresh_token=r0`,
          accept: 'application/json, text/plain, */*',
        },
        body: '{"name":"스쿼트","sets":[]}',
      }),
    );
    expect(response.status).toBe(201);
    expect(await response.text()).toBe('운동이 저장되었습니다.');
    const [access, refresh] = response.headers.getSetCookie();
    expect(access).toMatch(
      /^access_token=[^;]+; Path=\/; Max-Age=1800; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    expect(refresh).toMatch(
      /^refresh_token=refresh-\d+; Path=\/; Max-Age=604800; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });

  it('passes plain-text bodies through untouched', async () => {
    validRefresh.add('r1');
    const response = await forward(
      new Request(`${APP}/api/member/3`, { headers: { cookie: 'refresh_token=r1' } }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('운동이 저장되었습니다.');
  });

  it('clears both cookies when Spring refuses the refresh with a plain-text 401', async () => {
    const response = await forward(
      new Request(`${APP}/api/member/exercises`, {
        headers: { cookie: `access_token=${accessJwt(-5)}; refresh_token=revoked` },
      }),
    );
    // Forwarded without cookies, Spring redirects to sign-in, which the browser sees as 401.
    expect(response.status).toBe(401);
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.some((line) => /^access_token=; Path=\/; Max-Age=0/.test(line))).toBe(true);
    expect(setCookies.some((line) => /^refresh_token=; Path=\/; Max-Age=0/.test(line))).toBe(true);
    expect(spring.calls).toEqual(['POST /api/token/refresh', 'GET /api/member/exercises']);
  });

  it('keeps a session alive across a reload with only the refresh cookie (/api/login/check)', async () => {
    validRefresh.add('r2');
    const response = await forward(
      new Request(`${APP}/api/login/check`, { headers: { cookie: 'refresh_token=r2' } }),
    );
    expect((await response.json()).check).toBe(true);
  });

  it("rewrites the servlet container's logout deletions for the app origin", async () => {
    const access = accessJwt(600);
    validAccess.add(access);
    const response = await forward(
      new Request(`${APP}/api/logout`, {
        method: 'POST',
        headers: { cookie: `access_token=${access}` },
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([
      `access_token=${access}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/`,
      'refresh_token=x; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:10 GMT; Path=/',
    ]);
  });
});
