import assert from 'node:assert/strict';
import { after, afterEach, describe, it, type TestContext } from 'node:test';

import type { IFrame } from '@stomp/stompjs';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';

import { errorBodySchema } from '@/lib/contract/errors';

import { deriveKey } from '../src/auth/keys';
import { RefreshTokenService } from '../src/auth/refresh-tokens';
import { SessionRevocations } from '../src/auth/session-revocations';
import type { Db } from '../src/db/client';
import { refreshTokenFamilies, refreshTokens } from '../src/db/schema';
import { buildClub, buildMember, insertClubs, insertMembers } from '../src/seed/builders';
import { GENEROUS_RATE_LIMITS, startServer, TEST_JWT_KEY, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { CookieJar, request } from './helpers/http';
import { startRedisPair } from './helpers/instances';
import { signIn } from './helpers/sign-in';
import { openEvents } from './helpers/sse';
import {
  CHAT_TRANSPORTS,
  type ChatVia,
  connectStomp,
  type StompPeer,
  subscribeRoom,
} from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

/** One signed-in device: its cookies as the backend set them at sign-in. */
interface Device {
  access: string;
  refresh: string;
  /** The session (refresh family) its access token names. */
  sid: string;
  memberId: number;
}

async function signInDevice(baseUrl: string, email: string): Promise<Device> {
  const { jar } = await signIn(baseUrl, { email, name: '세션회원' });
  const access = jar.cookies.get('access_token')!.value;
  const claims = decodeJwt(access);
  return {
    access,
    refresh: jar.cookies.get('refresh_token')!.value,
    sid: claims.sid as string,
    memberId: claims.id as number,
  };
}

const accessCookie = (device: Device) => `access_token=${device.access}`;

function cookieValue(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0];
}

async function refresh(baseUrl: string, token: string): Promise<Response> {
  return request(new CookieJar(), `${baseUrl}/api/token/refresh`, {
    method: 'POST',
    cookie: `refresh_token=${token}`,
  });
}

/** A refresh that succeeds: the device's new cookies. */
async function refreshed(baseUrl: string, device: Device): Promise<Device> {
  const response = await refresh(baseUrl, device.refresh);
  assert.equal(response.status, 200);
  const access = cookieValue(response, 'access_token')!;
  return { ...device, access, refresh: cookieValue(response, 'refresh_token')! };
}

async function checkOf(baseUrl: string, cookie: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/login/check`, { headers: { cookie } });
  return ((await response.json()) as { check: boolean }).check;
}

/** Status of a chat handshake (SockJS xhr-streaming open) with `cookie`. */
async function handshakeStatus(baseUrl: string, cookie: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/chat/000/${Math.random().toString(36).slice(2)}/xhr`, {
    method: 'POST',
    headers: { cookie },
    signal: controller.signal,
  });
  if (response.status === 401) {
    assert.equal(errorBodySchema.parse(await response.json()).code, '401');
  } else controller.abort();
  return response.status;
}

/** The status of `GET /api/events` (the stream is closed again at once). */
async function eventsStatus(baseUrl: string, cookie: string): Promise<number> {
  const stream = await openEvents(baseUrl, cookie);
  stream.close();
  return stream.status;
}

/** Asserts every way in refuses `cookie` (REST, login check, chat handshake, live stream). */
async function assertRefused(baseUrl: string, cookie: string, where: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/member/exercises`, { headers: { cookie } });
  assert.equal(response.status, 401, `REST on ${where}`);
  assert.equal(errorBodySchema.parse(await response.json()).code, '401');
  assert.equal(await checkOf(baseUrl, cookie), false, `login check on ${where}`);
  assert.equal(await handshakeStatus(baseUrl, cookie), 401, `chat handshake on ${where}`);
  assert.equal(await eventsStatus(baseUrl, cookie), 401, `/api/events on ${where}`);
}

async function assertAccepted(baseUrl: string, cookie: string, where: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/member/exercises`, { headers: { cookie } });
  assert.equal(response.status, 200, `REST on ${where}`);
  assert.equal(await checkOf(baseUrl, cookie), true, `login check on ${where}`);
  assert.equal(await eventsStatus(baseUrl, cookie), 200, `/api/events on ${where}`);
}

