import { createRequire } from 'node:module';

import { Client, type IFrame, type IMessage, type IStompSocket } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import { WebSocket } from 'ws';

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

/**
 * The two ways a client reaches the chat: the native endpoint (`/chat/websocket`, STOMP straight
 * over a WebSocket; what the app uses first) and SockJS (the fallback, and the original client).
 * Chat tests run once per transport.
 */
export type ChatVia = 'native' | 'sockjs';
export const CHAT_TRANSPORTS: readonly ChatVia[] = ['native', 'sockjs'];

/** The native endpoint's URL under an http(s) base. */
export function nativeChatUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/chat/websocket`;
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

/** The least time sockjs-client gives its transport to open (its `timeout` option). */
const TRANSPORT_TIMEOUT_MS = 20_000;

/** How long a peer's orderly DISCONNECT may take before its socket is dropped. */
const STOP_GRACE_MS = 5000;

/**
 * Deactivates `client`, dropping its socket when the orderly close does not end within `ms`
 * (a server stuck under load, or a test that failed midway, must not hold the cleanup until the
 * file's timeout: a slow-consumer run waited 900 s on one deactivate).
 */
async function stopWithin(client: Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([client.deactivate().then(() => 'done' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') client.forceDisconnect();
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
 * A STOMP client, connected: over the native endpoint (`via: 'native'`) or SockJS (the default;
 * its WebSocket transport unless `transports` says otherwise), the cookie sent on the handshake.
 * `cookie: null` connects without one (the handshake must fail, unless it is a ticket session:
 * `origin` names the page's origin, `connectHeaders` go in CONNECT, `sessionId` is the length of
 * the SockJS session id).
 */
export async function connectStomp(
  baseUrl: string,
  cookie: string | null,
  options: {
    transports?: string[];
    origin?: string;
    connectHeaders?: Record<string, string>;
    sessionId?: number;
    via?: ChatVia;
  } = {},
): Promise<StompPeer> {
  if (options.via === 'native' && options.transports) {
    throw new Error('SockJS transports asked for over the native endpoint');
  }
  const messages: IMessage[] = [];
  const errors: IFrame[] = [];
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const headers: Record<string, string> = {
    ...(cookie ? { cookie } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
  };
  const client = new Client({
    webSocketFactory: () =>
      options.via === 'native'
        ? (new WebSocket(nativeChatUrl(baseUrl), ['v12.stomp', 'v11.stomp', 'v10.stomp'], {
            headers,
          }) as unknown as IStompSocket)
        : (new SockJS(`${baseUrl}/chat`, null, {
            transports: options.transports ?? ['websocket'],
            transportOptions: { websocket: { headers } },
            // sockjs-client gives a transport a few round trips of /info to open (from 300 ms), and
            // gives up with a close: on a loaded machine a test connecting 20 members at once lost one
            // that way ("closed before CONNECTED"). Tests wait for the server, not for that guess.
            timeout: TRANSPORT_TIMEOUT_MS,
            ...(options.sessionId ? { sessionId: options.sessionId } : {}),
          } as never) as unknown as IStompSocket),
    connectHeaders: options.connectHeaders ?? {},
    reconnectDelay: 0,
    heartbeatIncoming: 4000,
    heartbeatOutgoing: 4000,
    debug: () => undefined,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketClose = () => {
      resolveClosed();
      // The ERROR that preceded the close, if any, says why.
      const why = errors[0]?.headers.message;
      reject(new Error(`closed before CONNECTED${why ? `: ${why}` : ''}`));
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
    stop: () => stopWithin(client, STOP_GRACE_MS),
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
