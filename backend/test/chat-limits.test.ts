import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect, type Socket } from 'node:net';
import { after, afterEach, beforeEach, describe, it, type TestContext } from 'node:test';

import type { IFrame, StompSubscription } from '@stomp/stompjs';

import { chatBroadcastSchema, roomSendDestination, roomTopic } from '@/lib/contract/chat';
import { LIVE_EVENT } from '@/lib/contract/live';
import {
  ALREADY_SUBSCRIBED_ERROR,
  TOO_MANY_SUBSCRIPTIONS_ERROR,
} from '@/lib/shared/chat/stomp-refusal';

import type { Member } from '../src/db/schema';
import {
  buildClub,
  buildMember,
  insertClubs,
  insertMembers,
  type StoredClub,
} from '../src/seed/builders';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { startRedisPair } from './helpers/instances';
import { captureLogs, type LogCapture } from './helpers/log-capture';
import { openEvents, type SseClient } from './helpers/sse';
import {
  CHAT_TRANSPORTS,
  type ChatVia,
  connectStomp,
  cookieFor,
  nativeChatUrl,
  rawWebSocket,
  type StompPeer,
} from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

const MiB = 1024 * 1024;
const CONNECT = 'CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0';

/** A STOMP frame. */
function stomp(command: string, headers: Record<string, string>, body = ''): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}:${value}\n`);
  return `${command}\n${lines.join('')}\n${body}\0`;
}

/** Sends `frame` and resolves once the RECEIPT `id` arrives (rejects on a close first). */
function sendWithReceipt(peer: StompPeer, destination: string, body: string, id: string) {
  return new Promise<void>((resolve) => {
    peer.client.watchForReceipt(id, () => resolve());
    peer.client.publish({ destination, body, headers: { receipt: id } });
  });
}

/** SUBSCRIBE with a receipt; resolves with 'receipt', or the ERROR frame that refused it. */
function trySubscribe(
  peer: StompPeer,
  roomId: number,
  receipt: string,
  handles?: StompSubscription[],
) {
  return new Promise<'receipt' | IFrame>((resolve) => {
    const seen = peer.errors.length;
    let done = false;
    peer.client.watchForReceipt(receipt, () => {
      done = true;
      resolve('receipt');
    });
    const handle = peer.client.subscribe(
      roomTopic(roomId),
      (message) => peer.messages.push(message),
      {
        receipt,
      },
    );
    handles?.push(handle);
    const poll = () => {
      const error = peer.errors
        .slice(seen)
        .find((frame) => frame.headers['receipt-id'] === receipt);
      if (error) resolve(error);
      else if (!done) setTimeout(poll, 5);
    };
    poll();
  });
}

/**
 * A chat connection driven by hand, over the native endpoint or SockJS's WebSocket transport: its
 * close code and reason are kept (SockJS's close frame, or the WebSocket's).
 */
interface SockjsPeer {
  frames: string[];
  closed: { code: number; reason: string } | null;
  send(frame: string): void;
  close(): void;
}

async function openSockjs(baseUrl: string, cookie: string, via: ChatVia): Promise<SockjsPeer> {
  const native = via === 'native';
  const url = native
    ? nativeChatUrl(baseUrl)
    : `${baseUrl.replace(/^http/, 'ws')}/chat/000/${randomBytes(6).toString('hex')}/websocket`;
  const socket = rawWebSocket(url, { cookie });
  let open = false;
  const peer: SockjsPeer = {
    frames: [],
    closed: null,
    send: (frame) => socket.send(native ? frame : JSON.stringify([frame])),
    close: () => socket.close(),
  };
  if (native) socket.onopen = () => (open = true);
  socket.onmessage = ({ data }) => {
    if (native) peer.frames.push(data);
    else if (data === 'o') open = true;
    else if (data.startsWith('a')) peer.frames.push(...(JSON.parse(data.slice(1)) as string[]));
    else if (data.startsWith('c')) {
      const [code, reason] = JSON.parse(data.slice(1)) as [number, string];
      peer.closed ??= { code, reason };
    }
  };
  socket.onclose = ({ code, reason }) => {
    peer.closed ??= { code, reason };
  };
  await until(() => open || peer.closed !== null, 'SockJS open');
  if (!open) throw new Error(`refused: ${JSON.stringify(peer.closed)}`);
  peer.send(CONNECT);
  await until(() => peer.frames.some((frame) => frame.startsWith('CONNECTED')), 'CONNECTED');
  return peer;
}

/** One masked client WebSocket text frame (RFC 6455). */
function maskedText(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = randomBytes(4);
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = payload[i] ^ mask[i % 4];
  return Buffer.concat([head, mask, masked]);
}

/**
 * A SockJS WebSocket client on a bare TCP socket that subscribes to the room and then stops
 * reading (its socket paused: the kernel buffers fill, then the server's). `resume()` reads again
 * and resolves when the server has ended the connection.
 */
async function stalledSubscriber(baseUrl: string, cookie: string, roomId: number, via: ChatVia) {
  const native = via === 'native';
  /** One STOMP frame as the transport carries it (SockJS: a JSON array of frames). */
  const message = (frame: string) => maskedText(native ? frame : JSON.stringify([frame]));
  const { hostname, port } = new URL(baseUrl);
  const socket: Socket = tcpConnect(Number(port), hostname);
  let text = '';
  let ended = false;
  socket.on('data', (chunk: Buffer) => {
    // Only the opening exchange is read as text; afterwards the bytes are just drained.
    if (text.length < 100_000) text += chunk.toString('latin1');
  });
  socket.on('close', () => (ended = true));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const path = native ? '/chat/websocket' : `/chat/000/${randomBytes(6).toString('hex')}/websocket`;
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
      `Sec-WebSocket-Version: 13\r\nCookie: ${cookie}\r\n\r\n`,
  );
  // The handshake answer (and over SockJS its open frame: an unmasked text frame holding "o").
  await until(
    () => text.includes(native ? ' 101 ' : '\r\n\r\n\x81\x01o') && text.includes('\r\n\r\n'),
    'the WebSocket open',
  );
  socket.write(message(CONNECT));
  await until(() => text.includes('CONNECTED'), 'CONNECTED');
  socket.write(
    message(stomp('SUBSCRIBE', { id: 'slow', destination: roomTopic(roomId), receipt: 'slow' })),
  );
  await until(() => text.includes('RECEIPT'), 'the RECEIPT of the slow SUBSCRIBE');
  socket.pause();
  return {
    get ended() {
      return ended;
    },
    async resume(ms: number) {
      socket.resume();
      await until(() => ended, 'the end of the slow connection', ms);
    },
    destroy: () => socket.destroy(),
  };
}

for (const kind of databaseKinds())
  for (const via of CHAT_TRANSPORTS) {
    describe(`chat limits, ${via} (${kind.name})`, () => {
      let server: TestServer;
      let me: Member;
      let friend: Member;
      let clubs: StoredClub[];
      const peers: StompPeer[] = [];
      const sockjsPeers: SockjsPeer[] = [];
      const streams: SseClient[] = [];

      beforeEach(async () => {
        server = await startServer(await kind.create());
        [me, friend] = await insertMembers(server.database.db, [
          buildMember({ name: '김민준' }),
          buildMember({ name: '이서연' }),
        ]);
        // Ten clubs of `me`: one room more than a connection may follow.
        clubs = await insertClubs(
          server.database.db,
          Array.from({ length: 10 }, () => buildClub({ ownerId: me.id, memberIds: [friend.id] })),
        );
      });
      afterEach(async () => {
        for (const stream of streams.splice(0)) stream.close();
        for (const peer of sockjsPeers.splice(0)) peer.close();
        await Promise.all(peers.splice(0).map((peer) => peer.stop().catch(() => undefined)));
        await server?.close();
      });

      const connect = async (member: Member) => {
        const peer = await connectStomp(server.baseUrl, await cookieFor(member), { via });
        peers.push(peer);
        return peer;
      };

      it('refuses a 9th subscription and a second one to a room, and the connection keeps working', async () => {
        const peer = await connect(me);
        let closed = false;
        void peer.closed.then(() => (closed = true));
        const handles: StompSubscription[] = [];
        for (const [index, club] of clubs.slice(0, 8).entries()) {
          assert.equal(await trySubscribe(peer, club.chatRoomId, `s${index}`, handles), 'receipt');
        }

        const ninth = await trySubscribe(peer, clubs[8].chatRoomId, 'ninth');
        assert.notEqual(ninth, 'receipt');
        assert.equal((ninth as IFrame).headers.message, TOO_MANY_SUBSCRIPTIONS_ERROR);
        const again = await trySubscribe(peer, clubs[0].chatRoomId, 'again');
        assert.notEqual(again, 'receipt');
        assert.equal((again as IFrame).headers.message, ALREADY_SUBSCRIBED_ERROR);
        assert.equal((again as IFrame).headers['receipt-id'], 'again');

        // Still usable: a SEND is stored and receipted, and its MESSAGE arrives (once, on the one
        // subscription of the room); the refused subscription to the ninth room delivers nothing.
        await sendWithReceipt(peer, roomSendDestination(clubs[0].chatRoomId), '"여전히"', 'send-1');
        const message = await peer.nextMessage();
        assert.equal(chatBroadcastSchema.parse(JSON.parse(message.body)).body.message, '여전히');
        const other = await connect(friend);
        await sendWithReceipt(other, roomSendDestination(clubs[8].chatRoomId), '"9번"', 'send-2');
        await delay(100);
        assert.equal(peer.messages.length, 1);

        // An UNSUBSCRIBE frees a place: the ninth room can be followed now.
        handles[1].unsubscribe();
        assert.equal(await trySubscribe(peer, clubs[8].chatRoomId, 'ninth-again'), 'receipt');
        await sendWithReceipt(other, roomSendDestination(clubs[8].chatRoomId), '"다시"', 'send-3');
        const later = await peer.nextMessage();
        assert.equal(chatBroadcastSchema.parse(JSON.parse(later.body)).body.message, '다시');
        assert.equal(closed, false);
      });

      it("closes a member's oldest chat connection at the 11th, with 4008", async () => {
        const cookie = await cookieFor(me);
        for (let i = 0; i < 10; i++)
          sockjsPeers.push(await openSockjs(server.baseUrl, cookie, via));
        const others = await openSockjs(server.baseUrl, await cookieFor(friend), via);
        sockjsPeers.push(others);
        await delay(50);
        assert.ok(sockjsPeers.every((peer) => peer.closed === null));

        const eleventh = await openSockjs(server.baseUrl, cookie, via);
        sockjsPeers.push(eleventh);
        await until(() => sockjsPeers[0].closed !== null, 'the oldest connection closed');
        assert.deepEqual(sockjsPeers[0].closed, { code: 4008, reason: 'Too many connections' });
        await delay(100);
        assert.deepEqual(
          sockjsPeers.slice(1).map((peer) => peer.closed),
          Array.from({ length: 11 }, () => null),
          'the other nine, the other member and the new one stay open',
        );
        eleventh.send(
          stomp('SUBSCRIBE', {
            id: 's',
            destination: roomTopic(clubs[0].chatRoomId),
            receipt: 'r',
          }),
        );
        await until(() => eleventh.frames.some((f) => f.startsWith('RECEIPT')), 'the RECEIPT');
      });

      it("ends a member's oldest live stream at the 11th", async () => {
        const cookie = await cookieFor(me);
        for (let i = 0; i < 10; i++) {
          const stream = await openEvents(server.baseUrl, cookie);
          streams.push(stream);
          await stream.next(LIVE_EVENT.ready);
        }
        const others = await openEvents(server.baseUrl, await cookieFor(friend));
        streams.push(others);
        await others.next(LIVE_EVENT.ready);
        let ended = 0;
        for (const stream of streams) void stream.ended.then(() => (ended += 1));

        const eleventh = await openEvents(server.baseUrl, cookie);
        streams.push(eleventh);
        await eleventh.next(LIVE_EVENT.ready);
        await streams[0].ended;
        await delay(100);
        assert.equal(ended, 1, 'only the oldest ended');

        // The ten open ones still hear: a message in the member's room reaches the newest.
        const sender = await connect(friend);
        await sendWithReceipt(sender, roomSendDestination(clubs[0].chatRoomId), '"live"', 'r');
        await eleventh.next(LIVE_EVENT.chat);
        await streams[1].next(LIVE_EVENT.chat);
        assert.equal(streams[0].named(LIVE_EVENT.chat).length, 0);
      });

      it('answers the iframe page, htmlfile, jsonp and SockJS errors with the JSON error body', async () => {
        const cookie = await cookieFor(me);
        const expectError = async (
          what: string,
          response: Promise<Response>,
          status: number,
          headers: Record<string, string> = {},
        ) => {
          const answer = await response;
          assert.equal(answer.status, status, what);
          assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, what);
          for (const [name, value] of Object.entries(headers)) {
            assert.equal(answer.headers.get(name), value, `${what}: ${name}`);
          }
          const body = (await answer.json()) as Record<string, unknown>;
          assert.deepEqual(
            Object.keys(body),
            ['code', 'message', 'data', 'timestamp', 'path'],
            what,
          );
          assert.equal(body.code, String(status), what);
          assert.equal(typeof body.message, 'string', what);
        };
        const base = server.baseUrl;
        const session = () => `${base}/chat/000/${randomBytes(6).toString('hex')}`;
        // sockjs's own pattern (`iframe[0-9-.a-z_]*.html`, dot unescaped) also served iframe_html.
        for (const page of [
          'iframe.html',
          'iframe-1.6.1.html',
          'iframe-x.html?t=1',
          'iframe_html',
        ]) {
          await expectError(page, fetch(`${base}/chat/${page}`), 404);
        }
        for (const transport of ['htmlfile?c=cb', 'jsonp?c=cb']) {
          await expectError(
            transport,
            fetch(`${session()}/${transport}`, { headers: { cookie } }),
            404,
          );
        }
        await expectError(
          'jsonp_send',
          fetch(`${session()}/jsonp_send`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: 'd=%5B%22x%22%5D',
          }),
          404,
        );
        await expectError('unknown path', fetch(`${base}/chat/nothing`), 404);
        await expectError('wrong method', fetch(`${base}/chat/info`, { method: 'DELETE' }), 405, {
          allow: 'OPTIONS, GET',
        });
        await expectError(
          'xhr_send to no session',
          fetch(`${session()}/xhr_send`, { method: 'POST', headers: { cookie }, body: '["x"]' }),
          404,
        );
        await expectError(
          'the raw WebSocket endpoint without an upgrade',
          fetch(`${base}/chat/websocket`, { headers: { cookie } }),
          400,
        );
        // A real xhr session: its bad bodies are the client's mistake (sockjs said 500).
        const open = session();
        const opened = await fetch(`${open}/xhr`, { method: 'POST', headers: { cookie } });
        assert.equal(await opened.text(), 'o\n');
        for (const [what, body] of [
          ['no payload', ''],
          ['broken JSON', '["x"'],
          ['not an array', '{"a":1}'],
        ]) {
          await expectError(
            what,
            fetch(`${open}/xhr_send`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'text/plain' },
              body,
            }),
            400,
          );
        }
        // What sockjs answers well is unchanged.
        assert.equal((await fetch(`${base}/chat/info`)).status, 200);
        const sent = await fetch(`${open}/xhr_send`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'text/plain' },
          body: JSON.stringify([CONNECT]),
        });
        assert.equal(sent.status, 204);
      });
    });
  }

describe('chat limits as settings', () => {
  for (const via of CHAT_TRANSPORTS)
    it(`follows CHAT_MAX_SUBSCRIPTIONS, CHAT_MAX_CONNECTIONS_PER_MEMBER and LIVE_MAX_STREAMS_PER_MEMBER (${via})`, async (t) => {
      const [kind] = databaseKinds();
      const server = await startServer(await kind.create(), {
        CHAT_MAX_SUBSCRIPTIONS: '1',
        CHAT_MAX_CONNECTIONS_PER_MEMBER: '1',
        LIVE_MAX_STREAMS_PER_MEMBER: '1',
      });
      t.after(() => server.close());
      const [member] = await insertMembers(server.database.db, [buildMember()]);
      const clubs = await insertClubs(server.database.db, [
        buildClub({ ownerId: member.id }),
        buildClub({ ownerId: member.id }),
      ]);
      const cookie = await cookieFor(member);
      const first = await openSockjs(server.baseUrl, cookie, via);
      t.after(() => first.close());
      first.send(
        stomp('SUBSCRIBE', { id: 'a', destination: roomTopic(clubs[0].chatRoomId), receipt: 'a' }) +
          stomp('SUBSCRIBE', {
            id: 'b',
            destination: roomTopic(clubs[1].chatRoomId),
            receipt: 'b',
          }),
      );
      await until(() => first.frames.length >= 3, 'two answers');
      assert.match(first.frames[1], /^RECEIPT\nreceipt-id:a\n/);
      assert.match(first.frames[2], /^ERROR\n/);
      assert.match(first.frames[2], new RegExp(`\nmessage:${TOO_MANY_SUBSCRIPTIONS_ERROR}\n`));
      const second = await openSockjs(server.baseUrl, cookie, via);
      t.after(() => second.close());
      await until(() => first.closed !== null, 'the first connection closed');
      assert.equal(first.closed?.code, 4008);

      const stream = await openEvents(server.baseUrl, cookie);
      t.after(() => stream.close());
      await stream.next(LIVE_EVENT.ready);
      const next = await openEvents(server.baseUrl, cookie);
      t.after(() => next.close());
      await next.next(LIVE_EVENT.ready);
      await stream.ended;
    });
});

/**
 * A member who stops reading while the room is busy: the server closes the connection once 1 MiB
 * waits unsent, and the room goes on for everyone else meanwhile. The room runs in rounds: in each,
 * a prober sends a numbered probe and `senders` members one 1,000-character message each (rounds at
 * least ROUND_MS apart, within every sender's rate). A round may start only once the listener has
 * had the probe of the round WINDOW rounds back, so the slow member's backlog can only grow while
 * the room is served: a server that held the room back behind the stalled member would stop the
 * rounds, and the slow member would never reach 1 MiB. Nothing here is held against a clock but the
 * generous waits; the probes' latencies are printed for the reader.
 */
async function slowConsumerCase(
  t: TestContext,
  place: { reader: TestServer; writer: TestServer; logs: LogCapture; via: ChatVia },
) {
  const { reader, writer, logs, via } = place;
  const [slow, listener, prober, ...senders] = await insertMembers(
    reader.database.db,
    Array.from({ length: 23 }, (_, i) => buildMember({ name: `회원${i}` })),
  );
  const [club] = await insertClubs(reader.database.db, [
    buildClub({
      ownerId: slow.id,
      memberIds: [listener.id, prober.id, ...senders.map((m) => m.id)],
    }),
  ]);
  const room = club.chatRoomId;
  const peers: StompPeer[] = [];
  t.after(() => Promise.all(peers.map((peer) => peer.stop().catch(() => undefined))));
  const closedLine = () =>
    logs.lines.find(
      (line) => line.msg === 'chat connection closed: slow consumer' && line.memberId === slow.id,
    );

  const listening = await connectStomp(reader.baseUrl, await cookieFor(listener), { via });
  peers.push(listening);
  // Each probe's send time, and when and in which phase the listener had it.
  const sentAt: number[] = [];
  const received: { latency: number; slowOpen: boolean }[] = [];
  listening.client.subscribe(roomTopic(room), (message) => {
    const text = chatBroadcastSchema.parse(JSON.parse(message.body)).body.message;
    const probe = /^probe (\d+)$/.exec(text);
    if (!probe) return;
    const round = Number(probe[1]);
    received[round] = { latency: Date.now() - sentAt[round], slowOpen: closedLine() === undefined };
  });
  const probing = await connectStomp(writer.baseUrl, await cookieFor(prober), { via });
  peers.push(probing);
  const flooding = await Promise.all(
    senders.map(async (member) => connectStomp(writer.baseUrl, await cookieFor(member), { via })),
  );
  peers.push(...flooding);
  const publish = (peer: StompPeer, text: string) =>
    peer.client.publish({ destination: roomSendDestination(room), body: JSON.stringify(text) });

  let rounds = 0;
  const waitForWindow = () =>
    rounds < WINDOW
      ? Promise.resolve()
      : until(
          () => received[rounds - WINDOW] !== undefined,
          `probe ${rounds - WINDOW} at the listener (the room held back)`,
          ROUND_WAIT_MS,
        );
  const sendRound = async () => {
    const round = rounds++;
    sentAt[round] = Date.now();
    publish(probing, `probe ${round}`);
    flooding.forEach((peer, index) => publish(peer, `${'가'.repeat(990)} ${index}-${round}`));
    await delay(ROUND_MS);
  };

  const stalled = await stalledSubscriber(reader.baseUrl, await cookieFor(slow), room, via);
  t.after(() => stalled.destroy());
  const started = Date.now();
  for (;;) {
    await waitForWindow();
    if (closedLine() !== undefined) break;
    assert.ok(rounds < MAX_ROUNDS, `no close after ${MAX_ROUNDS} rounds`);
    await sendRound();
  }
  const closedAfter = Date.now() - started;
  const stalledRounds = rounds;
  // The room goes on after the close, and every probe of every round reaches the listener.
  for (let i = 0; i < AFTER_ROUNDS; i++) {
    await waitForWindow();
    await sendRound();
  }
  await until(() => received.filter(Boolean).length === rounds, 'every probe', ROUND_WAIT_MS);

  const unsent = closedLine()!.unsentBytes as number;
  assert.ok(unsent > MiB && unsent < MiB + 64 * 1024, `closed at ${unsent} unsent bytes`);
  // The closed connection's socket is gone: reading again drains what the kernels held, then ends.
  await stalled.resume(10_000);

  // Every round sent while the slow member was connected waited for the listener to have the probe
  // WINDOW rounds back, so the backlog grew only while the room was served; the stall lasted
  // several windows, not just the first one's burst.
  const servedWhileStalled = received.filter((probe) => probe.slowOpen).length;
  const whileStalled = spread(received.slice(0, stalledRounds).map((p) => p.latency));
  const afterClose = spread(received.slice(stalledRounds).map((p) => p.latency));
  t.diagnostic(
    `closed after ${closedAfter} ms and ${stalledRounds} rounds at ${unsent} unsent bytes; ` +
      `${servedWhileStalled} probes reached the listener before the close; probe latency while ` +
      `stalled median ${whileStalled.median} ms, worst ${whileStalled.worst} ms; after the close ` +
      `median ${afterClose.median} ms, worst ${afterClose.worst} ms`,
  );
  assert.ok(
    servedWhileStalled >= 2 * WINDOW,
    `only ${servedWhileStalled} probes reached the listener before the slow member was closed`,
  );
}

/** Rounds that may be under way at once: a round waits for the probe of the round this far back. */
const WINDOW = 10;
/** The least time between rounds: each sender sends one message a round, within its 10 a second. */
const ROUND_MS = 110;
/** How long a round may wait for its probe: long enough for any load, short of the test's timeout. */
const ROUND_WAIT_MS = 60_000;
/** Rounds played after the close. */
const AFTER_ROUNDS = 10;
/** Far more rounds than 1 MiB and the kernels' buffers take (each round adds about 60 kB). */
const MAX_ROUNDS = 1500;

/** Median and worst of some latencies (ms). */
function spread(values: readonly number[]): { median: number; worst: number } {
  assert.ok(values.length > 0, 'no probe arrived');
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], worst: sorted.at(-1)! };
}

describe('a slow consumer', () => {
  for (const via of CHAT_TRANSPORTS)
    for (const kind of databaseKinds()) {
      it(`is closed at 1 MiB unsent while the room goes on, ${via} (${kind.name})`, async (t) => {
        const logs = captureLogs();
        const server = await startServer(
          await kind.create(),
          { LOG_LEVEL: 'info' },
          { logStream: logs.stream },
        );
        t.after(() => server.close());
        await slowConsumerCase(t, { reader: server, writer: server, logs, via });
      });
    }

  for (const via of CHAT_TRANSPORTS)
    it(`is closed at 1 MiB unsent with the room written on another instance, ${via} (Redis)`, async (t) => {
      const logs = captureLogs();
      // The first instance logs here: the slow consumer is on it, the senders on the second.
      const pair = await startRedisPair(t, { LOG_LEVEL: 'info' }, { logStream: logs.stream });
      if (!pair) return;
      const [first, second] = pair;
      t.after(async () => {
        await second.close();
        await first.close();
      });
      await slowConsumerCase(t, { reader: first, writer: second, logs, via });
    });
});