/** A STOMP peer that records how the server closed it. */
async function watchedPeer(baseUrl: string, cookie: string, roomId: number, via: ChatVia) {
  const peer = await connectStomp(baseUrl, cookie, { via });
  await subscribeRoom(peer, roomId);
  const closes: Array<{ code: number; reason: string }> = [];
  peer.client.onWebSocketClose = (event: { code: number; reason: string }) =>
    closes.push({ code: event.code, reason: event.reason });
  return { peer, closes };
}

async function familyRevokedAt(db: Db, familyId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ revokedAt: refreshTokenFamilies.revokedAt })
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, familyId));
  return row ? row.revokedAt : undefined;
}

for (const kind of databaseKinds()) {
  describe(`a session ends on the server (${kind.name})`, () => {
    let server: TestServer;
    afterEach(() => server?.close());

    const start = async (env: Record<string, string> = {}) => {
      server = await startServer(await kind.create(), { ...GENEROUS_RATE_LIMITS, ...env });
    };
    const service = () =>
      new RefreshTokenService(server.database.db, {
        sealKey: deriveKey(TEST_JWT_KEY, 'refresh-successor'),
        refreshTokenDays: server.config.refreshTokenDays,
        graceSeconds: server.config.refreshGraceSeconds,
        lostAnswerSeconds: server.config.accessTokenMinutes * 60,
      });

    it('sign-in and refresh put the session’s family in the access token (sid), original claims kept', async () => {
      await start();
      const device = await signInDevice(server.baseUrl, 'sid@example.com');
      assert.notEqual(await familyRevokedAt(server.database.db, device.sid), undefined);
      const claims = decodeJwt(device.access);
      assert.deepEqual(Object.keys(claims).sort(), [
        'authorities',
        'exp',
        'iat',
        'id',
        'name',
        'picture',
        'sid',
        'tokenType',
      ]);
      const next = await refreshed(server.baseUrl, device);
      assert.equal(decodeJwt(next.access).sid, device.sid);
    });

    it('logout refuses the old access cookie at once: REST, login check, chat handshake and /api/events; another device stays', async () => {
      await start();
      const device = await signInDevice(server.baseUrl, 'logout@example.com');
      const other = await signInDevice(server.baseUrl, 'logout@example.com');
      assert.notEqual(device.sid, other.sid);
      await assertAccepted(server.baseUrl, accessCookie(device), 'before logout');

      const response = await request(new CookieJar(), `${server.baseUrl}/api/logout`, {
        method: 'POST',
        cookie: `${accessCookie(device)}; refresh_token=${device.refresh}`,
      });
      assert.equal(response.status, 200);
      await assertRefused(server.baseUrl, accessCookie(device), 'this instance');
      assert.equal((await refresh(server.baseUrl, device.refresh)).status, 401);
      await assertAccepted(server.baseUrl, accessCookie(other), 'the other device');
      assert.equal((await refresh(server.baseUrl, other.refresh)).status, 200);
    });

    it('logout straight at the backend with only the access cookie revokes its family', async () => {
      await start();
      const device = await signInDevice(server.baseUrl, 'direct@example.com');
      const response = await request(new CookieJar(), `${server.baseUrl}/api/logout`, {
        method: 'POST',
        cookie: accessCookie(device),
      });
      assert.equal(response.status, 200);
      assert.ok((await familyRevokedAt(server.database.db, device.sid)) instanceof Date);
      assert.equal((await refresh(server.baseUrl, device.refresh)).status, 401);
      await assertRefused(server.baseUrl, accessCookie(device), 'this instance');
    });

    it('a revocation the fan-out never told of is seen within 2 s (the cache’s bound)', async () => {
      await start();
      const device = await signInDevice(server.baseUrl, 'quiet@example.com');
      await assertAccepted(server.baseUrl, accessCookie(device), 'before');
      // Straight in the database, as another instance would with Redis down: no event here.
      await service().revokeFamily(device.sid);
      const revokedAt = Date.now();
      let status = 200;
      while (status === 200) {
        const response = await fetch(`${server.baseUrl}/api/member/exercises`, {
          headers: { cookie: accessCookie(device) },
        });
        status = response.status;
        await response.arrayBuffer();
        if (status === 200) await delay(50);
      }
      assert.equal(status, 401);
      assert.ok(Date.now() - revokedAt <= 2_500, `seen after ${Date.now() - revokedAt} ms`);
    });

    it('a lost refresh answer retried after the 30 s grace but within the access lifetime gets the same successor', async () => {
      await start();
      assert.equal(server.config.refreshGraceSeconds, 30);
      const tokens = service();
      const [{ id: memberId }] = await insertMembers(server.database.db, [buildMember()]);
      const t0 = new Date();
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
      const first = await tokens.startFamily(memberId, t0);
      const rotated = await tokens.rotate(first, t0);
      assert.ok(rotated.ok);
      // The answer was lost; the client comes back 31 s and 29 min later with the old token.
      for (const seconds of [31, 29 * 60]) {
        const again = await tokens.rotate(first, at(seconds));
        assert.ok(again.ok, `after ${seconds} s`);
        assert.equal(again.token, rotated.token);
      }
      // Past the access-token lifetime even an unused successor is not handed out: reuse.
      const late = await tokens.startFamily(memberId, t0);
      assert.ok((await tokens.rotate(late, t0)).ok);
      const tooLate = await tokens.rotate(late, at(31 * 60));
      assert.equal(tooLate.ok ? 'ok' : tooLate.reason, 'reused');
    });

    it('once the successor was used, the old token coming again revokes the family and ends the session', async () => {
      await start({ REFRESH_GRACE_SECONDS: '1' });
      const device = await signInDevice(server.baseUrl, 'reuse@example.com');
      const other = await signInDevice(server.baseUrl, 'reuse@example.com');
      const second = await refreshed(server.baseUrl, device);
      await delay(1_200);
      // Unused successor: the lost answer is handed out again, past the 1 s grace.
      let response = await refresh(server.baseUrl, device.refresh);
      assert.equal(response.status, 200);
      assert.equal(cookieValue(response, 'refresh_token'), second.refresh);
      const third = await refreshed(server.baseUrl, second); // the successor is used
      await delay(1_200);
      response = await refresh(server.baseUrl, device.refresh); // the old token again: theft
      assert.equal(response.status, 401);
      assert.equal((await refresh(server.baseUrl, third.refresh)).status, 401);
      await assertRefused(server.baseUrl, accessCookie(third), 'this instance');
      await assertAccepted(server.baseUrl, accessCookie(other), 'the other device');
    });

    it('the purge clears old sealed successors and deletes families revoked or expired over a day ago', async () => {
      await start();
      const db = server.database.db;
      const tokens = service();
      const [{ id: memberId }] = await insertMembers(db, [buildMember()]);
      const now = new Date();
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const day = 86400_000;

      const live = await tokens.startSession(memberId, now);
      const rotatedLongAgo = await tokens.startSession(memberId, ago(40 * 60_000));
      assert.ok((await tokens.rotate(rotatedLongAgo.token, ago(40 * 60_000))).ok);
      const rotatedRecently = await tokens.startSession(memberId, ago(60_000));
      assert.ok((await tokens.rotate(rotatedRecently.token, ago(60_000))).ok);
      const revokedOld = await tokens.startSession(memberId, ago(3 * day));
      await tokens.revokeFamily(revokedOld.familyId, ago(2 * day));
      const revokedRecent = await tokens.startSession(memberId, now);
      await tokens.revokeFamily(revokedRecent.familyId, ago(60_000));
      // Its only token expired (7 days) two days ago.
      const expiredOld = await tokens.startSession(memberId, ago(9 * day));
      const expiredRecent = await tokens.startSession(memberId, ago(7 * day + 60_000));

      const sealed = async (familyId: string) =>
        (
          await db
            .select({ sealed: refreshTokens.successorSealed })
            .from(refreshTokens)
            .where(eq(refreshTokens.familyId, familyId))
        ).filter((row) => row.sealed !== null).length;
      assert.equal(await sealed(rotatedLongAgo.familyId), 1);

      await tokens.purge(now);
      const families = new Set(
        (await db.select({ id: refreshTokenFamilies.id }).from(refreshTokenFamilies)).map(
          (row) => row.id,
        ),
      );
      for (const [name, family, kept] of [
        ['live', live, true],
        ['rotated long ago', rotatedLongAgo, true],
        ['rotated recently', rotatedRecently, true],
        ['revoked two days ago', revokedOld, false],
        ['revoked a minute ago', revokedRecent, true],
        ['expired two days ago', expiredOld, false],
        ['expired a minute ago', expiredRecent, true],
      ] as const) {
        assert.equal(families.has(family.familyId), kept, name);
      }
      const orphans = await db
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, revokedOld.familyId));
      assert.equal(orphans.length, 0, 'the tokens go with their family');
      assert.equal(await sealed(rotatedLongAgo.familyId), 0, 'past the window: cleared');
      assert.equal(await sealed(rotatedRecently.familyId), 1, 'still within the window');
      // The old token of a cleared row is now a plain reuse.
      const reuse = await tokens.rotate(rotatedLongAgo.token, now);
      assert.equal(reuse.ok ? 'ok' : reuse.reason, 'reused');
    });

    it('the session endpoints run the purge at most once a minute', async () => {
      await start();
      const db = server.database.db;
      const tokens = service();
      const device = await signInDevice(server.baseUrl, 'purge@example.com');
      const old = await tokens.startSession(device.memberId, new Date(Date.now() - 3 * 86400_000));
      await tokens.revokeFamily(old.familyId, new Date(Date.now() - 2 * 86400_000));
      await refreshed(server.baseUrl, device);
      assert.equal(await familyRevokedAt(db, old.familyId), undefined, 'purged by the refresh');
      const again = await tokens.startSession(
        device.memberId,
        new Date(Date.now() - 3 * 86400_000),
      );
      await tokens.revokeFamily(again.familyId, new Date(Date.now() - 2 * 86400_000));
      await request(new CookieJar(), `${server.baseUrl}/api/logout`, { method: 'POST' });
      assert.ok(
        (await familyRevokedAt(db, again.familyId)) instanceof Date,
        'not again within the minute',
      );
    });
  });
}

