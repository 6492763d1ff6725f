import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';

import {
  CHAT_TICKET_PATH,
  chatBroadcastSchema,
  type ChatTicket,
  chatTicketSchema,
  roomSendDestination,
  roomTopic,
} from '@/lib/contract/chat';
import { errorBodySchema } from '@/lib/contract/errors';
import {
  NOT_A_MEMBER_ERROR,
  TICKET_OTHER_LOGIN_ERROR,
  TICKET_REFUSED_ERROR,
  TICKET_REQUIRED_ERROR,
} from '@/lib/shared/chat/stomp-refusal';

import { signAccessToken } from '../src/auth/access-token';
import { createAuthContext } from '../src/auth/context';
import { MIN_TICKET_SESSION_ID } from '../src/chat/sockjs-server';
import { ChatTickets } from '../src/chat/tickets';
import { chatTickets, type Member } from '../src/db/schema';
import {
  buildClub,
  buildMember,
  insertClubs,
  insertMembers,
  type StoredClub,
} from '../src/seed/builders';
import { startServer, TEST_JWT_KEY, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { signIn } from './helpers/sign-in';
import {
  connectStomp,
  cookieFor,
  rawWebSocket,
  type StompPeer,
  subscribeRoom,
} from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

/** The app's origin when it is served elsewhere (Vercel), listed in ALLOWED_ORIGINS. */
const SPLIT_ORIGIN = 'http://app.split.test';
/** A page nobody listed. */
const FOREIGN_ORIGIN = 'https://evil.test';

/** A SockJS session id as the app makes them for a ticket session (32 characters). */
function longSessionId(): string {
  let id = '';
  while (id.length < 32) id += Math.random().toString(36).slice(2);
  return id.slice(0, 32);
}

for (const kind of databaseKinds()) {
  describe(`chat tickets for SockJS on another origin (${kind.name})`, () => {
    let server: TestServer;
    let alice: Member;
    let bob: Member;
    let club: StoredClub;
    /** A room only bob is in. */
    let bobsClub: StoredClub;
    const peers: StompPeer[] = [];

    /** Mints a ticket through the REST endpoint with `cookie` (as the BFF forwards it). */
    const mint = async (cookie: string): Promise<ChatTicket> => {
      const response = await fetch(`${server.baseUrl}${CHAT_TICKET_PATH}`, {
        method: 'POST',
        headers: { cookie, origin: SPLIT_ORIGIN },
      });
      assert.equal(response.status, 200, await response.clone().text());
      assert.equal(response.headers.get('cache-control'), 'no-store');
      return chatTicketSchema.parse(await response.json());
    };
    const mintFor = async (member: Member) => mint(await cookieFor(member));

    /** A browser on SPLIT_ORIGIN: no cookie reaches the backend's host, CONNECT carries the ticket. */
    const connectWithTicket = async (
      ticket: string | null,
      extra: Record<string, string> = {},
      origin = SPLIT_ORIGIN,
    ) => {
      const peer = await connectStomp(server.baseUrl, null, {
        origin,
        sessionId: 32,
        connectHeaders: { ...(ticket === null ? {} : { ticket }), ...extra },
      });
      peers.push(peer);
      return peer;
    };

    beforeEach(async () => {
      server = await startServer(await kind.create(), { ALLOWED_ORIGINS: SPLIT_ORIGIN });
      [alice, bob] = await insertMembers(server.database.db, [
        buildMember({ name: '김민준' }),
        buildMember({ name: '이서연' }),
      ]);
      [club, bobsClub] = await insertClubs(server.database.db, [
        buildClub({ ownerId: alice.id, memberIds: [bob.id] }),
        buildClub({ ownerId: bob.id }),
      ]);
    });
    afterEach(async () => {
      await Promise.all(peers.splice(0).map((peer) => peer.stop().catch(() => undefined)));
      await server?.close();
    });

    it('mints a random ticket, stored only hashed, valid for about a minute', async () => {
      const cookie = await cookieFor(alice);
      const before = Date.now();
      const first = await mint(cookie);
      const after = Date.now();
      const second = await mint(cookie);
      assert.notEqual(first.ticket, second.ticket);
      // 32 random bytes, base64url.
      assert.match(first.ticket, /^[A-Za-z0-9_-]{43}$/);
      // 60 s from when it was minted (within the request).
      const expiresAt = Date.parse(first.expiresAt);
      assert.ok(expiresAt >= before + 60_000 - 1 && expiresAt <= after + 60_000, first.expiresAt);
      const rows = await server.database.db.select().from(chatTickets);
      assert.equal(rows.length, 2);
      for (const row of rows) {
        assert.equal(row.memberId, alice.id);
        assert.ok(![first.ticket, second.ticket].includes(row.tokenHash), 'stored as its hash');
      }
    });

    it('refuses to mint without a session (401)', async () => {
      const response = await fetch(`${server.baseUrl}${CHAT_TICKET_PATH}`, {
        method: 'POST',
        headers: { origin: SPLIT_ORIGIN },
      });
      assert.equal(response.status, 401);
      assert.equal(errorBodySchema.parse(await response.json()).code, '401');
      const forged = await fetch(`${server.baseUrl}${CHAT_TICKET_PATH}`, {
        method: 'POST',
        headers: { origin: SPLIT_ORIGIN, cookie: 'access_token=forged' },
      });
      assert.equal(forged.status, 401);
      // And from a page nobody listed, even with a session: the Origin check.
      const foreign = await fetch(`${server.baseUrl}${CHAT_TICKET_PATH}`, {
        method: 'POST',
        headers: { origin: FOREIGN_ORIGIN, cookie: await cookieFor(alice) },
      });
      assert.equal(foreign.status, 403);
      assert.equal((await server.database.db.select().from(chatTickets)).length, 0);
    });

    it('accepts a ticket once, as its member, and the chat works over it', async () => {
      const { ticket } = await mintFor(alice);
      const mine = await connectWithTicket(ticket);
      const theirs = await connectWithTicket((await mintFor(bob)).ticket);
      await subscribeRoom(mine, club.chatRoomId);
      await subscribeRoom(theirs, club.chatRoomId);
      mine.client.publish({
        destination: roomSendDestination(club.chatRoomId),
        body: JSON.stringify('다른 출처에서 안녕'),
      });
      const received = chatBroadcastSchema.parse(JSON.parse((await theirs.nextMessage()).body));
      assert.equal(received.body.message, '다른 출처에서 안녕');
      assert.equal(received.body.member.id, alice.id);
      // Used up: the row is gone.
      assert.equal((await server.database.db.select().from(chatTickets)).length, 0);

      // The same ticket again (a replay): refused with an ERROR frame, then closed.
      await assert.rejects(
        connectWithTicket(ticket),
        new RegExp(`closed before CONNECTED: ${TICKET_REFUSED_ERROR}`),
      );
    });

    it('lets exactly one of two simultaneous CONNECTs with one ticket in', async () => {
      const { ticket } = await mintFor(alice);
      const results = await Promise.allSettled([
        connectWithTicket(ticket),
        connectWithTicket(ticket),
      ]);
      assert.deepEqual(results.map((result) => result.status).sort(), ['fulfilled', 'rejected']);
    });

    it('refuses a CONNECT without a ticket, or with a made-up one', async () => {
      await assert.rejects(
        connectWithTicket(null),
        new RegExp(`closed before CONNECTED: ${TICKET_REQUIRED_ERROR}`),
      );
      await assert.rejects(
        connectWithTicket('A'.repeat(43)),
        new RegExp(`closed before CONNECTED: ${TICKET_REFUSED_ERROR}`),
      );
      await assert.rejects(
        connectWithTicket('not a ticket'),
        new RegExp(`closed before CONNECTED: ${TICKET_REFUSED_ERROR}`),
      );
    });

    it('refuses an expired ticket', async () => {
      const { ticket } = await mintFor(alice);
      await server.database.db
        .update(chatTickets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(chatTickets.memberId, alice.id));
      await assert.rejects(
        connectWithTicket(ticket),
        new RegExp(`closed before CONNECTED: ${TICKET_REFUSED_ERROR}`),
      );
    });

    it('expires a ticket after its lifetime by the clock (and never outlives its access token)', async () => {
      let now = Date.parse('2026-12-01T12:00:00Z');
      const tickets = new ChatTickets(
        createAuthContext(server.config, server.database.db, TEST_JWT_KEY),
        { now: () => now },
      );
      const accessExpiresAt = now + 30 * 60_000;
      const fresh = await tickets.mint(alice.id, null, accessExpiresAt);
      assert.equal(fresh.expiresAt.getTime(), now + 60_000);
      const late = await tickets.mint(alice.id, null, accessExpiresAt);
      now += 59_000;
      assert.equal((await tickets.use(fresh.ticket))?.member.id, alice.id);
      assert.equal(await tickets.use(fresh.ticket), null, 'used once');
      now += 2_000;
      assert.equal(await tickets.use(late.ticket), null, 'expired after 60 s');
      // A token with 10 s left mints a ticket with 10 s left.
      const short = await tickets.mint(alice.id, null, now + 10_000);
      assert.equal(short.expiresAt.getTime(), now + 10_000);
      // Minting sweeps expired rows away.
      now += 11_000;
      await tickets.mint(bob.id, null, now + 60_000);
      const left = await server.database.db.select().from(chatTickets);
      assert.deepEqual(
        left.map((row) => row.memberId),
        [bob.id],
      );
    });

    it("authenticates the ticket's member only: not as another login, not in their rooms", async () => {
      await assert.rejects(
        connectWithTicket((await mintFor(alice)).ticket, { login: String(bob.id) }),
        new RegExp(`closed before CONNECTED: ${TICKET_OTHER_LOGIN_ERROR}`),
      );
      // Naming oneself is fine; CONNECTED names the ticket's member.
      const peer = await connectWithTicket((await mintFor(alice)).ticket, {
        login: String(alice.id),
      });
      // A room only bob is in: refused.
      peer.client.subscribe(roomTopic(bobsClub.chatRoomId), () => undefined);
      assert.equal((await peer.nextError()).headers.message, NOT_A_MEMBER_ERROR);

      // bob's own ticket gets into his room.
      const bobs = await connectWithTicket((await mintFor(bob)).ticket);
      await subscribeRoom(bobs, bobsClub.chatRoomId);
    });

    it('ends with the session it was minted in: refused after logout', async () => {
      // A real sign-in: its access token names its session (refresh family) in `sid`.
      const { jar } = await signIn(server.baseUrl, { email: 'ticket@example.com', name: '티켓' });
      const access = jar.cookies.get('access_token')!.value;
      const cookie = `access_token=${access}`;
      const { ticket } = await mint(cookie);
      const [row] = await server.database.db.select().from(chatTickets);
      assert.equal(row.sessionId, decodeJwt(access).sid);
      const logout = await fetch(`${server.baseUrl}/api/logout`, {
        method: 'POST',
        headers: { cookie },
      });
      assert.equal(logout.status, 200);
      await assert.rejects(
        connectWithTicket(ticket),
        new RegExp(`closed before CONNECTED: ${TICKET_REFUSED_ERROR}`),
      );
    });

    it('closes a ticket session when the access token it was minted with expires', async () => {
      // A token with 2 s left: the ticket, and the connection it opens, live that long.
      const token = await signAccessToken(TEST_JWT_KEY, alice, 30, {
        now: new Date(Date.now() - 30 * 60_000 + 2_000),
      });
      const { ticket, expiresAt } = await mint(`access_token=${token}`);
      assert.ok(Date.parse(expiresAt) <= Date.now() + 2_000);
      const peer = await connectWithTicket(ticket);
      let closedAt = 0;
      void peer.closed.then(() => (closedAt = Date.now()));
      await until(() => closedAt > 0, 'close at the token expiry', 6_000);
    });

    it('refuses every /chat request from an unlisted origin; answers listed ones with CORS', async () => {
      const info = await fetch(`${server.baseUrl}/chat/info`, {
        headers: { origin: FOREIGN_ORIGIN },
      });
      assert.equal(info.status, 403);
      assert.equal(info.headers.get('access-control-allow-origin'), null);
      const preflight = await fetch(`${server.baseUrl}/chat/123/${longSessionId()}/xhr`, {
        method: 'OPTIONS',
        headers: { origin: FOREIGN_ORIGIN, 'access-control-request-method': 'POST' },
      });
      assert.equal(preflight.status, 403);
      const xhr = await fetch(`${server.baseUrl}/chat/123/${longSessionId()}/xhr`, {
        method: 'POST',
        headers: { origin: FOREIGN_ORIGIN, cookie: await cookieFor(alice) },
      });
      assert.equal(xhr.status, 403);
      const socket = rawWebSocket(`${server.baseUrl.replace('http', 'ws')}/chat/websocket`, {
        origin: FOREIGN_ORIGIN,
      });
      const code = await new Promise<number>((resolve) => {
        socket.onclose = (event) => resolve(event.code);
      });
      assert.notEqual(code, 1000);
      // A ticket does not help an unlisted page either.
      await assert.rejects(
        connectWithTicket((await mintFor(alice)).ticket, {}, FOREIGN_ORIGIN),
        /closed before CONNECTED/,
      );

      const listed = await fetch(`${server.baseUrl}/chat/info`, {
        headers: { origin: SPLIT_ORIGIN },
      });
      assert.equal(listed.status, 200);
      assert.equal(listed.headers.get('access-control-allow-origin'), SPLIT_ORIGIN);
      assert.equal(listed.headers.get('access-control-allow-credentials'), 'true');
    });

    it('never takes the cookie from another origin: such a session needs a ticket', async () => {
      // Even if a cookie reached this host from the listed page, it authenticates nothing.
      await assert.rejects(
        connectStomp(server.baseUrl, await cookieFor(alice), {
          origin: SPLIT_ORIGIN,
          sessionId: 32,
        }),
        new RegExp(`closed before CONNECTED: ${TICKET_REQUIRED_ERROR}`),
      );
      // The app's own origin with the cookie: the cookie session, as before (no ticket).
      const own = await connectStomp(server.baseUrl, await cookieFor(alice), {
        origin: server.config.publicOrigin,
      });
      peers.push(own);
      await subscribeRoom(own, club.chatRoomId);
    });

    it('binds the xhr requests of a ticket session to its session id and origin', async () => {
      const short = await fetch(`${server.baseUrl}/chat/123/abcdefgh/xhr`, {
        method: 'POST',
        headers: { origin: SPLIT_ORIGIN },
      });
      assert.equal(short.status, 400, `ids under ${MIN_TICKET_SESSION_ID} characters`);

      const session = `/chat/123/${longSessionId()}`;
      const open = await fetch(`${server.baseUrl}${session}/xhr`, {
        method: 'POST',
        headers: { origin: SPLIT_ORIGIN },
      });
      assert.equal(open.status, 200);
      assert.equal(open.headers.get('access-control-allow-origin'), SPLIT_ORIGIN);
      assert.equal(await open.text(), 'o\n');
      const { ticket } = await mintFor(alice);
      const connect = JSON.stringify([`CONNECT\naccept-version:1.2\nticket:${ticket}\n\n\0`]);
      // From the app's own origin, even with alice's cookie: not this session's origin.
      const hijack = await fetch(`${server.baseUrl}${session}/xhr_send`, {
        method: 'POST',
        headers: {
          origin: server.config.publicOrigin,
          cookie: await cookieFor(alice),
          'content-type': 'text/plain',
        },
        body: connect,
      });
      assert.equal(hijack.status, 403);
      const own = await fetch(`${server.baseUrl}${session}/xhr_send`, {
        method: 'POST',
        headers: { origin: SPLIT_ORIGIN, 'content-type': 'text/plain' },
        body: connect,
      });
      assert.equal(own.status, 204);
      const poll = await fetch(`${server.baseUrl}${session}/xhr`, {
        method: 'POST',
        headers: { origin: SPLIT_ORIGIN },
      });
      const frames = JSON.parse((await poll.text()).slice(1)) as string[];
      assert.match(frames[0], new RegExp(`^CONNECTED\nversion:1.2\n[^]*user-name:${alice.id}\n`));
    });

    it('holds at most CHAT_MAX_UNAUTHENTICATED ticket sessions before their CONNECT (503 past it)', async () => {
      const small = await startServer(await kind.create(), {
        ALLOWED_ORIGINS: SPLIT_ORIGIN,
        CHAT_MAX_UNAUTHENTICATED: '2',
      });
      try {
        // Members of its own: each test server has a database of its own.
        const [carol, dave] = await insertMembers(small.database.db, [
          buildMember({ name: '박지호' }),
          buildMember({ name: '최유나' }),
        ]);
        const headers = { origin: SPLIT_ORIGIN, 'content-type': 'text/plain' };
        const open = (session: string) =>
          fetch(`${small.baseUrl}${session}/xhr`, { method: 'POST', headers });
        const [first, second, third] = [1, 2, 3].map(() => `/chat/123/${longSessionId()}`);
        assert.equal((await open(first)).status, 200);
        assert.equal((await open(second)).status, 200);
        const refused = await open(third);
        assert.equal(refused.status, 503);
        assert.equal(
          errorBodySchema.parse(await refused.json()).message,
          '채팅 연결이 많아 잠시 후 다시 시도해주세요.',
        );
        // Once one of them authenticated with its ticket, there is room again.
        const minted = await fetch(`${small.baseUrl}${CHAT_TICKET_PATH}`, {
          method: 'POST',
          headers: { cookie: await cookieFor(carol), origin: SPLIT_ORIGIN },
        });
        const { ticket } = chatTicketSchema.parse(await minted.json());
        const connect = JSON.stringify([`CONNECT\naccept-version:1.2\nticket:${ticket}\n\n\0`]);
        const sent = await fetch(`${small.baseUrl}${first}/xhr_send`, {
          method: 'POST',
          headers,
          body: connect,
        });
        assert.equal(sent.status, 204);
        // (Within the 5 s after which SockJS drops the unpolled second session by itself.)
        let status = 0;
        for (const deadline = Date.now() + 3000; status !== 200 && Date.now() < deadline;) {
          status = (await open(third)).status;
          if (status !== 200) await delay(20);
        }
        assert.equal(status, 200, 'a ticket session is accepted again');
        // A cookie session from the app's own origin never counted.
        const own = await connectStomp(small.baseUrl, await cookieFor(dave), {
          origin: small.config.publicOrigin,
        });
        await own.stop();
      } finally {
        await small.close();
      }
    });

    it('takes nothing but an authenticated CONNECT on a ticket session', async () => {
      const session = `/chat/123/${longSessionId()}`;
      const headers = { origin: SPLIT_ORIGIN, 'content-type': 'text/plain' };
      await fetch(`${server.baseUrl}${session}/xhr`, { method: 'POST', headers });
      const send = await fetch(`${server.baseUrl}${session}/xhr_send`, {
        method: 'POST',
        headers,
        body: JSON.stringify([`SUBSCRIBE\nid:0\ndestination:${roomTopic(club.chatRoomId)}\n\n\0`]),
      });
      assert.equal(send.status, 204);
      const poll = await fetch(`${server.baseUrl}${session}/xhr`, { method: 'POST', headers });
      const frames = JSON.parse((await poll.text()).slice(1)) as string[];
      assert.match(frames[0], /^ERROR\n[^]*message:CONNECT expected\n/);
    });
  });
}
