import type { FastifyBaseLogger } from 'fastify';

import { type ChatMember, chatTextSchema } from '@/lib/contract/chat';
import {
  ALREADY_SUBSCRIBED_ERROR,
  NOT_A_MEMBER_ERROR,
  TOO_MANY_SUBSCRIPTIONS_ERROR,
} from '@/lib/shared/chat/stomp-refusal';

import type { Db } from '../../db/client';
import type { ChatHub, RoomMessage, RoomSubscriber } from '../hub';
import { isRoomMember, storeMessage } from '../service';
import type { SharedFrame } from '../shared-frame';
import {
  type DecodedItem,
  encodeFrame,
  escapeHeader,
  header,
  StompDecoder,
  type StompFrame,
  StompProtocolError,
  type StompVersion,
} from './codec';

/** The transport under a STOMP session (a SockJS connection). */
export interface FrameTransport {
  write(data: string): void;
  /** A frame many connections receive unchanged; may use its precomputed wire bytes. */
  writeShared?(frame: SharedFrame): void;
  close(): void;
}

export interface StompSessionOptions {
  db: Db;
  hub: ChatHub;
  log: FastifyBaseLogger;
  /** The member, when the session was authenticated as it opened (the cookie at the handshake). */
  member?: ChatMember;
  /**
   * For a session that opened unauthenticated (SockJS on another origin: a ticket session), how
   * its CONNECT frame is authenticated: resolves with the member, or rejects with a `FrameError`
   * whose message the ERROR frame carries. Until it resolves nothing but that CONNECT is taken.
   */
  authenticate?: (frame: StompFrame) => Promise<ChatMember>;
  /** Heart-beat intervals this server offers: [send every, expect every] in ms. */
  heartbeat?: [number, number];
  /** Token bucket for SENDs and SUBSCRIBEs (one each): `rate` per second, `burst` at most. */
  sendRate?: { rate: number; burst: number };
  /** Subscriptions one connection may hold (one per room in any case); default 8. */
  maxSubscriptions?: number;
  /** Time allowed between the transport opening and CONNECT. */
  connectTimeoutMs?: number;
  /** Whether the member belongs to the room (default: `isRoomMember` on `db`); tests wrap it. */
  isMember?: (roomId: number, memberId: number) => Promise<boolean>;
}

const SUPPORTED: StompVersion[] = ['1.2', '1.1', '1.0'];
export const DEFAULT_MAX_SUBSCRIPTIONS = 8;
// At most 15 digits: every such id is a safe integer, so Number() cannot round it to another room.
const TOPIC = /^\/topic\/public\/rooms\/([1-9]\d{0,14})$/;
const SEND = /^\/app\/chat\/rooms\/([1-9]\d{0,14})\/send$/;
/** setTimeout/setInterval's longest delay (about 24.8 days); Node fires longer ones after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A refusal: its message goes out in an ERROR frame, then the connection closes. */
export class FrameError extends Error {}

/** Negotiates the version from `accept-version` (absent: 1.0). */
function negotiateVersion(frame: StompFrame): StompVersion | null {
  const accept = header(frame, 'accept-version');
  if (accept === undefined) return '1.0';
  const offered = accept.split(',').map((value) => value.trim());
  return SUPPORTED.find((version) => offered.includes(version)) ?? null;
}

/** Decodes a SEND body: a JSON-encoded string (the UI's format) or, failing that, the bare text. */
export function decodeSendBody(body: string): string {
  const trimmed = body.trim();
  if (trimmed.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'string') return value;
    } catch {
      // not JSON: the bare text
    }
  }
  return body;
}

/**
 * One STOMP session over one transport: CONNECT/STOMP, SUBSCRIBE, UNSUBSCRIBE, SEND, DISCONNECT,
 * RECEIPTs, heart-beats both ways, ERROR (then close) on any refusal but two: a SUBSCRIBE to a room
 * this connection already follows, or past `maxSubscriptions`, gets an ERROR and the connection
 * stays open. Frames are handled strictly in arrival order, so a DISCONNECT receipt follows the
 * stores of earlier SENDs.
 */
