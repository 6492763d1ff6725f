/** @jest-environment node */
import { readCookie } from './cookies';
import { resetRefreshFlights } from './refresh';
import {
  freshSessionAtEdge,
  needsRefresh,
  readRequestSession,
  refreshAtEdge,
} from './session-edge';
import { accessJwt, startStub, type StubUpstream } from './test-utils';

let stub: StubUpstream;
let refreshAnswer: 'ok' | 'refused' | 'down';
const savedEnv = { ...process.env };
const newAccess = accessJwt(1800, 7);

beforeAll(async () => {
  stub = await startStub((req, res) => {
    if (refreshAnswer === 'down') {
      res.writeHead(503);
      return res.end();
    }
    if (refreshAnswer === 'refused' || readCookie(req.headers.cookie, 'refresh_token') !== 'r1') {
      res.writeHead(401, { 'content-type': 'text/plain' });
      return res.end('Invalid refresh token');
    }
    res.writeHead(200, {
      'set-cookie': [
        `access_token=${newAccess}; Path=/; Max-Age=1800; HttpOnly; SameSite=LAX`,
        'refresh_token=r2; Path=/api/token/refresh; Max-Age=604800; HttpOnly; SameSite=LAX',
      ],
    });
    res.end('토큰이 갱신되었습니다.');
  });
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = 'http://localhost:3000';
  stub.calls.length = 0;
  refreshAnswer = 'ok';
  resetRefreshFlights();
});
afterAll(async () => {
  process.env = savedEnv;
  await stub.close();
});

const expired = accessJwt(-60);

describe('readRequestSession', () => {
  it('reads both session cookies and whether the access token is fresh', () => {
    const fresh = accessJwt(600);
    expect(readRequestSession(`other=1; access_token=${fresh}; refresh_token=r1`)).toEqual({
      cookieHeader: `other=1; access_token=${fresh}; refresh_token=r1`,
      access: fresh,
      refresh: 'r1',
      accessFresh: true,
    });
    const session = readRequestSession(`access_token=${expired}; refresh_token=`);
    expect(session).toMatchObject({ access: expired, refresh: undefined, accessFresh: false });
    expect(readRequestSession(null)).toEqual({
      cookieHeader: null,
      access: undefined,
      refresh: undefined,
      accessFresh: false,
    });
  });

  it('needs a refresh only for a stale access token with a refresh cookie', () => {
    expect(needsRefresh(readRequestSession(`access_token=${expired}; refresh_token=r1`))).toBe(
      true,
    );
    expect(needsRefresh(readRequestSession('refresh_token=r1'))).toBe(true);
    expect(
      needsRefresh(readRequestSession(`access_token=${accessJwt(600)}; refresh_token=r1`)),
    ).toBe(false);
    expect(needsRefresh(readRequestSession(`access_token=${expired}`))).toBe(false);
  });
});

describe('refreshAtEdge', () => {
  const session = () => readRequestSession(`other=1; access_token=${expired}; refresh_token=r1`);

  it('refreshed: the new tokens go on with the other cookies, and to the browser', async () => {
    const refreshed = await refreshAtEdge(session(), false);
    expect(refreshed.kind).toBe('refreshed');
    expect(refreshed.accessToken).toBe(newAccess);
    expect(refreshed.cookieHeader).toBe(`other=1; access_token=${newAccess}; refresh_token=r2`);
    expect(refreshed.setCookies.map((line) => line.split(';')[0])).toEqual([
      `access_token=${newAccess}`,
      'refresh_token=r2',
    ]);
  });

  it('marks the browser cookies Secure when asked', async () => {
    const refreshed = await refreshAtEdge(session(), true);
    expect(refreshed.setCookies.every((line) => /;\s*Secure/i.test(line))).toBe(true);
  });

  it('rejected: both session cookies are left out and deleted in the browser', async () => {
    refreshAnswer = 'refused';
    const refreshed = await refreshAtEdge(session(), false);
    expect(refreshed).toMatchObject({ kind: 'rejected', accessToken: undefined });
    expect(refreshed.cookieHeader).toBe('other=1');
    const deleted = refreshed.setCookies.map((line) => line.split(';')[0]).sort();
    expect(deleted).toEqual(['access_token=', 'refresh_token=']);
  });

  it('unavailable: nothing changes, the cookies stay', async () => {
    refreshAnswer = 'down';
    expect(await refreshAtEdge(session(), false)).toEqual({
      kind: 'unavailable',
      accessToken: undefined,
      cookieHeader: undefined,
      setCookies: [],
    });
  });

  it('without a refresh cookie the session is over, and nothing is asked of the backend', async () => {
    const refreshed = await refreshAtEdge(readRequestSession(`access_token=${expired}`), false);
    expect(refreshed.kind).toBe('rejected');
    expect(refreshed.cookieHeader).toBe('');
    expect(stub.calls).toHaveLength(0);
  });
});

describe('freshSessionAtEdge', () => {
  it('leaves a fresh session alone, without a call', async () => {
    const fresh = readRequestSession(`access_token=${accessJwt(600)}; refresh_token=r1`);
    expect(await freshSessionAtEdge(fresh, false)).toBeNull();
    expect(stub.calls).toHaveLength(0);
  });

  it('refreshes a stale one through the shared flight: one call for concurrent requests', async () => {
    const stale = readRequestSession(`access_token=${expired}; refresh_token=r1`);
    const [a, b] = await Promise.all([
      freshSessionAtEdge(stale, false),
      freshSessionAtEdge(stale, false),
    ]);
    expect(a?.accessToken).toBe(newAccess);
    expect(b?.accessToken).toBe(newAccess);
    expect(stub.calls).toHaveLength(1);
  });
});