describe('SessionRevocations', () => {
  it('remembers "still on" for its TTL only and "ended" for good; a mark wins over a read in flight', async () => {
    let revokedAt: Date | null = null;
    let reads = 0;
    let release: (() => void) | null = null;
    const db = {
      select: () => ({
        from: () => ({
          where: async () => {
            reads += 1;
            if (release === null) return [{ revokedAt }];
            await new Promise<void>((resolve) => (release = resolve));
            return [{ revokedAt: null }];
          },
        }),
      }),
    } as unknown as Db;
    let clock = 0;
    const sessions = new SessionRevocations(db, 2_000, 10, () => clock);
    const id = '00000000-0000-4000-8000-000000000001';
    assert.equal(await sessions.isEnded('not-a-uuid'), true);
    assert.equal(reads, 0);
    assert.equal(await sessions.isEnded(id), false);
    assert.equal(await sessions.isEnded(id), false);
    assert.equal(reads, 1);
    revokedAt = new Date();
    clock = 1_999;
    assert.equal(await sessions.isEnded(id), false, 'within the TTL');
    clock = 2_001;
    assert.equal(await sessions.isEnded(id), true, 'read again after the TTL');
    clock = 10_000_000;
    assert.equal(await sessions.isEnded(id), true);
    assert.equal(reads, 2, 'ended is final');

    const other = '00000000-0000-4000-8000-000000000002';
    release = () => undefined; // the next read hangs until released
    const pending = sessions.isEnded(other);
    await delay(5);
    sessions.markEnded(other);
    (release as () => void)();
    assert.equal(await pending, true, 'the event overtook the read');
  });
});