export class StompSession {
  private readonly decoder = new StompDecoder();
  private version: StompVersion = '1.2';
  private connected = false;
  private closed = false;
  /** A malformed frame arrived: its ERROR is queued, and later input is ignored. */
  private broken = false;
  private queue: Promise<void> = Promise.resolve();
  private readonly subscriptions = new Map<string, RoomSubscriber>();
  private lastRead = Date.now();
  private lastWrite = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private tokens: number;
  private tokensAt = Date.now();
  private readonly rate: { rate: number; burst: number };
  /** Who this session speaks for: known from the start, or once its CONNECT authenticated. */
  private identity: ChatMember | null;

  constructor(
    private readonly transport: FrameTransport,
    private readonly options: StompSessionOptions,
    readonly sessionId: string,
  ) {
    if (!options.member && !options.authenticate) {
      throw new Error('a STOMP session needs a member or a way to authenticate its CONNECT');
    }
    this.identity = options.member ?? null;
    this.rate = options.sendRate ?? { rate: 10, burst: 20 };
    this.tokens = this.rate.burst;
    const connectTimer = setTimeout(() => {
      if (!this.connected) this.close();
    }, options.connectTimeoutMs ?? 10_000);
    connectTimer.unref();
    this.timers.push(connectTimer);
  }

  /** The member; null while a ticket session waits for its authenticated CONNECT. */
  get member(): ChatMember | null {
    return this.identity;
  }

  /** The member of a connected session (CONNECT is the only frame taken before one is known). */
  private get me(): ChatMember {
    if (!this.identity) throw new FrameError('CONNECT expected');
    return this.identity;
  }

  /** Bytes from the transport (one SockJS message, possibly a partial or several frames). */
  receive(data: unknown): void {
    if (this.closed || this.broken) return;
    this.lastRead = Date.now();
    let items: DecodedItem[];
    let failure: string | null = null;
    if (typeof data !== 'string' && !Buffer.isBuffer(data)) {
      // sockjs hands over any JSON value a client put in its frame (numbers, null, objects), and
      // the raw WebSocket endpoint bytes: only text or bytes are STOMP.
      items = [];
      failure = 'malformed frame';
    } else {
      try {
        items = this.decoder.push(data);
      } catch (error) {
        items = error instanceof StompProtocolError ? error.decoded : [];
        failure = error instanceof StompProtocolError ? error.message : 'malformed frame';
      }
    }
    for (const item of items) {
      if (item.type === 'heartbeat') continue;
      const frame = item.frame;
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((error: unknown) => {
          if (error instanceof FrameError) {
            this.fail(error.message, header(frame, 'receipt'));
          } else {
            this.options.log.error({ err: error }, 'stomp frame failed');
            this.fail('server error', header(frame, 'receipt'));
          }
        });
    }
    if (failure !== null) {
      // Queued behind the frames that arrived before the malformed one (earlier messages, or the
      // same chunk), not sent ahead of them: a pipelined CONNECT still gets its CONNECTED first and
      // an earlier SEND is still stored and receipted, in arrival order. The decoder's state is
      // unusable from here on, so later input is ignored.
      const message = failure;
      this.broken = true;
      this.queue = this.queue.then(() => this.fail(message, undefined));
    }
  }

  /** The transport closed: drop subscriptions and timers. */
  closedByTransport(): void {
    this.cleanup();
  }

  close(): void {
    if (this.closed) return;
    this.cleanup();
    this.transport.close();
  }

  private cleanup(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    for (const subscriber of this.subscriptions.values()) this.options.hub.remove(subscriber);
    this.subscriptions.clear();
  }

  private write(data: string): void {
    if (this.closed) return;
    this.lastWrite = Date.now();
    this.transport.write(data);
  }

  private send(command: string, headers: Record<string, string | number | undefined>, body = '') {
    this.write(encodeFrame(command, headers, body, this.version));
  }

  private receipt(frame: StompFrame): void {
    const id = header(frame, 'receipt');
    if (id !== undefined) this.send('RECEIPT', { 'receipt-id': id });
  }

  /**
   * ERROR frame for one refused SUBSCRIBE, the connection left open (stompjs and sockjs-client keep
   * it; the client learns which SUBSCRIBE by its receipt).
   */
  private refuse(message: string, receipt: string | undefined): void {
    this.send('ERROR', { message, 'receipt-id': receipt, 'content-type': 'text/plain' }, message);
  }

