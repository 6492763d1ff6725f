import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';

import { errorBodySchema } from '@/lib/contract/errors';
import { loginCheckSchema } from '@/lib/contract/session';

import { signAccessToken } from '../src/auth/access-token';
import { deriveKey } from '../src/auth/keys';
import { RefreshTokenService } from '../src/auth/refresh-tokens';
import { type Member, members } from '../src/db/schema';
import { buildMember, insertMembers } from '../src/seed/builders';
import { startServer, TEST_JWT_KEY, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { CookieJar, request } from './helpers/http';

after(dropTestDatabases);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cookieValue(lines: string[], name: string): string | undefined {
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

for (const kind of databaseKinds()) {
  describe(`session endpoints (${kind.name})`, () => {
    let server: TestServer;
    let member: Member;
    let refreshTokens: RefreshTokenService;

    async function start(env: Record<string, string> = {}) {
      server = await startServer(await kind.create(), env);
      [member] = await insertMembers(server.database.db, [buildMember({ name: '테스트회원' })]);
      refreshTokens = new RefreshTokenService(server.database.db, {
        sealKey: deriveKey(TEST_JWT_KEY, 'refresh-successor'),
        refreshTokenDays: server.config.refreshTokenDays,
        graceSeconds: server.config.refreshGraceSeconds,
      });
    }
    const accessCookie = async (minutes = 30, m: Member = member) =>
      `access_token=${await signAccessToken(TEST_JWT_KEY, m, minutes)}`;
    const refresh = (token: string) =>
      request(new CookieJar(), `${server.baseUrl}/api/token/refresh`, {
        method: 'POST',
        cookie: `refresh_token=${token}`,
      });

    afterEach(() => server?.close());

    describe('with the default grace window', () => {
      beforeEach(() => start());

      it('login/check answers signed-out for missing, expired, forged, garbage and refresh-type cookies', async () => {
        const expired = await new SignJWT({
          id: member.id,
          name: 'x',
          picture: null,
          authorities: 'USER',
          tokenType: 'access',
        })
          .setProtectedHeader({ alg: 'HS512' })
          .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(TEST_JWT_KEY);
        const forged = await signAccessToken(Buffer.alloc(64, 1), member, 30);
        const refreshType = await new SignJWT({ id: member.id, tokenType: 'refresh' })
          .setProtectedHeader({ alg: 'HS512' })
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(TEST_JWT_KEY);
        for (const cookie of [
          '',
          `access_token=${expired}`,
          `access_token=${forged}`,
          'access_token=garbage.%%%.x',
          `access_token=${refreshType}`,
        ]) {
          const response = await request(new CookieJar(), `${server.baseUrl}/api/login/check`, {
            cookie,
          });
          assert.equal(response.status, 200, cookie);
          assert.deepEqual(await response.json(), {
            id: null,
            name: null,
            picture: null,
            expiresIn: null,
            check: false,
          });
          // A cookie that fails verification is dropped; no cookie, nothing to drop.
          const cleared = response.headers
            .getSetCookie()
            .some((line) => /^access_token=;/.test(line) && /Max-Age=0/i.test(line));
          assert.equal(cleared, cookie !== '', cookie);
        }
        const response = await request(new CookieJar(), `${server.baseUrl}/api/login/check`, {
          cookie: await accessCookie(),
        });
        assert.deepEqual(response.headers.getSetCookie(), []);
        const body = loginCheckSchema.parse(await response.json());
        assert.deepEqual(
          { ...body, expiresIn: undefined },
          { id: member.id, name: '테스트회원', picture: null, expiresIn: undefined, check: true },
        );
        assert.ok(body.expiresIn === 29 || body.expiresIn === 30);
        assert.equal(response.headers.get('cache-control'), 'no-store');
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      });

      it('protected /api paths answer 401 JSON without a session and 404 with one for unknown paths', async () => {
        let response = await request(new CookieJar(), `${server.baseUrl}/api/member/exercises`);
        assert.equal(response.status, 401);
        const body = errorBodySchema.parse(await response.json());
        assert.equal(body.code, '401');
        assert.equal(body.path, null);
        assert.match(body.timestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);

        response = await request(new CookieJar(), `${server.baseUrl}/api/nothing/here`, {
          cookie: await accessCookie(),
        });
        assert.equal(response.status, 404);
        assert.equal(errorBodySchema.parse(await response.json()).code, '404');

        // A valid token for a member that no longer exists is not a session. (The product never
        // deletes members; a member this instance has just seen stays known for the few seconds
        // of MemberLookup's TTL, so the check uses one it has not seen.)
        const [gone] = await insertMembers(server.database.db, [buildMember({ name: '탈퇴회원' })]);
        const cookie = await accessCookie(30, gone);
        await server.database.db.delete(members).where(eq(members.id, gone.id));
        response = await request(new CookieJar(), `${server.baseUrl}/api/nothing/here`, { cookie });
        assert.equal(response.status, 401);
      });

      it('rotates the refresh token on every use', async () => {
        const first = await refreshTokens.startFamily(member.id);
        let response = await refresh(first);
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
        assert.equal(await response.text(), '토큰이 갱신되었습니다.');
        const lines = response.headers.getSetCookie();
        assert.equal(lines.length, 2);
        assert.match(
          lines.find((l) => l.startsWith('access_token='))!,
          /Path=\/;.*HttpOnly; SameSite=Lax/,
        );
        assert.match(
          lines.find((l) => l.startsWith('refresh_token='))!,
          /Max-Age=604800; Path=\/api\/token\/refresh; HttpOnly; SameSite=Lax/,
        );
        const second = cookieValue(lines, 'refresh_token')!;
        assert.notEqual(second, first);

        const check = await request(new CookieJar(), `${server.baseUrl}/api/login/check`, {
          cookie: `access_token=${cookieValue(lines, 'access_token')}`,
        });
        assert.equal(((await check.json()) as { check: boolean }).check, true);

        response = await refresh(second);
        assert.equal(response.status, 200);
        assert.notEqual(cookieValue(response.headers.getSetCookie(), 'refresh_token'), second);
      });

      it('hands out the same successor for a reuse within the grace window, also in parallel', async () => {
        const first = await refreshTokens.startFamily(member.id);
        const responses = await Promise.all([refresh(first), refresh(first), refresh(first)]);
        const successors = responses.map((r) => {
          assert.equal(r.status, 200);
          return cookieValue(r.headers.getSetCookie(), 'refresh_token');
        });
        assert.equal(new Set(successors).size, 1);
        assert.equal((await refresh(successors[0]!)).status, 200);
      });

      it('rejects missing, unknown and expired refresh tokens with 401 and clears the cookies', async () => {
        const response = await request(new CookieJar(), `${server.baseUrl}/api/token/refresh`, {
          method: 'POST',
        });
        assert.equal(response.status, 401);
        assert.equal(errorBodySchema.parse(await response.json()).code, '401');
        const cleared = response.headers.getSetCookie();
        assert.ok(cleared.some((l) => /^access_token=;.*Max-Age=0.*Path=\//.test(l)));
        assert.ok(
          cleared.some((l) => /^refresh_token=;.*Max-Age=0.*Path=\/api\/token\/refresh/.test(l)),
        );

        assert.equal((await refresh('unknown-token')).status, 401);
        const old = await refreshTokens.startFamily(
          member.id,
          new Date(Date.now() - 8 * 86400_000),
        );
        assert.equal((await refresh(old)).status, 401);
      });

      it('logout revokes the family, clears both cookies and is idempotent', async () => {
        const token = await refreshTokens.startFamily(member.id);
        const other = await refreshTokens.startFamily(member.id); // another device
        for (let i = 0; i < 2; i += 1) {
          const response = await request(new CookieJar(), `${server.baseUrl}/api/logout`, {
            method: 'POST',
            cookie: `${await accessCookie()}; refresh_token=${token}`,
            headers: { 'content-type': 'application/json' },
          });
          assert.equal(response.status, 200);
          assert.equal(await response.text(), '');
          const lines = response.headers.getSetCookie();
          assert.ok(lines.some((l) => /^access_token=;.*Max-Age=0.*Path=\//.test(l)));
          assert.ok(
            lines.some((l) => /^refresh_token=;.*Max-Age=0.*Path=\/api\/token\/refresh/.test(l)),
          );
        }
        assert.equal((await refresh(token)).status, 401);
        assert.equal((await refresh(other)).status, 200, 'other devices stay signed in');
        const anonymous = await request(new CookieJar(), `${server.baseUrl}/api/logout`, {
          method: 'POST',
        });
        assert.equal(anonymous.status, 200);
      });

      it('refuses a mutating request from a foreign Origin with 403', async () => {
        const token = await refreshTokens.startFamily(member.id);
        let response = await request(new CookieJar(), `${server.baseUrl}/api/token/refresh`, {
          method: 'POST',
          cookie: `refresh_token=${token}`,
          headers: { origin: 'https://evil.example' },
        });
        assert.equal(response.status, 403);
        assert.equal(errorBodySchema.parse(await response.json()).code, '403');
        response = await request(new CookieJar(), `${server.baseUrl}/api/token/refresh`, {
          method: 'POST',
          cookie: `refresh_token=${token}`,
          headers: { origin: server.baseUrl },
        });
        assert.equal(response.status, 200);
      });

      it('answers client mistakes with 4xx error bodies', async () => {
        const cookie = await accessCookie();
        const cases: Array<[string, RequestInit & { path: string }, number]> = [
          [
            'bad JSON',
            {
              path: '/api/logout',
              method: 'POST',
              body: '{"a":',
              headers: { 'content-type': 'application/json' },
            },
            400,
          ],
          ['unknown route', { path: '/nothing', method: 'GET' }, 404],
          ['wrong method', { path: '/api/login/check', method: 'DELETE' }, 404],
          [
            'unsupported media type',
            {
              path: '/api/logout',
              method: 'POST',
              body: 'x',
              headers: { 'content-type': 'application/x-unknown' },
            },
            415,
          ],
        ];
        for (const [label, init, status] of cases) {
          const response = await fetch(`${server.baseUrl}${init.path}`, {
            ...init,
            headers: { ...(init.headers as object), cookie },
          });
          assert.equal(response.status, status, label);
          const body = errorBodySchema.parse(await response.json());
          assert.equal(body.code, String(status), label);
        }
        const health = await fetch(`${server.baseUrl}/healthz`);
        assert.deepEqual(await health.json(), { status: 'ok' });
      });
    });

    describe('with a one-second grace window', () => {
      beforeEach(() => start({ REFRESH_GRACE_SECONDS: '1' }));

      it('revokes the whole family on a reuse after the grace window once the successor was used', async () => {
        const first = await refreshTokens.startFamily(member.id);
        const response = await refresh(first);
        const second = cookieValue(response.headers.getSetCookie(), 'refresh_token')!;
        const again = await refresh(first);
        assert.equal(
          cookieValue(again.headers.getSetCookie(), 'refresh_token'),
          second,
          'same successor within the window',
        );
        // The successor is used (its answer arrived); before that, a late retry of the first
        // token would still get it (a lost answer, session-end.test.ts).
        const third = cookieValue((await refresh(second)).headers.getSetCookie(), 'refresh_token')!;
        await sleep(1300);
        assert.equal((await refresh(first)).status, 401, 'reuse after the window');
        assert.equal((await refresh(third)).status, 401, 'the newest token is revoked too');
      });
    });
  });
}
