import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import { sql } from 'drizzle-orm';

import {
  CHAT_MESSAGES,
  chatBroadcastSchema,
  chatMessageListSchema,
  roomSendDestination,
  roomTopic,
} from '@/lib/contract/chat';
import { ALREADY_SUBSCRIBED_ERROR, NOT_A_MEMBER_ERROR } from '@/lib/shared/chat/stomp-refusal';

import { NATIVE_MAX_PAYLOAD } from '../src/chat/native-websocket';
import { header, StompDecoder, type StompFrame, type StompVersion } from '../src/chat/stomp/codec';
import type { Member } from '../src/db/schema';
import {
  buildClub,
  buildMember,
  buildMessage,
  insertClubs,
  insertMembers,
  insertMessages,
  type StoredClub,
} from '../src/seed/builders';
import { apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import {
  connectStomp,
  cookieFor,
  rawWebSocket,
  type StompPeer,
  subscribeRoom,
} from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

/**
 * Sweeps the chat endpoint with malformed and hostile STOMP traffic as a signed-in club member,
 * over the raw WebSocket endpoint (`/chat/websocket`) and SockJS's WebSocket transport: every
 * refusal is one ERROR frame with the exact `message` of session.ts / codec.ts and then the
 * connection closes (but a refused SUBSCRIBE to a room already subscribed, which leaves it open);
 * what the server ignores gets no answer and the connection stays open; only
 * valid messages are stored, and a member listening to the room throughout receives exactly those.
 */

/** Long texts shortened in failure output. */
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 60)}…(${text.length})` : text);

/** How long a connection must stay silent (and open) to count as "ignored". */
const QUIET_MS = 100;
/** The decoder's frame limit (codec.ts, like Spring's 64 KiB). */
const MAX_FRAME = 64 * 1024;
const MISSING_ROOM = 987_654_321;
const CONNECT = 'CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0';
/** What an ERROR must never show: an unexpected exception's answer, a stack, SQL, the driver. */
const INTERNAL =
  /server error|\n\s+at |\.ts:\d|node_modules|sql|select |insert into|pglite|postgres/i;

type Transport = 'websocket' | 'sockjs';

/** A STOMP frame with header lines given as written (so that they can be malformed). */
function stomp(command: string, lines: string[] = [], body = ''): string {
  return `${command}\n${lines.map((line) => `${line}\n`).join('')}\n${body}\0`;
}

interface Case {
  what: string;
  /** Transport messages after the opening frame (strings; Buffers go as binary messages). */
  send: Array<string | Buffer>;
  /** The opening frame, sent as its own message; `null`: none (frames before CONNECT). */
  connect?: string | null;
  /** Send `send` only once CONNECTED has arrived. */
  afterConnected?: boolean;
  /** Header escaping of the session (decodes the server's frames). */
  version?: StompVersion;
  /**
   * The server's frames in order, MESSAGE frames left out: `CONNECTED`, `RECEIPT:<id>`, `ERROR`.
   * A case ending in ERROR must then be closed; any other must stay open and silent.
   */
  expect: string[];
  /** The exact `message` header of the ERROR. */
  error?: string;
  /** Several ERRORs (the non-fatal SUBSCRIBE refusals first): each one's `message` and receipt. */
  errors?: Array<{ message: string; receipt?: string }>;
  /** The `receipt-id` of the ERROR (the refused frame's `receipt`). */
  errorReceipt?: string;
  /** Closed without an ERROR (DISCONNECT, broken SockJS framing). */
  closes?: boolean;
  /** The SockJS close frame's code, when it closes that way. */
  closeCode?: number;
  /** Texts stored (and broadcast) by this case, as stored (trimmed). */
  stores?: string[];
  /**
   * Texts `${prefix}0`, `${prefix}1`… were sent in one burst; some leading run of them is stored
   * (the rate limit cuts it at a time-dependent point): at least `min`, fewer than `sent`.
   */
  storesRun?: { prefix: string; min: number; sent: number };
  /** After the first `after` frames arrived and a quiet wait: these messages, then the rest. */
  more?: { after: number; send: Array<string | Buffer> };
  /** SockJS only: WebSocket messages sent as they are (not as a SockJS array), before `send`. */
  sockjs?: string[];
  /** Only over this transport (binary messages are raw WebSocket only, SockJS framing SockJS). */
  only?: Transport;
  /**
   * A burst that the SEND bucket cuts at a time-dependent point (it refills while a slow database
   * answers the membership checks): `expect` and `errors` hold the fewest refusals, `min`, before
   * the fatal ERROR; up to `extra` more of the same non-fatal refusal (the next receipts) may come
   * first.
   */
  refusalRun?: { min: number; extra: number };
}

/**
 * `c` with as many of its non-fatal refusals as the server sent (`refusalRun`): the refused
 * frames' receipts run on from the last listed one, and the fatal ERROR's follows them.
 */
function withRefusalRun(c: Case, frames: readonly string[]): Case {
  if (!c.refusalRun || !c.errors) return c;
  const sent = frames.filter((frame) => frame === 'ERROR').length;
  const listed = c.errors.length;
  const more = Math.min(Math.max(0, sent - listed), c.refusalRun.extra);
  if (more === 0) return c;
  const refusals = c.errors.slice(0, -1);
  const last = refusals.at(-1)!;
  const fatal = c.errors.at(-1)!;
  const next = (n: number) => String(Number(last.receipt) + n);
  return {
    ...c,
    expect: [...c.expect, ...Array.from({ length: more }, () => 'ERROR')],
    errors: [
      ...refusals,
      ...Array.from({ length: more }, (_, i) => ({ message: last.message, receipt: next(i + 1) })),
      { message: fatal.message, receipt: next(more + 1) },
    ],
  };
}

interface Peer {
  frames: StompFrame[];
  closed: { code: number; reason: string } | null;
  /** The server's output did not decode as STOMP. */
  garbled: string | null;
  /** One STOMP transport message (over SockJS: wrapped in a SockJS array). */
  send(data: string | Buffer): void;
  /** A WebSocket message as is (SockJS framing tests). */
  sendTransport(data: string): void;
  close(): void;
}

async function openPeer(
  baseUrl: string,
  cookie: string,
  transport: Transport,
  version: StompVersion = '1.2',
): Promise<Peer> {
  const base = baseUrl.replace(/^http/, 'ws');
  const url =
    transport === 'websocket'
      ? `${base}/chat/websocket`
      : `${base}/chat/000/${randomBytes(6).toString('hex')}/websocket`;
  const socket = rawWebSocket(url, { cookie });
  const decoder = new StompDecoder({ version, maxFrameBytes: 16 * MAX_FRAME });
  let open = false;
  const peer: Peer = {
    frames: [],
    closed: null,
    garbled: null,
    send: (data) => {
      if (transport === 'websocket') socket.send(data);
      else socket.send(JSON.stringify([typeof data === 'string' ? data : data.toString('utf8')]));
    },
    sendTransport: (data) => socket.send(data),
    close: () => socket.close(),
  };
  const decode = (text: string) => {
    try {
      for (const item of decoder.push(text))
        if (item.type === 'frame') peer.frames.push(item.frame);
    } catch (error) {
      peer.garbled ??= String(error);
    }
  };
  socket.onmessage = ({ data }) => {
    if (transport === 'websocket') return decode(data);
    if (data === 'o') open = true;
    else if (data.startsWith('a'))
      for (const text of JSON.parse(data.slice(1)) as string[]) decode(text);
    else if (data.startsWith('c')) {
      const [code, reason] = JSON.parse(data.slice(1)) as [number, string];
      peer.closed ??= { code, reason };
    }
  };
  socket.onclose = ({ code, reason }) => {
    peer.closed ??= { code, reason };
  };
  if (transport === 'websocket') socket.onopen = () => (open = true);
  await until(() => open || peer.closed !== null, `${transport} open`);
  if (!open) throw new Error(`${transport} refused: ${JSON.stringify(peer.closed)}`);
  return peer;
}

/** The frames as `expect` spells them (MESSAGEs from other cases' valid sends left out). */
function summary(frames: StompFrame[]): string[] {
  return frames
    .filter((frame) => frame.command !== 'MESSAGE')
    .map((frame) =>
      frame.command === 'RECEIPT' ? `RECEIPT:${header(frame, 'receipt-id')}` : frame.command,
    );
}

/** Runs one case; throws with what went wrong. */
async function runCase(baseUrl: string, cookie: string, c: Case, transport: Transport) {
  const peer = await openPeer(baseUrl, cookie, transport, c.version);
  try {
    const connect = c.connect === undefined ? CONNECT : c.connect;
    if (connect !== null) peer.send(connect);
    if (c.afterConnected) {
      await until(() => peer.frames.some((frame) => frame.command === 'CONNECTED'), 'CONNECTED');
    }
    for (const data of c.sockjs ?? []) peer.sendTransport(data);
    for (const data of c.send) peer.send(data);
    if (c.more) {
      const { after: count, send } = c.more;
      await until(() => summary(peer.frames).length >= count, `the first ${count} frames`);
      await delay(QUIET_MS);
      assert.deepEqual(summary(peer.frames), c.expect.slice(0, count), 'before the rest');
      assert.equal(peer.closed, null, 'closed before the rest was sent');
      for (const data of send) peer.send(data);
    }
    const closes = c.closes ?? c.expect.at(-1) === 'ERROR';
    await until(
      () => summary(peer.frames).length >= c.expect.length && (!closes || peer.closed !== null),
      closes ? `${c.expect.join(', ')} and a close` : c.expect.join(', '),
    );
    if (!closes) await delay(QUIET_MS); // nothing else arrives and the connection stays open
    c = withRefusalRun(c, summary(peer.frames));
    assert.equal(peer.garbled, null, 'the server wrote something that is not STOMP');
    assert.deepEqual(summary(peer.frames), c.expect);
    if (closes) {
      if (c.closeCode !== undefined) assert.equal(peer.closed?.code, c.closeCode);
    } else assert.equal(peer.closed, null, 'closed');
    const errors = peer.frames.filter((f) => f.command === 'ERROR');
    if (c.errors) assert.equal(errors.length, c.errors.length, 'ERROR frames');
    for (const [index, frame] of errors.entries()) {
      const message = header(frame, 'message');
      assert.ok(message, 'ERROR without a message header');
      assert.doesNotMatch(message, INTERNAL, 'internal detail in an ERROR');
      assert.equal(message, c.errors ? c.errors[index].message : c.error);
      assert.ok(frame.body === '' || frame.body === message, `ERROR body ${frame.body}`);
      assert.equal(
        header(frame, 'receipt-id'),
        c.errors ? c.errors[index].receipt : c.errorReceipt,
      );
    }
  } finally {
    peer.close();
  }
}

for (const kind of databaseKinds()) {
  describe(`hostile STOMP traffic (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let friend: Member;
    let other: Member;
    let club: StoredClub;
    let otherClub: StoredClub;
    let cookie: string;
    let listener: StompPeer;
    let otherListener: StompPeer;
    const peers: StompPeer[] = [];
    /** Every text a case stored, and the runs of the rate-limit bursts. */
    const expectedTexts: string[] = [];
    const runs: Array<NonNullable<Case['storesRun']>> = [];
    let rowsBefore: Row[];
    /** The history of the other club's room, as its owner reads it through /api. */
    let foreignHistory: unknown;
    const foreignHistoryPath = () => `/api/rooms/${otherClub.chatRoomId}/recentMessage?limit=100`;
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning);

    interface Row {
      roomId: number;
      memberId: number;
      message: string;
    }
    async function rows(): Promise<Row[]> {
      const result = (await server.database.db.execute(
        sql`select room_id, member_id, message from chat_messages order by id`,
      )) as unknown as {
        rows: Array<{ room_id: number | string; member_id: number | string; message: string }>;
      };
      return result.rows.map((row) => ({
        roomId: Number(row.room_id),
        memberId: Number(row.member_id),
        message: row.message,
      }));
    }

    const texts = (peer: StompPeer) =>
      peer.messages.map((m) => chatBroadcastSchema.parse(JSON.parse(m.body)).body);

    before(async () => {
      process.on('warning', onWarning);
      server = await startServer(await kind.create());
      const db = server.database.db;
      [me, friend, other] = await insertMembers(db, [
        buildMember({ name: '김민준' }),
        buildMember({ name: '이서연' }),
        buildMember({ name: '박지호' }),
      ]);
      [club, otherClub] = await insertClubs(db, [
        buildClub({ ownerId: me.id, memberIds: [friend.id] }),
        buildClub({ ownerId: other.id }),
      ]);
      await insertMessages(db, [
        buildMessage({ roomId: club.chatRoomId, memberId: friend.id }),
        buildMessage({ roomId: otherClub.chatRoomId, memberId: other.id }),
      ]);
      cookie = await cookieFor(me);
      // A well-behaved member of the room, and one of the club `me` did not join, throughout.
      listener = await connectStomp(server.baseUrl, await cookieFor(friend));
      otherListener = await connectStomp(server.baseUrl, await cookieFor(other));
      peers.push(listener, otherListener);
      await subscribeRoom(listener, club.chatRoomId);
      await subscribeRoom(otherListener, otherClub.chatRoomId);
      rowsBefore = await rows();
      foreignHistory = await (await apiClient(server, other)).get(foreignHistoryPath());
    });
    after(async () => {
      process.off('warning', onWarning);
      await Promise.all(peers.splice(0).map((peer) => peer.stop().catch(() => undefined)));
      await server?.close();
    });

    function cases(tag: string): Case[] {
      const room = club.chatRoomId;
      const foreign = otherClub.chatRoomId;
      const to = roomSendDestination(room);
      const topic = roomTopic(room);
      const all: Case[] = [];
      const add = (c: Case) => all.push(c);
      /** A SEND of `body` to the room with receipt `r`, that is stored as `stored`. */
      const stored = (what: string, body: string, text: string, lines: string[] = []) =>
        add({
          what,
          send: [stomp('SEND', [`destination:${to}`, 'receipt:r', ...lines], body)],
          expect: ['CONNECTED', 'RECEIPT:r'],
          stores: [text],
        });
      /** A SEND of `body` to the room with receipt `r`, refused with `error`. */
      const refused = (what: string, body: string, error: string, lines: string[] = []) =>
        add({
          what,
          send: [stomp('SEND', [`destination:${to}`, 'receipt:r', ...lines], body)],
          expect: ['CONNECTED', 'ERROR'],
          error,
          errorReceipt: 'r',
        });
      /** A frame the decoder refuses (no receipt: the frame never was one). */
      const malformed = (what: string, data: string | Buffer, error: string, only?: Transport) =>
        add({ what, send: [data], expect: ['CONNECTED', 'ERROR'], error, only });

      // --- Before CONNECT, and CONNECT itself. ---
      for (const [what, frame] of [
        ['SEND', stomp('SEND', [`destination:${to}`], JSON.stringify(`before ${tag}`))],
        ['SUBSCRIBE', stomp('SUBSCRIBE', ['id:s', `destination:${topic}`])],
        ['UNSUBSCRIBE', stomp('UNSUBSCRIBE', ['id:s'])],
        ['unknown command', stomp('FOO')],
        ['ACK', stomp('ACK', ['id:1'])],
      ]) {
        add({
          what: `${what} before CONNECT`,
          connect: null,
          send: [frame],
          expect: ['ERROR'],
          error: 'CONNECT expected',
        });
      }
      add({
        what: 'DISCONNECT before CONNECT',
        connect: null,
        send: [stomp('DISCONNECT', ['receipt:bye'])],
        expect: ['ERROR'],
        error: 'CONNECT expected',
        errorReceipt: 'bye',
      });
      add({
        what: 'lowercase connect',
        connect: 'connect\naccept-version:1.2\n\n\0',
        send: [],
        expect: ['ERROR'],
        error: 'invalid command connect',
      });
      add({
        what: 'an HTTP request instead of CONNECT',
        connect: 'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
        send: [],
        expect: ['ERROR'],
        error: 'invalid command GET / HTTP/1.1',
      });
      add({
        what: 'CONNECT offering no supported version',
        connect: 'CONNECT\naccept-version:2.0,1.3\n\n\0',
        send: [],
        expect: ['ERROR'],
        error: 'unsupported STOMP version',
      });
      add({
        what: 'CONNECT with a garbage heart-beat',
        connect: 'CONNECT\naccept-version:1.2\nheart-beat:abc,-5\n\n\0',
        send: [],
        expect: ['CONNECTED'],
      });
      add({
        what: 'CONNECT with heart-beats beyond the timer range',
        connect: 'CONNECT\naccept-version:1.2\nheart-beat:99999999999999,99999999999999\n\n\0',
        send: [],
        expect: ['CONNECTED'],
      });
      add({
        what: 'CONNECT with an escape the CONNECT frame does not use',
        connect: 'CONNECT\naccept-version:1.2\nlogin:a\\xb\nheart-beat:0,0\n\n\0',
        send: [],
        expect: ['CONNECTED'],
      });
      for (const what of ['CONNECT', 'STOMP']) {
        add({
          what: `a second ${what}`,
          send: [stomp(what, ['accept-version:1.2', 'receipt:again'])],
          expect: ['CONNECTED', 'ERROR'],
          error: 'already connected',
          errorReceipt: 'again',
        });
      }

      // --- Commands. ---
      add({
        what: 'unknown command',
        send: [stomp('FOO', ['receipt:r'])],
        expect: ['CONNECTED', 'ERROR'],
        error: 'unsupported command FOO',
        errorReceipt: 'r',
      });
      for (const command of ['send', 'Send', 'SEND ', 'SUBSCRIBE2', 'SÉND', ':']) {
        malformed(
          `command ${JSON.stringify(command)}`,
          stomp(command),
          `invalid command ${command}`,
        );
      }
      for (const command of ['BEGIN', 'COMMIT', 'ABORT']) {
        add({
          what: command,
          send: [stomp(command, ['transaction:t1', 'receipt:r'])],
          expect: ['CONNECTED', 'ERROR'],
          error: `unsupported command ${command}`,
          errorReceipt: 'r',
        });
      }
      for (const command of ['ACK', 'NACK']) {
        add({
          what: `${command} (auto-acknowledged)`,
          send: [stomp(command, ['id:whatever', 'receipt:a']), stomp(command, ['id:x'])],
          expect: ['CONNECTED', 'RECEIPT:a'],
        });
      }

      // --- SUBSCRIBE / UNSUBSCRIBE. ---
      add({
        what: 'SUBSCRIBE without id',
        send: [stomp('SUBSCRIBE', [`destination:${topic}`, 'receipt:r'])],
        expect: ['CONNECTED', 'ERROR'],
        error: 'SUBSCRIBE needs an id header',
        errorReceipt: 'r',
      });
      add({
        what: 'SUBSCRIBE with an empty id (accepted: an id is present)',
        send: [stomp('SUBSCRIBE', ['id:', `destination:${topic}`, 'receipt:r'])],
        expect: ['CONNECTED', 'RECEIPT:r'],
      });
      add({
        what: 'SUBSCRIBE twice with one id',
        send: [
          stomp('SUBSCRIBE', ['id:s', `destination:${topic}`, 'receipt:r1']),
          stomp('SUBSCRIBE', ['id:s', `destination:${topic}`, 'receipt:r2']),
        ],
        expect: ['CONNECTED', 'RECEIPT:r1', 'ERROR'],
        error: 'subscription s already exists',
        errorReceipt: 'r2',
      });
      add({
        what: 'SUBSCRIBE twice to the room under two ids: the second refused, the connection kept',
        send: [
          stomp('SUBSCRIBE', ['id:s1', `destination:${topic}`, 'receipt:r1']),
          stomp('SUBSCRIBE', ['id:s2', `destination:${topic}`, 'receipt:r2']),
          stomp('UNSUBSCRIBE', ['id:s1', 'receipt:r3']),
          stomp('SUBSCRIBE', ['id:s2', `destination:${topic}`, 'receipt:r4']),
        ],
        expect: ['CONNECTED', 'RECEIPT:r1', 'ERROR', 'RECEIPT:r3', 'RECEIPT:r4'],
        errors: [{ message: ALREADY_SUBSCRIBED_ERROR, receipt: 'r2' }],
      });
      add({
        what: 'SUBSCRIBE and UNSUBSCRIBE',
        send: [
          stomp('SUBSCRIBE', ['id:s', `destination:${topic}`, 'receipt:r1']),
          stomp('UNSUBSCRIBE', ['id:s', 'receipt:r2']),
          stomp('UNSUBSCRIBE', ['id:s', 'receipt:r3']),
        ],
        expect: ['CONNECTED', 'RECEIPT:r1', 'RECEIPT:r2', 'RECEIPT:r3'],
      });
      const badTopics = [
        '',
        '/topic/public/rooms',
        '/topic/public/rooms/',
        `/topic/public/rooms/${room}/`,
        `/topic/public/rooms/${room}/../${foreign}`,
        `/topic/public/rooms/${foreign}/../${room}`,
        `/topic/public/rooms/${room}?x=1`,
        `/topic/public/rooms//${room}`,
        `/topic/public/rooms/%3${room}`,
        `//topic/public/rooms/${room}`,
        ` ${topic}`,
        `${topic} `,
        '/topic/public/rooms/abc',
        '/topic/public/rooms/-1',
        '/topic/public/rooms/0',
        `/topic/public/rooms/0${room}`,
        '/topic/public/rooms/1.5',
        '/topic/public/rooms/1e3',
        '/topic/public/rooms/０１',
        '/topic/public/rooms/9007199254740993',
        `/topic/public/rooms/${'9'.repeat(30)}`,
        '/topic/public/rooms/*',
        '/topic/public/rooms/#',
        '/topic/public/rooms/**',
        '/topic/**',
        '/topic/#',
        roomSendDestination(room),
        '/queue/x',
        '/user/queue/errors',
      ];
      for (const destination of badTopics) {
        add({
          what: `SUBSCRIBE to ${JSON.stringify(destination)}`,
          send: [stomp('SUBSCRIBE', ['id:s', `destination:${destination}`, 'receipt:r'])],
          expect: ['CONNECTED', 'ERROR'],
          error: `cannot subscribe to ${destination}`,
          errorReceipt: 'r',
        });
      }
      add({
        what: 'SUBSCRIBE without destination',
        send: [stomp('SUBSCRIBE', ['id:s', 'receipt:r'])],
        expect: ['CONNECTED', 'ERROR'],
        error: 'cannot subscribe to ',
        errorReceipt: 'r',
      });
      /** Rooms the member may not use: SUBSCRIBE and SEND are both refused as not a member. */
      const refusedRooms = [
        ["a club's room the member did not join", foreign],
        ['a room that does not exist', MISSING_ROOM],
        ['the largest room id accepted (15 digits)', 999_999_999_999_999],
      ] as const;
      for (const [what, id] of refusedRooms) {
        add({
          what: `SUBSCRIBE to ${what}`,
          send: [stomp('SUBSCRIBE', ['id:s', `destination:${roomTopic(id)}`, 'receipt:r'])],
          expect: ['CONNECTED', 'ERROR'],
          error: NOT_A_MEMBER_ERROR,
          errorReceipt: 'r',
        });
      }
      add({
        what: 'UNSUBSCRIBE of an unknown id, and an empty one',
        send: [stomp('UNSUBSCRIBE', ['id:nope', 'receipt:r1']), stomp('UNSUBSCRIBE', ['id:'])],
        expect: ['CONNECTED', 'RECEIPT:r1'],
      });
      add({
        what: 'UNSUBSCRIBE without id',
        send: [stomp('UNSUBSCRIBE', ['receipt:r'])],
        expect: ['CONNECTED', 'ERROR'],
        error: 'UNSUBSCRIBE needs an id header',
        errorReceipt: 'r',
      });

      // --- SEND destinations. ---
      const badSends = [
        '',
        '/app/chat/rooms/send',
        `/app/chat/rooms/${room}`,
        `/app/chat/rooms/${room}/send/`,
        `/app/chat/rooms/${room}/../${foreign}/send`,
        `/app/chat/rooms/${foreign}/../${room}/send`,
        `/app/chat/rooms/${room}/send/../../${foreign}/send`,
        `/app/chat/rooms/${room}/send?room=${foreign}`,
        `/app/chat/rooms//${room}/send`,
        `/app/chat/rooms/%3${room}/send`,
        `/app/chat/rooms/${room}%2Fsend`,
        ` ${to}`,
        `${to} `,
        '/app/chat/rooms/abc/send',
        '/app/chat/rooms/-1/send',
        '/app/chat/rooms/0/send',
        `/app/chat/rooms/0${room}/send`,
        '/app/chat/rooms/1.5/send',
        '/app/chat/rooms/0x1/send',
        '/app/chat/rooms/９/send',
        '/app/chat/rooms/9007199254740993/send',
        `/app/chat/rooms/${'9'.repeat(30)}/send`,
        '/app/chat/rooms/*/send',
        '/queue/x',
        '/app',
      ];
      for (const destination of badSends) {
        add({
          what: `SEND to ${JSON.stringify(destination)}`,
          send: [stomp('SEND', [`destination:${destination}`, 'receipt:r'], '"x"')],
          expect: ['CONNECTED', 'ERROR'],
          error: `unknown destination ${destination}`,
          errorReceipt: 'r',
        });
      }
      for (const destination of [topic, roomTopic(foreign), '/topic', '/topic/**', '/topicx']) {
        add({
          what: `SEND to ${destination}`,
          send: [stomp('SEND', [`destination:${destination}`, 'receipt:r'], '"spoof"')],
          expect: ['CONNECTED', 'ERROR'],
          error: 'SEND to /topic is not allowed',
          errorReceipt: 'r',
        });
      }
      add({
        what: 'SEND without destination',
        send: [stomp('SEND', ['receipt:r'], '"x"')],
        expect: ['CONNECTED', 'ERROR'],
        error: 'unknown destination ',
        errorReceipt: 'r',
      });
      add({
        what: 'SEND with a capitalised Destination header',
        send: [stomp('SEND', [`Destination:${to}`, 'receipt:r'], '"x"')],
        expect: ['CONNECTED', 'ERROR'],
        error: 'unknown destination ',
        errorReceipt: 'r',
      });
      add({
        what: 'SEND with an escaped colon in the destination',
        send: [stomp('SEND', [`destination:${to}\\c`, 'receipt:r'], '"x"')],
        expect: ['CONNECTED', 'ERROR'],
        error: `unknown destination ${to}:`,
        errorReceipt: 'r',
      });
      for (const [what, id] of refusedRooms) {
        add({
          what: `SEND to ${what}`,
          send: [stomp('SEND', [`destination:${roomSendDestination(id)}`, 'receipt:r'], '"몰래"')],
          expect: ['CONNECTED', 'ERROR'],
          error: NOT_A_MEMBER_ERROR,
          errorReceipt: 'r',
        });
      }
      stored(
        'repeated destination: the first (the room) wins',
        JSON.stringify(`first wins ${tag}`),
        `first wins ${tag}`,
        [`destination:${roomSendDestination(foreign)}`],
      );
      add({
        what: 'repeated destination: the first (a foreign room) wins',
        send: [
          stomp(
            'SEND',
            [`destination:${roomSendDestination(foreign)}`, `destination:${to}`, 'receipt:r'],
            '"x"',
          ),
        ],
        expect: ['CONNECTED', 'ERROR'],
        error: NOT_A_MEMBER_ERROR,
        errorReceipt: 'r',
      });

      // --- Bodies. ---
      stored('a JSON string', JSON.stringify(`안녕 ${tag}`), `안녕 ${tag}`);
      stored('bare text', `  bare ${tag}  `, `bare ${tag}`);
      stored(
        'a JSON object (kept as text)',
        `{"message":"obj ${tag}"}`,
        `{"message":"obj ${tag}"}`,
      );
      stored('a JSON array (kept as text)', `["arr","${tag}"]`, `["arr","${tag}"]`);
      stored('a JSON number (kept as text)', '42', '42');
      stored('JSON null (kept as text)', 'null', 'null');
      stored('invalid JSON (kept as text)', `"unterminated ${tag}`, `"unterminated ${tag}`);
      stored('two JSON strings (kept as text)', `"a" "${tag}"`, `"a" "${tag}"`);
      stored(
        'markup',
        JSON.stringify(`<script>alert(1)</script>${tag}`),
        `<script>alert(1)</script>${tag}`,
      );
      stored(
        'SQL',
        JSON.stringify(`'); drop table chat_messages; -- ${tag}`),
        `'); drop table chat_messages; -- ${tag}`,
      );
      stored(
        'escapes inside the JSON string',
        JSON.stringify(`줄1\n줄2\t🏃 ${tag}`),
        `줄1\n줄2\t🏃 ${tag}`,
      );
      const thousand = `${tag}:`.padEnd(1000, '가');
      stored('exactly 1000 characters', JSON.stringify(thousand), thousand);
      stored('1000 characters inside whitespace', `\n\t ${thousand} \n`, thousand);
      for (const [what, body] of [
        ['an empty body', ''],
        ['only whitespace', ' \t\r\n  '],
        ['an empty JSON string', '""'],
        ['a JSON string of whitespace', JSON.stringify(' \n\t ')],
      ]) {
        refused(what, body, CHAT_MESSAGES.blank);
      }
      refused('1001 characters', JSON.stringify('가'.repeat(1001)), CHAT_MESSAGES.tooLong);
      refused('10,000 characters of bare text', 'x'.repeat(10_000), CHAT_MESSAGES.tooLong);
      refused(
        '10,000 characters as JSON',
        JSON.stringify('가'.repeat(10_000)),
        CHAT_MESSAGES.tooLong,
      );
      refused('a JSON-escaped NUL', '"a\\u0000b"', CHAT_MESSAGES.invalidCharacter);
      refused('a NUL inside content-length', 'a\0b', CHAT_MESSAGES.invalidCharacter, [
        'content-length:3',
      ]);
      refused('a lone high surrogate (JSON escape)', '"a\\ud800b"', CHAT_MESSAGES.invalidCharacter);
      refused('a lone low surrogate (JSON escape)', '"\\udc00"', CHAT_MESSAGES.invalidCharacter);
      add({
        what: 'a NUL without content-length ends the frame',
        send: [stomp('SEND', [`destination:${to}`, 'receipt:r'], `"nul ${tag}\0rest"`)],
        // The rest (`rest"` and the final NUL) waits for a header block that never comes.
        expect: ['CONNECTED', 'RECEIPT:r'],
        stores: [`"nul ${tag}`],
      });

      // --- content-length. ---
      for (const value of ['-1', 'abc', '1.5', '', ' 3', '3 ', '0x3', '+3', '1e2', '３']) {
        malformed(
          `content-length ${JSON.stringify(value)}`,
          stomp('SEND', [`destination:${to}`, `content-length:${value}`], '"x"'),
          'invalid content-length',
        );
      }
      for (const value of [String(MAX_FRAME), '99999999999999999999999999999999']) {
        malformed(
          `content-length ${value}`,
          stomp('SEND', [`destination:${to}`, `content-length:${value}`], '"x"'),
          'frame too large',
        );
      }
      malformed(
        'content-length smaller than the body',
        stomp('SEND', [`destination:${to}`, 'content-length:1'], '"x"'),
        'frame body not NUL-terminated',
      );
      add({
        what: 'content-length larger than the body',
        send: [stomp('SEND', [`destination:${to}`, 'content-length:50'], '"x"')],
        // Waits for the rest of the body; what comes next is body, then no NUL where it must be.
        more: { after: 1, send: ['y'.repeat(60)] },
        expect: ['CONNECTED', 'ERROR'],
        error: 'frame body not NUL-terminated',
      });
      const korean = `한국어 ${tag}`;
      stored('exact content-length in UTF-8 bytes', JSON.stringify(korean), korean, [
        `content-length:${Buffer.byteLength(JSON.stringify(korean))}`,
      ]);
      stored('repeated content-length: the first wins', `"cl ${tag}"`, `cl ${tag}`, [
        `content-length:${Buffer.byteLength(`"cl ${tag}"`)}`,
        'content-length:1',
      ]);
      refused('content-length 0', '', CHAT_MESSAGES.blank, ['content-length:0']);

      // --- Headers. ---
      for (const [what, line, escape] of [
        ['\\x in a header', 'x-custom:a\\xb', 'x'],
        ['\\t in the destination', `destination:${to}\\t`, 't'],
        ['a trailing backslash', 'x-custom:abc\\', ''],
        ['\\r in STOMP 1.1', 'x-custom:a\\rb', 'r'],
        ['an escape in a header name', 'x\\q:1', 'q'],
      ]) {
        const v11 = what.includes('1.1');
        add({
          what: `bad escape: ${what}`,
          connect: v11 ? 'CONNECT\naccept-version:1.1\nheart-beat:0,0\n\n\0' : undefined,
          version: v11 ? '1.1' : undefined,
          // Like STOMP 1.0 below: 1.1 rules apply from CONNECTED on.
          afterConnected: v11,
          send: [stomp('SEND', [`destination:${to}`, line], '"x"')],
          expect: ['CONNECTED', 'ERROR'],
          error: `invalid header escape \\${escape}`,
        });
      }
      malformed(
        'a header line without colon',
        stomp('SEND', [`destination:${to}`, 'oops'], '"x"'),
        'invalid header line',
      );
      malformed(
        'a header with an empty name',
        stomp('SEND', [`destination:${to}`, ':v'], '"x"'),
        'invalid header line',
      );
      malformed(
        'a 70,000-character header line',
        stomp('SEND', [`destination:${to}`, `x-big:${'a'.repeat(70_000)}`], '"x"'),
        'frame too large',
      );
      malformed(
        'a header block that never ends',
        `SEND\ndestination:${to}\nx-big:${'a'.repeat(70_000)}`,
        'frame too large',
      );
      stored(
        'a 60,000-character header under the limit',
        `"big header ${tag}"`,
        `big header ${tag}`,
        [`x-big:${'a'.repeat(60_000)}`],
      );
      stored(
        '5,000 headers',
        `"many headers ${tag}"`,
        `many headers ${tag}`,
        Array.from({ length: 5000 }, (_, i) => `x${i}:1`),
      );
      malformed(
        '20,000 headers',
        stomp(
          'SEND',
          [`destination:${to}`, ...Array.from({ length: 20_000 }, (_, i) => `x${i}:1`)],
          '"x"',
        ),
        'frame too large',
      );
      add({
        what: 'an escaped receipt id comes back escaped',
        send: [stomp('ACK', ['id:1', 'receipt:r\\c1\\n2\\\\'])],
        expect: ['CONNECTED', 'RECEIPT:r:1\n2\\'],
      });
      add({
        what: 'STOMP 1.0: no escapes, SUBSCRIBE id defaults to the destination',
        connect: 'CONNECT\nheart-beat:0,0\n\n\0',
        version: '1.0',
        // The decoder switches to 1.0 rules once CONNECT is handled: a 1.0 client waits for
        // CONNECTED (as STOMP clients do) before its backslashes are read literally.
        afterConnected: true,
        send: [
          stomp('SUBSCRIBE', [`destination:${topic}`, 'receipt:s\\x']),
          stomp('SEND', [`destination:${to}`, 'x-custom:a\\xb', 'receipt:r'], `"v10 ${tag}"`),
          stomp('UNSUBSCRIBE', [`destination:${topic}`, 'receipt:u']),
        ],
        expect: ['CONNECTED', 'RECEIPT:s\\x', 'RECEIPT:r', 'RECEIPT:u'],
        stores: [`v10 ${tag}`],
      });

      // --- Frame size. ---
      malformed(
        'a body over the frame limit with content-length',
        stomp(
          'SEND',
          [`destination:${to}`, `content-length:${MAX_FRAME + 10}`],
          'x'.repeat(MAX_FRAME + 10),
        ),
        'frame too large',
      );
      malformed(
        'a body over the frame limit without content-length',
        stomp('SEND', [`destination:${to}`], 'x'.repeat(MAX_FRAME + 10)),
        'frame too large',
      );

      // --- DISCONNECT, and the order of answers. ---
      add({
        what: 'DISCONNECT with receipt; a SEND after it is not handled',
        send: [
          stomp('SEND', [`destination:${to}`, 'receipt:r'], `"before bye ${tag}"`),
          stomp('DISCONNECT', ['receipt:bye']) +
            stomp('SEND', [`destination:${to}`], '"after bye"'),
          stomp('SEND', [`destination:${to}`], '"after bye"'),
        ],
        expect: ['CONNECTED', 'RECEIPT:r', 'RECEIPT:bye'],
        closes: true,
        stores: [`before bye ${tag}`],
      });
      add({
        what: 'DISCONNECT without receipt',
        send: [stomp('DISCONNECT')],
        expect: ['CONNECTED'],
        closes: true,
      });
      add({
        what: 'a valid SEND, then a malformed frame in the same message',
        send: [
          stomp('SEND', [`destination:${to}`, 'receipt:r'], `"same chunk ${tag}"`) +
            stomp('SEND', [`destination:${to}`, 'content-length:-1'], '"x"'),
        ],
        expect: ['CONNECTED', 'RECEIPT:r', 'ERROR'],
        error: 'invalid content-length',
        stores: [`same chunk ${tag}`],
      });
      add({
        what: 'a valid SEND, then a malformed frame in the next message',
        send: [
          stomp('SEND', [`destination:${to}`, 'receipt:r'], `"next chunk ${tag}"`),
          stomp('send', [`destination:${to}`], '"x"'),
          stomp('SEND', [`destination:${to}`, 'receipt:late'], '"never handled"'),
        ],
        expect: ['CONNECTED', 'RECEIPT:r', 'ERROR'],
        error: 'invalid command send',
        stores: [`next chunk ${tag}`],
      });

      // --- Floods. ---
      add({
        what: '100,000 heart-beats',
        send: ['\n'.repeat(50_000) + '\r\n'.repeat(50_000), stomp('ACK', ['id:1', 'receipt:a'])],
        expect: ['CONNECTED', 'RECEIPT:a'],
      });
      add({
        // The decoder takes 100 frames from one message; those are answered, then the rest is
        // refused (decoding them all would hold the event loop for everyone).
        what: '5,000 ACKs in one message',
        send: [
          Array.from({ length: 5000 }, (_, i) => stomp('ACK', ['id:1', `receipt:${i}`])).join(''),
        ],
        expect: ['CONNECTED', ...Array.from({ length: 100 }, (_, i) => `RECEIPT:${i}`), 'ERROR'],
        error: 'too many frames',
      });
      add({
        what: '100 ACKs in one message, the most one message may hold',
        send: [
          Array.from({ length: 100 }, (_, i) => stomp('ACK', ['id:1', `receipt:${i}`])).join(''),
        ],
        expect: ['CONNECTED', ...Array.from({ length: 100 }, (_, i) => `RECEIPT:${i}`)],
      });
      add({
        what: '1,000 UNSUBSCRIBEs of unknown ids, one message each',
        send: Array.from({ length: 1000 }, (_, i) =>
          stomp('UNSUBSCRIBE', [`id:u${i}`, `receipt:${i}`]),
        ),
        expect: ['CONNECTED', ...Array.from({ length: 1000 }, (_, i) => `RECEIPT:${i}`)],
      });
      add({
        // One subscription per room (each repeat refused, the connection kept), and every
        // SUBSCRIBE takes a token of the SEND bucket (burst 20, then 10 a second): the 21st ends
        // the connection, or a few later when the bucket refilled meanwhile (each SUBSCRIBE
        // checks the membership in the database, slower on PostgreSQL under load).
        what: '300 SUBSCRIBEs to the room',
        refusalRun: { min: 19, extra: 10 },
        send: [
          Array.from({ length: 300 }, (_, i) =>
            stomp('SUBSCRIBE', [`id:s${i}`, `destination:${topic}`, `receipt:${i}`]),
          ).join(''),
        ],
        expect: ['CONNECTED', 'RECEIPT:0', ...Array.from({ length: 20 }, () => 'ERROR')],
        errors: [
          ...Array.from({ length: 19 }, (_, i) => ({
            message: ALREADY_SUBSCRIBED_ERROR,
            receipt: String(i + 1),
          })),
          { message: 'too many messages', receipt: '20' },
        ],
      });
      const flood = `flood ${tag} `;
      add({
        what: '40 valid SENDs at once (rate limit: burst 20)',
        send: [
          Array.from({ length: 40 }, (_, i) =>
            stomp('SEND', [`destination:${to}`], JSON.stringify(`${flood}${i}`)),
          ).join(''),
        ],
        expect: ['CONNECTED', 'ERROR'],
        error: 'too many messages',
        storesRun: { prefix: flood, min: 20, sent: 40 },
      });
      const drip = stomp('SEND', [`destination:${to}`, 'receipt:r'], JSON.stringify(`drip ${tag}`));
      add({
        what: 'a SEND one character per message',
        send: [...drip],
        expect: ['CONNECTED', 'RECEIPT:r'],
        stores: [`drip ${tag}`],
      });

      // --- Binary WebSocket messages (raw endpoint). ---
      const sendBytes = (...parts: Array<string | number[]>) =>
        Buffer.concat(
          parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
        );
      add({
        what: 'a binary SEND (read as UTF-8 STOMP)',
        send: [Buffer.from(stomp('SEND', [`destination:${to}`, 'receipt:r'], `"binary ${tag}"`))],
        expect: ['CONNECTED', 'RECEIPT:r'],
        stores: [`binary ${tag}`],
        only: 'websocket',
      });
      add({
        what: 'a binary SEND one byte per message, split inside characters',
        send: [
          ...Buffer.from(stomp('SEND', [`destination:${to}`, 'receipt:r'], `"바이트 ${tag}"`)),
        ].map((byte) => Buffer.from([byte])),
        expect: ['CONNECTED', 'RECEIPT:r'],
        stores: [`바이트 ${tag}`],
        only: 'websocket',
      });
      add({
        what: 'a message past the native limit: closed with 1009, unread',
        afterConnected: true,
        send: ['\n'.repeat(NATIVE_MAX_PAYLOAD + 1)],
        expect: ['CONNECTED'],
        closes: true,
        closeCode: 1009,
        only: 'websocket',
      });
      add({
        what: 'an empty binary message',
        send: [Buffer.alloc(0)],
        expect: ['CONNECTED'],
        only: 'websocket',
      });
      for (const [what, bytes] of [
        ['0xFF 0xFE', [0xff, 0xfe]],
        ['an overlong "/"', [0xc0, 0xaf]],
        ['a truncated character', [0xea, 0xb0]],
        ['an encoded surrogate', [0xed, 0xa0, 0x80]],
      ] as const) {
        malformed(
          `invalid UTF-8 in the body: ${what}`,
          sendBytes(`SEND\ndestination:${to}\n\n"`, [...bytes], '"\0'),
          'frame is not valid UTF-8',
          'websocket',
        );
      }
      malformed(
        'invalid UTF-8 in a header',
        sendBytes(`SEND\ndestination:${to}\nx-custom:`, [0xff], '\n\n"x"\0'),
        'frame is not valid UTF-8',
        'websocket',
      );
      add({
        what: 'binary garbage before CONNECT',
        connect: null,
        send: [sendBytes([0xff, 0xfe, 0x0a, 0x0a, 0x00])],
        expect: ['ERROR'],
        error: 'frame is not valid UTF-8',
        only: 'websocket',
      });

      // --- SockJS framing (sockjs-node parses it; non-string values reach the session). ---
      add({
        what: 'broken SockJS framing',
        afterConnected: true,
        sockjs: ['not json'],
        send: [],
        expect: ['CONNECTED'],
        closes: true,
        closeCode: 3000,
        only: 'sockjs',
      });
      for (const value of ['1', 'null', 'true', '{}', '{"length":0}', '["x"]', '[10,10,0]']) {
        add({
          what: `a SockJS message that is no string: ${value}`,
          afterConnected: true,
          sockjs: [`[${value}]`],
          send: [],
          expect: ['CONNECTED', 'ERROR'],
          error: 'malformed frame',
          only: 'sockjs',
        });
      }
      add({
        what: 'empty SockJS messages are ignored',
        afterConnected: true,
        sockjs: ['[]', '[""]', '["",""]'],
        send: [stomp('ACK', ['id:1', 'receipt:still'])],
        expect: ['CONNECTED', 'RECEIPT:still'],
        only: 'sockjs',
      });
      return all;
    }

    async function sweep(transport: Transport) {
      const all = cases(transport).filter((c) => !c.only || c.only === transport);
      const failures: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < all.length) {
          const c = all[next++];
          // Expected whether or not the case passes: the final check compares the stores.
          expectedTexts.push(...(c.stores ?? []));
          if (c.storesRun) runs.push(c.storesRun);
          try {
            await runCase(server.baseUrl, cookie, c, transport);
          } catch (error) {
            failures.push(`${transport} · ${c.what}: ${(error as Error).message}`);
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      assert.deepEqual(failures, [], `${failures.length} of ${all.length} cases failed`);
    }

    it('answers every malformed frame over the raw WebSocket endpoint', async () => {
      await sweep('websocket');
    });

    it('answers every malformed frame over SockJS', async () => {
      await sweep('sockjs');
    });

    it('stored only the valid messages, and the listener got exactly those', async () => {
      const now = await rows();
      assert.deepEqual(now.slice(0, rowsBefore.length), rowsBefore, 'older rows changed');
      const added = now.slice(rowsBefore.length);
      for (const row of added) {
        assert.equal(row.roomId, club.chatRoomId, `stored in another room: ${row.message}`);
        assert.equal(row.memberId, me.id);
      }
      // The rate-limited bursts: a leading run of each, cut somewhere after the burst size.
      const expected = [...expectedTexts];
      for (const run of runs) {
        const stored = added.filter((row) => row.message.startsWith(run.prefix));
        const count = stored.length;
        assert.ok(count >= run.min && count < run.sent, `${run.prefix}: ${count} stored`);
        assert.deepEqual(
          stored.map((row) => row.message),
          Array.from({ length: count }, (_, i) => `${run.prefix}${i}`),
        );
        expected.push(...stored.map((row) => row.message));
      }
      assert.deepEqual(
        added.map((row) => short(row.message)).sort(),
        expected.map(short).sort(),
        'stored',
      );

      await until(() => listener.messages.length >= expected.length, 'every valid message');
      await delay(QUIET_MS);
      const received = texts(listener);
      assert.deepEqual(
        received.map((m) => short(m.message)).sort(),
        expected.map(short).sort(),
        'received',
      );
      assert.ok(received.every((m) => m.member.id === me.id));
      assert.equal(new Set(received.map((m) => m.messageId)).size, received.length, 'duplicates');
      assert.deepEqual(otherListener.messages, [], 'delivered to a room of another club');
      assert.deepEqual(
        await (await apiClient(server, other)).get(foreignHistoryPath()),
        foreignHistory,
        'history of a room of another club',
      );
      assert.deepEqual(listener.errors, []);
      assert.deepEqual(otherListener.errors, []);
    });

    it('still serves fresh connections and HTTP, and raised no process warning', async () => {
      const fresh = await connectStomp(server.baseUrl, cookie);
      peers.push(fresh);
      await subscribeRoom(fresh, club.chatRoomId);
      const heard = listener.messages.length;
      fresh.client.publish({
        destination: roomSendDestination(club.chatRoomId),
        body: JSON.stringify('스윕 이후'),
      });
      const [echo] = await Promise.all([
        fresh.nextMessage(),
        until(() => listener.messages.length > heard, 'the fresh message'),
      ]);
      assert.equal(chatBroadcastSchema.parse(JSON.parse(echo.body)).body.message, '스윕 이후');

      const raw = await openPeer(server.baseUrl, cookie, 'websocket');
      try {
        raw.send(CONNECT);
        raw.send(
          stomp('SUBSCRIBE', ['id:s', `destination:${roomTopic(club.chatRoomId)}`, 'receipt:r']),
        );
        await until(() => summary(raw.frames).includes('RECEIPT:r'), 'RECEIPT');
      } finally {
        raw.close();
      }

      const api = await apiClient(server, me);
      const history = chatMessageListSchema.parse(
        await api.get(`/api/rooms/${club.chatRoomId}/recentMessage?limit=1`),
      );
      assert.equal(history[0]?.message, '스윕 이후');
      const check = await api.get<{ check: boolean }>('/api/login/check');
      assert.equal(check.check, true);
      // The server runs in this process: e.g. a TimeoutOverflowWarning means a client-chosen
      // interval reached a timer (a dependency's deprecation notice is not the server's doing).
      assert.deepEqual(
        warnings
          .filter(
            (warning) => !['DeprecationWarning', 'ExperimentalWarning'].includes(warning.name),
          )
          .map((warning) => `${warning.name}: ${warning.message}`),
        [],
        'process warnings',
      );
    });
  });
}