describe('a session ends on every instance through Redis', () => {
  async function setUp(t: TestContext) {
    // A one-second grace window, so that a reuse after it needs no 30 s wait.
    const pair = await startRedisPair(t, { ...GENEROUS_RATE_LIMITS, REFRESH_GRACE_SECONDS: '1' });
    if (!pair) return null;
    const [first, second] = pair;
    const email = `pair-${Date.now()}@example.com`;
    // Both on A: the development provider's issuer is the instance's own URL, so signing in on B
    // would be another member.
    const device = await signInDevice(first.baseUrl, email);
    const other = await signInDevice(first.baseUrl, email);
    assert.equal(other.memberId, device.memberId);
    const [club] = await insertClubs(first.database.db, [
      buildClub({ ownerId: device.memberId, memberIds: [] }),
    ]);
    return { first, second, device, other, roomId: club.chatRoomId };
  }

  /** The device's chat on B closes with 4002 within 2 s; the other device's stays and hears. */
  async function assertSessionEnded(
    context: NonNullable<Awaited<ReturnType<typeof setUp>>>,
    mine: { closes: Array<{ code: number; reason: string }> },
    theirs: { peer: StompPeer; closes: unknown[] },
    endedAt: number,
    cookie: string,
  ) {
    await until(() => mine.closes.length > 0, 'the chat on the other instance closing', 2_000);
    assert.ok(Date.now() - endedAt <= 2_000);
    assert.deepEqual(mine.closes, [{ code: 4002, reason: 'Session ended' }]);
    await assertRefused(context.first.baseUrl, cookie, 'instance A');
    await assertRefused(context.second.baseUrl, cookie, 'instance B');
    await assertAccepted(context.second.baseUrl, accessCookie(context.other), 'the other device');
    assert.equal(theirs.closes.length, 0);
    const errors: IFrame[] = theirs.peer.errors;
    assert.equal(errors.length, 0);
    theirs.peer.client.publish({
      destination: `/app/chat/rooms/${context.roomId}/send`,
      body: JSON.stringify('still here'),
    });
    const heard = await theirs.peer.nextMessage(3_000);
    assert.match(heard.body, /still here/);
  }

  for (const via of CHAT_TRANSPORTS)
    it(`logout on A closes the session’s chat on B within 2 s and refuses its cookie on both; the other device stays (${via})`, async (t) => {
      const context = await setUp(t);
      if (!context) return;
      const { first, second, device, other, roomId } = context;
      const peers: StompPeer[] = [];
      try {
        const mine = await watchedPeer(second.baseUrl, accessCookie(device), roomId, via);
        const theirs = await watchedPeer(second.baseUrl, accessCookie(other), roomId, via);
        peers.push(mine.peer, theirs.peer);
        // B has the session cached as on (a request just made).
        await assertAccepted(second.baseUrl, accessCookie(device), 'instance B before');

        // Straight at the backend: only the access cookie reaches /api/logout.
        const response = await request(new CookieJar(), `${first.baseUrl}/api/logout`, {
          method: 'POST',
          cookie: accessCookie(device),
        });
        assert.equal(response.status, 200);
        await assertSessionEnded(context, mine, theirs, Date.now(), accessCookie(device));
        assert.equal((await refresh(second.baseUrl, device.refresh)).status, 401);
      } finally {
        await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
        await second.close();
        await first.close();
      }
    });

  for (const via of CHAT_TRANSPORTS)
    it(`refresh-token reuse on A does the same (${via})`, async (t) => {
      const context = await setUp(t);
      if (!context) return;
      const { first, second, device, other, roomId } = context;
      const peers: StompPeer[] = [];
      try {
        const next = await refreshed(first.baseUrl, device);
        await refreshed(first.baseUrl, next); // the successor is used
        const mine = await watchedPeer(second.baseUrl, accessCookie(next), roomId, via);
        const theirs = await watchedPeer(second.baseUrl, accessCookie(other), roomId, via);
        peers.push(mine.peer, theirs.peer);
        await assertAccepted(second.baseUrl, accessCookie(next), 'instance B before');
        await delay(1_200); // past the grace window

        const response = await refresh(first.baseUrl, device.refresh); // the stolen first token
        assert.equal(response.status, 401);
        await assertSessionEnded(context, mine, theirs, Date.now(), accessCookie(next));
      } finally {
        await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
        await second.close();
        await first.close();
      }
    });
});
