/** @jest-environment node */
import { readCookie } from './cookies';
import { forward } from './forward';
import { refreshSession, resetRefreshFlights } from './refresh';
import { accessJwt, startStub, type StubUpstream } from './test-utils';

const APP = 'http://localhost:3000';
let stub: StubUpstream;
const savedEnv = { ...process.env };
let newAccess: string;

beforeAll(async () => {
  stub = await startStub(() => undefined);
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = APP;
  stub.calls.length = 0;
  resetRefreshFlights();
  newAccess = accessJwt(1800, 7);
  stub.setHandler((req, res) => {
    const cookie = req.headers.cookie;
    if (req.url === '/api/token/refresh') {
      // Slow enough that all concurrent requests pile up on the one flight.
      setTimeout(() => {
        if (
          readCookie(cookie, 'refresh_token') !== 'old-refresh' ||
          readCookie(cookie, 'access_token')
        ) {
          res.writeHead(401, { 'content-type': 'text/plain' });
          return res.end('Invalid refresh token');
        }
        res.writeHead(200, {
          'content-type': 'text/plain;charset=UTF-8',
          'set-cookie': [
            `access_token=${newAccess}; Path=/; Max-Age=1800; HttpOnly; SameSite=LAX`,
            'refresh_token=new-refresh; Path=/api/token/refresh; Max-Age=604800; HttpOnly; SameSite=LAX',
          ],
        });
        res.end('토큰이 갱신되었습니다.');
      }, 50);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        access: readCookie(cookie, 'access_token') ?? null,
        refresh: readCookie(cookie, 'refresh_token') ?? null,
        other: readCookie(cookie, 'other') ?? null,
      }),
    );
  });
});
afterAll(async () => {
  process.env = savedEnv;
  await stub.close();
});

const expiredAccess = () => accessJwt(-60);

describe('transparent refresh', () => {
  it('20 concurrent requests with an expired access token cause exactly one upstream refresh', async () => {
    const cookie = `other=1; access_token=${expiredAccess()}; refresh_token=old-refresh`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        forward(new Request(`${APP}/api/item/${i}`, { headers: { cookie } })),
      ),
    );
    expect(stub.count('POST /api/token/refresh')).toBe(1);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        access: newAccess,
        refresh: 'new-refresh',
        other: '1',
      });
      const setCookies = response.headers.getSetCookie();
      expect(setCookies).toHaveLength(2);
      expect(setCookies[0]).toBe(
        `access_token=${newAccess}; Path=/; Max-Age=1800; HttpOnly; SameSite=Lax`,
      );
      expect(setCookies[1]).toBe(
        'refresh_token=new-refresh; Path=/; Max-Age=604800; HttpOnly; SameSite=Lax',
      );
    }
    // A straggler still holding the old cookie shortly after reuses the settled answer.
    const late = await forward(new Request(`${APP}/api/late`, { headers: { cookie } }));
    expect((await late.json()).access).toBe(newAccess);
    expect(stub.count('POST /api/token/refresh')).toBe(1);
  });

  it('refreshes when there is only a refresh cookie (a reload of /api/login/check)', async () => {
    const response = await forward(
      new Request(`${APP}/api/login/check`, { headers: { cookie: 'refresh_token=old-refresh' } }),
    );
    expect(await response.json()).toEqual({
      access: newAccess,
      refresh: 'new-refresh',
      other: null,
    });
    expect(stub.calls).toEqual(['POST /api/token/refresh', 'GET /api/login/check']);
  });

  it('does not refresh while the access token is fresh', async () => {
    const access = accessJwt(600);
    const response = await forward(
      new Request(`${APP}/api/x`, {
        headers: { cookie: `access_token=${access}; refresh_token=old-refresh` },
      }),
    );
    expect((await response.json()).access).toBe(access);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(stub.calls).toEqual(['GET /api/x']);
  });

  it.each(['/api/token/refresh', '/api/logout'])('never refreshes for %s', async (path) => {
    stub.setHandler((_req, res) => res.end('ok'));
    await forward(
      new Request(`${APP}${path}`, {
        method: 'POST',
        headers: { cookie: `refresh_token=old-refresh` },
      }),
    );
    expect(stub.calls).toEqual([`POST ${path}`]);
  });

  it('on a refused refresh forwards without the session cookies and deletes both', async () => {
    const response = await forward(
      new Request(`${APP}/api/login/check`, {
        headers: { cookie: `access_token=${expiredAccess()}; refresh_token=stolen; other=2` },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ access: null, refresh: null, other: '2' });
    const setCookies = response.headers.getSetCookie();
    expect(setCookies).toHaveLength(2);
    expect(setCookies[0]).toMatch(/^access_token=; Path=\/; Max-Age=0;/);
    expect(setCookies[1]).toMatch(/^refresh_token=; Path=\/; Max-Age=0;/);
  });

  it('keeps the cookies when the backend cannot be reached for the refresh', async () => {
    process.env.BACKEND_URL = 'http://127.0.0.1:9'; // discard port: nothing listens
    const outcome = await refreshSession('old-refresh');
    expect(outcome).toEqual({ kind: 'unavailable', status: 502 });
    const response = await forward(
      new Request(`${APP}/api/x`, { headers: { cookie: 'refresh_token=old-refresh' } }),
    );
    expect(response.status).toBe(502);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('marks cookies Secure when the app is https', async () => {
    process.env.PUBLIC_URL = 'https://app.example';
    const response = await forward(
      new Request('https://app.example/api/x', {
        headers: { cookie: 'refresh_token=old-refresh' },
      }),
    );
    for (const line of response.headers.getSetCookie()) expect(line).toMatch(/; Secure$/);
  });
});