  /** ERROR frame with a `message` header, then close (STOMP requires closing after ERROR). */
  private fail(message: string, receipt: string | undefined): void {
    if (this.closed) return;
    this.send('ERROR', { message, 'receipt-id': receipt, 'content-type': 'text/plain' }, message);
    this.cleanup();
    // Let the transport flush the ERROR frame before closing.
    setTimeout(() => this.transport.close(), 20).unref();
  }

  private async handle(frame: StompFrame): Promise<void> {
    if (this.closed) return;
    if (!this.connected) {
      if (frame.command !== 'CONNECT' && frame.command !== 'STOMP') {
        throw new FrameError('CONNECT expected');
      }
      return this.connect(frame);
    }
    switch (frame.command) {
      case 'SUBSCRIBE':
        return this.subscribe(frame);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(frame);
      case 'SEND':
        return this.publish(frame);
      case 'DISCONNECT':
        this.receipt(frame);
        this.cleanup();
        setTimeout(() => this.transport.close(), 20).unref();
        return;
      case 'ACK':
      case 'NACK':
        // Subscriptions are auto-acknowledged.
        this.receipt(frame);
        return;
      case 'CONNECT':
      case 'STOMP':
        throw new FrameError('already connected');
      default:
        throw new FrameError(`unsupported command ${frame.command}`);
    }
  }

  private async connect(frame: StompFrame): Promise<void> {
    const version = negotiateVersion(frame);
    if (!version) {
      this.send('ERROR', { version: '1.2,1.1,1.0', message: 'unsupported STOMP version' });
      this.cleanup();
      setTimeout(() => this.transport.close(), 20).unref();
      return;
    }
    this.version = version;
    this.decoder.version = version;
    if (!this.identity) {
      // A refusal rejects with a FrameError: ERROR, then close (handled by the frame queue).
      const member = await this.options.authenticate!(frame);
      if (this.closed) return;
      this.identity = member;
    }
    const [serverSend, serverExpect] = this.options.heartbeat ?? [4000, 4000];
    const [clientSend, clientExpect] = (header(frame, 'heart-beat') ?? '0,0')
      .split(',')
      .map((value) => Number.parseInt(value, 10) || 0);
    // An interval beyond the timer range means "practically never": that direction goes without
    // heart-beats. Passed to setInterval, Node would instead fire it every 1 ms (a hostile
    // `heart-beat:99999999999999,…` made the server spin a 1 ms timer per connection).
    const within = (ms: number) => (ms > MAX_TIMER_MS ? 0 : ms);
    const sendEvery = within(
      serverSend > 0 && clientExpect > 0 ? Math.max(serverSend, clientExpect) : 0,
    );
    const expectEvery = within(
      serverExpect > 0 && clientSend > 0 ? Math.max(serverExpect, clientSend) : 0,
    );
    this.connected = true;
    this.send('CONNECTED', {
      version,
      'heart-beat': `${serverSend},${serverExpect}`,
      server: 'everyhealth/1.0',
      session: this.sessionId,
      'user-name': String(this.me.id),
    });
    if (sendEvery > 0) {
      const timer = setInterval(() => {
        if (Date.now() - this.lastWrite >= sendEvery * 0.8) this.write('\n');
      }, sendEvery / 2);
      timer.unref();
      this.timers.push(timer);
    }
    if (expectEvery > 0) {
      // Tolerate a late beat (network, busy client) before giving up on the peer.
      const grace = expectEvery * 2 + 1000;
      const timer = setInterval(() => {
        if (Date.now() - this.lastRead > grace) {
          this.options.log.debug({ session: this.sessionId }, 'stomp heart-beat missed');
          this.close();
        }
      }, expectEvery);
      timer.unref();
      this.timers.push(timer);
    }
  }

