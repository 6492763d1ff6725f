import { createRequire } from 'node:module';

import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import SockJS from 'sockjs-client';

import { roomTopic } from '@/lib/contract/chat';
import { signAccessToken } from '../../src/auth/access-token';
import { TEST_JWT_KEY } from './app';

const require = createRequire(import.meta.url);

/** faye-websocket's client (what sockjs-client uses in Node); it accepts request headers. */
export interface RawSocket {
  onopen: (() => void) | null;
  onmessage: ((event: { data: string }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  /** A string goes as a text message, a Buffer as a binary one. */
  send(data: string | Buffer): void;
  close(): void;
}
const FayeClient = require('faye-websocket').Client as new (
  url: string,
  protocols: string[],
  options: { headers?: Record<string, string> },
) => RawSocket;

export function rawWebSocket(url: string, headers: Record<string, string> = {}): RawSocket {
  return new FayeClient(url, [], { headers });
}

export async function cookieFor(member: { id: number; name: string; picture: string | null }) {
  return `access_token=${await signAccessToken(TEST_JWT_KEY, member, 30)}`;
}

export interface StompPeer {
  client: Client;
  messages: IMessage[];
  errors: IFrame[];
  closed: Promise<void>;
  /** Resolves with the next MESSAGE (or rejects after `ms`). */
  nextMessage(ms?: number): Promise<IMessage>;
  nextError(ms?: number): Promise<IFrame>;
  stop(): Promise<void>;
}

function waiter<T>(list: T[], ms: number, what: string, seen: { count: number }): Promise<T> {
  const start = seen.count;
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + ms;
    const poll = () => {
      if (list.length > start) {
        seen.count = start + 1;
        resolve(list[start]);
      } else if (Date.now() > deadline) reject(new Error(`no ${what} within ${ms} ms`));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

/**
 * A STOMP client over SockJS (WebSocket transport, cookie sent on the handshake), connected.
 * `cookie: null` connects without one (the handshake must fail).
 */
export async function connectStomp(
  baseUrl: string,
  cookie: string | null,
  options: { transports?: string[] } = {},
): Promise<StompPeer> {
  const messages: IMessage[] = [];
  const errors: IFrame[] = [];
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const client = new Client({
    webSocketFactory: () =>
      new SockJS(`${baseUrl}/chat`, null, {
        transports: options.transports ?? ['websocket'],
        transportOptions: { websocket: { headers } },
      } as never) as unknown as IStompSocket,
    reconnectDelay: 0,
    heartbeatIncoming: 4000,
    heartbeatOutgoing: 4000,
    debug: () => undefined,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketClose = () => {
      resolveClosed();
      reject(new Error('closed before CONNECTED'));
    };
    client.onStompError = (frame) => errors.push(frame);
  });
  client.activate();
  await connected;
  const seenMessages = { count: 0 };
  const seenErrors = { count: 0 };
  return {
    client,
    messages,
    errors,
    closed,
    nextMessage: (ms = 3000) => waiter(messages, ms, 'MESSAGE', seenMessages),
    nextError: (ms = 3000) => waiter(errors, ms, 'ERROR', seenErrors),
    stop: () => client.deactivate(),
  };
}

/** Subscribes `peer` to a room's topic, collecting into `peer.messages`; resolves on the RECEIPT. */
export function subscribeRoom(peer: StompPeer, roomId: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const receipt = `sub-${Math.random()}`;
    peer.client.watchForReceipt(receipt, () => resolve());
    peer.client.subscribe(roomTopic(roomId), (message) => peer.messages.push(message), {
      receipt,
    });
  });
}