  private async subscribe(frame: StompFrame): Promise<void> {
    // Every SUBSCRIBE costs a token, refused ones too: a flood of them ends like a flood of SENDs,
    // with the connection (each refusal would otherwise be an ERROR frame written for free).
    this.spendToken();
    const destination = header(frame, 'destination') ?? '';
    const id = header(frame, 'id') ?? (this.version === '1.0' ? destination : undefined);
    if (id === undefined) throw new FrameError('SUBSCRIBE needs an id header');
    if (this.subscriptions.has(id)) throw new FrameError(`subscription ${id} already exists`);
    const match = TOPIC.exec(destination);
    if (!match) throw new FrameError(`cannot subscribe to ${destination}`);
    const roomId = Number(match[1]);
    for (const existing of this.subscriptions.values()) {
      if (existing.roomId === roomId) {
        this.refuse(ALREADY_SUBSCRIBED_ERROR, header(frame, 'receipt'));
        return;
      }
    }
    if (this.subscriptions.size >= (this.options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS)) {
      this.refuse(TOO_MANY_SUBSCRIPTIONS_ERROR, header(frame, 'receipt'));
      return;
    }
    // Registered before the membership check, so a leave can never slip in between the two: a
    // leave that commits after the check has read finds the subscriber in the hub and revokes it,
    // one that commits before makes the check fail. Deliveries wait for the check's answer.
    const subscriptionHeader = escapeHeader(id, this.version);
    let held: RoomMessage[] | null = [];
    let revoked = false;
    const forget = () => {
      if (this.subscriptions.get(id) === subscriber) this.subscriptions.delete(id);
    };
    const subscriber: RoomSubscriber = {
      roomId,
      memberId: this.me.id,
      deliver: (message) => {
        if (held) held.push(message);
        else this.deliver(subscriptionHeader, message);
      },
      revoked: () => {
        revoked = true;
        forget();
      },
    };
    const drop = () => {
      this.options.hub.remove(subscriber);
      forget();
    };
    this.subscriptions.set(id, subscriber);
    this.options.hub.add(subscriber);
    const isMember =
      this.options.isMember ?? ((room, member) => isRoomMember(this.options.db, room, member));
    let member: boolean;
    try {
      member = await isMember(roomId, this.me.id);
    } catch (error) {
      drop();
      throw error;
    }
    // Not a member, or left while the check ran: the same permanent refusal either way.
    if (!member || revoked) {
      drop();
      throw new FrameError(NOT_A_MEMBER_ERROR);
    }
    if (this.closed) return;
    const waiting = held;
    held = null;
    for (const message of waiting) this.deliver(subscriptionHeader, message);
    this.receipt(frame);
  }

  private unsubscribe(frame: StompFrame): void {
    const id = header(frame, 'id') ?? header(frame, 'destination');
    if (id === undefined) throw new FrameError('UNSUBSCRIBE needs an id header');
    const subscriber = this.subscriptions.get(id);
    if (subscriber) {
      this.options.hub.remove(subscriber);
      this.subscriptions.delete(id);
    }
    this.receipt(frame);
  }

  /** The room message's MESSAGE frame for this subscription, encoded once for all members. */
  private deliver(subscriptionHeader: string, message: RoomMessage): void {
    if (this.closed) return;
    const frame = message.frameFor(subscriptionHeader);
    this.lastWrite = Date.now();
    if (this.transport.writeShared) this.transport.writeShared(frame);
    else this.transport.write(frame.text);
  }

  /** Takes a token or refuses the frame (fatal: the client ignores the rate it was told). */
  private spendToken(): void {
    if (this.takeToken()) return;
    this.options.hub.metrics?.rateLimitRefused('chat');
    throw new FrameError('too many messages');
  }

  private takeToken(): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      this.rate.burst,
      this.tokens + ((now - this.tokensAt) / 1000) * this.rate.rate,
    );
    this.tokensAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private async publish(frame: StompFrame): Promise<void> {
    const receivedAt = performance.now();
    const destination = header(frame, 'destination') ?? '';
    if (destination.startsWith('/topic')) throw new FrameError('SEND to /topic is not allowed');
    const match = SEND.exec(destination);
    if (!match) throw new FrameError(`unknown destination ${destination}`);
    this.spendToken();
    const roomId = Number(match[1]);
    const text = chatTextSchema.safeParse(decodeSendBody(frame.body));
    if (!text.success) throw new FrameError(text.error.issues[0]?.message ?? 'invalid message');
    const message = await storeMessage(this.options.db, roomId, this.me, text.data);
    if (!message) throw new FrameError(NOT_A_MEMBER_ERROR);
    await this.options.hub.publish(roomId, message, receivedAt);
    this.receipt(frame);
  }
}
