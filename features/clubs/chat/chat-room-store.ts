import { isApiError } from '@/lib/api/errors';
import { NEWER_MESSAGES_LIMIT } from '@/lib/api/keys';
import type { ChatMessage } from '@/lib/contract/chat';
import {
  CHAT_ENDPOINT,
  CHAT_SESSION_ENDED,
  CHAT_TICKET_HEADER,
  chatSendBody,
  roomSendDestination,
  roomTopic,
} from '@/lib/contract/values';
import { isMembershipRefusal, isSubscriptionRefusal } from '@/lib/shared/chat/stomp-refusal';

import { chatNeedsTicket, nativeChatUrl } from './chat-origin';
import { firstMessageId, lastMessageId, mergeMessages, messageToSend } from './message-list';
import { createPendingSends, type PendingSends } from './pending-sends';

/** Reconnect delay and STOMP heart-beats (both ways). */
export const CHAT_RECONNECT_DELAY_MS = 5000;
export const CHAT_HEARTBEAT_MS = 4000;
/** SockJS session id length on another origin (the backend wants at least 24 there). */
const TICKET_SESSION_ID_LENGTH = 32;
/**
 * How soon SockJS is tried after the native WebSocket closed without ever opening (a network or
 * proxy that blocks WebSockets): the fallback should not wait the full reconnect delay.
 */
export const CHAT_FALLBACK_DELAY_MS = 250;
/** Upper bound of catch-up pages after one reconnect (100 messages each). */
const MAX_CATCH_UP_PAGES = 20;

/**
 * The room as the server found it for this page (features/clubs/chat/chat-screen.ts): its latest messages and
 * where the member had read to (null when the backend keeps no read positions), or refused (the
 * member is not in the room's club). The store starts from it instead of asking again; `retry`
 * starts from scratch.
 */
export type ChatRoomStart =
  | { refused: false; messages: ChatMessage[]; lastReadMessageId?: number | null }
  | { refused: true };

/**
 * Where the live link stands:
 * - `connecting`: not open yet since the store (re)started; stompjs keeps trying every 5 s;
 * - `connected`: the STOMP session is open and subscribed, send is possible;
 * - `reconnecting`: it was open and dropped (or the broker ended it); stompjs retries every 5 s;
 * - `refused`: the member is not in this room (history 403/404, the server's start, or the
 *   broker's membership ERROR): the link has stopped for good, until `retry`;
 * - `closed`: the link stopped: `close()`, or the server ended the session and the login check
 *   agreed (the browser's session ends too).
 */
export type ChatLinkStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'closed';

/** What the room shows; a new (frozen) object only when one of its fields changed. */
export interface ChatRoomSnapshot {
  readonly status: ChatLinkStatus;
  /** Deduplicated by messageId, oldest first; never mutated (a change is a new array). */
  readonly messages: ChatMessage[];
  /** The first history page is loading. */
  readonly loading: boolean;
  /** The first history page failed (the live link keeps going unless refused); `retry` retries. */
  readonly error: unknown;
  /** An older batch is being fetched. */
  readonly loadingOlder: boolean;
  /** An older batch came back empty: the history is exhausted. */
  readonly noEarlier: boolean;
}

/** The part of stompjs's Client the room drives (structural, so tests hand in a fake). */
export interface ChatStompClient {
  readonly connected: boolean;
  connectHeaders: Record<string, string>;
  activate(): void;
  /** `force`: the socket is dropped at once, no DISCONNECT receipt awaited (pagehide). */
  deactivate(options?: { force?: boolean }): Promise<void>;
  forceDisconnect(): void;
  subscribe(destination: string, callback: (frame: { body: string }) => void): unknown;
  publish(frame: { destination: string; body: string; headers: Record<string, string> }): void;
  watchForReceipt(receipt: string, callback: () => void): void;
}

/** The stompjs Client options the room sets. */
export interface ChatStompConfig {
  webSocketFactory: () => unknown;
  reconnectDelay: number;
  heartbeatIncoming: number;
  heartbeatOutgoing: number;
  debug: (message: string) => void;
  beforeConnect: () => Promise<void>;
  onConnect: () => void;
  onWebSocketClose: (event?: { code?: number | string }) => void;
  onStompError: (frame: { headers: Readonly<Record<string, string | undefined>> }) => void;
}

/** The STOMP client, its socket and the frame parser: loaded together when a room connects. */
export interface ChatTransport {
  createClient(config: ChatStompConfig): ChatStompClient;
  /**
   * Loads SockJS, the fallback, which `createSocket` needs: only when a native socket was blocked,
   * because sockjs-client adds a window `unload` listener as it loads, and a page with one never
   * enters the back/forward cache.
   */
  loadFallback(): Promise<void>;
  /** The SockJS socket at `url` (after `loadFallback`); `options` only on another origin. */
  createSocket(url: string, options: { sessionId: number } | undefined): unknown;
  /** A browser WebSocket to the native endpoint (`ws(s)://…/chat/websocket`), STOMP subprotocols. */
  createNativeSocket(url: string): unknown;
  /** A MESSAGE frame's body as the stored message, or null when it is not one (logged). */
  parseFrame(body: string): ChatMessage | null;
}

/** The history pages (the chat reads of features/clubs/reads/chat.ts) and session calls the room makes. */
export interface ChatRoomApi {
  fetchRecentMessages(roomId: number): Promise<ChatMessage[]>;
  fetchOlderMessages(roomId: number, messageId: number): Promise<ChatMessage[]>;
  fetchNewerMessages(roomId: number, messageId: number, limit: number): Promise<ChatMessage[]>;
  loginCheck(): Promise<{ check: boolean }>;
  createChatTicket(): Promise<{ ticket: string }>;
}

export interface ChatRoomDeps {
  /** CHAT_URL: where the SockJS endpoint lives ('' = the page's own origin). */
  chatUrl: string;
  /** The page's origin (read when connecting: there is none while rendering on the server). */
  pageOrigin(): string;
  loadTransport(): Promise<ChatTransport>;
  loadApi(): Promise<ChatRoomApi>;
  /** The server ended the session and the login check agreed: end the browser's session too. */
  endSession(): void;
}

export interface ChatRoomStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): ChatRoomSnapshot;
  /** Opens the live link (and loads the history unless the start brought it); idempotent. */
  connect(): void;
  /** Publishes `text` (trimmed); false when blank or not connected (logged, nothing sent). */
  send(text: string): boolean;
  /** Fetches the batch before the oldest held message; no-op while one is running or after the end. */
  loadOlder(): Promise<void>;
  /** Drops the start and everything held, and starts again: history from scratch, a new link. */
  retry(): void;
  /** Stops the link (stompjs's pending reconnect with it) and ignores whatever is still on its way. */
  close(): void;
  /**
   * Drops the socket at once and keeps everything held (pagehide: a page with an open socket is
   * never kept in the back/forward cache). `resume` reconnects and catches up.
   */
  suspend(): void;
  /** Reconnects after `suspend` (pageshow); no-op otherwise. */
  resume(): void;
}

/** Numbers the receipts of SEND frames (unique within the page). */
let sendCounter = 0;

function initialSnapshot(start: ChatRoomStart | undefined): ChatRoomSnapshot {
  return Object.freeze({
    status: start?.refused ? 'refused' : 'connecting',
    messages: start && !start.refused ? start.messages : [],
    loading: !start,
    error: null,
    loadingOlder: false,
    noEarlier: false,
  });
}

/** One connection lifecycle: from `connect` (or `retry`) until `close` (or the next `retry`). */
interface Session {
  ended: boolean;
  /** The link stopped for good (refused, or signed out): socket events no longer move the status. */
  stopped: boolean;
  client: ChatStompClient | null;
  /** The history has answered (or the start brought it). */
  historySettled: boolean;
  everConnected: boolean;
  /** Counts the session's connections: a send belongs to the one it went out on. */
  link: number;
  pending: PendingSends;
  /** Dropped by `suspend` until `resume`. */
  suspended: boolean;
  /** The client's forced deactivation in flight (`resume` activates after it). */
  stopping: Promise<void> | null;
}

/**
 * One club chat room over STOMP/SockJS (`{chatUrl}/chat`), without React: loads the latest 20
 * messages (unless the server's `start` brought them, or found the room refusing the member: then
 * it never connects), subscribes to the room topic, appends live messages (deduplicated), loads
 * older batches on demand, and after every reconnect fetches what was missed (`newerMessage` after
 * the newest held id; the first connect after a `start` too, for what was sent since the page was
 * rendered). Reconnecting is stompjs's (every 5 s); the store owns no timer of its own.
 */
export function createChatRoomStore(
  roomId: number,
  start: ChatRoomStart | undefined,
  deps: ChatRoomDeps,
): ChatRoomStore {
  let seed = start;
  let snapshot = initialSnapshot(seed);
  const listeners = new Set<() => void>();
  let session: Session | null = null;
  /** Whether the owner wants the link (between connect and close). */
  let wanted = false;
  /** Bumped whenever a session starts or ends: older-batch answers of another one are dropped. */
  let generation = 0;

  function set(patch: Partial<ChatRoomSnapshot>) {
    const keys = Object.keys(patch) as (keyof ChatRoomSnapshot)[];
    if (keys.every((key) => Object.is(patch[key], snapshot[key]))) return;
    snapshot = Object.freeze({ ...snapshot, ...patch });
    for (const listener of [...listeners]) listener();
  }

  const live = (s: Session) => session === s && !s.ended;

  function add(s: Session, incoming: ChatMessage[], patch: Partial<ChatRoomSnapshot> = {}) {
    if (!live(s)) return;
    set({ ...patch, messages: mergeMessages(snapshot.messages, incoming) });
  }

  /** Publishes `text` with a receipt request, pending until the receipt comes. */
  function publishTracked(s: Session, stomp: ChatStompClient, text: string) {
    sendCounter += 1;
    const receipt = `send-${sendCounter}`;
    s.pending.add(receipt, { text, after: lastMessageId(snapshot.messages) }, s.link);
    stomp.watchForReceipt(receipt, () => s.pending.settle(receipt));
    stomp.publish({
      destination: roomSendDestination(roomId),
      body: chatSendBody(text),
      headers: { receipt },
    });
  }

  function startSession() {
    const given = seed;
    generation += 1;
    set(initialSnapshot(given));
    // The server found the member outside the room: nothing to load, nothing to connect to.
    if (given?.refused) return;
    const s: Session = {
      ended: false,
      stopped: false,
      client: null,
      historySettled: given !== undefined,
      everConnected: false,
      link: 0,
      pending: createPendingSends(),
      suspended: false,
      stopping: null,
    };
    session = s;

    /** Gives up on the live link for good (until `retry`): the member is not in the room. */
    const refuse = () => {
      if (!live(s)) return;
      s.stopped = true;
      set({ status: 'refused' });
      void s.client?.deactivate();
    };

    const history: Promise<boolean> = given
      ? Promise.resolve(true)
      : deps
          .loadApi()
          .then((api) => api.fetchRecentMessages(roomId))
          .then(
            (list) => {
              s.historySettled = true;
              add(s, list, { loading: false, error: null });
              return true;
            },
            (error: unknown) => {
              s.historySettled = true;
              console.error('chat: history failed', error);
              if (live(s)) set({ loading: false, error });
              // Not a member (or no such room): the broker would refuse too, so stop reconnecting.
              if (isApiError(error) && (error.status === 403 || error.status === 404)) refuse();
              return false;
            },
          );

    /**
     * The server closed the link because its session ended (signed out in another tab or on
     * another device's report of a stolen token): when the login check agrees, the browser's
     * session ends too (`auth:unauthorized`: the guard goes to /login) and the link stops. Still
     * signed in (a new sign-in meanwhile) or unsure (offline): it reconnects as after any drop.
     */
    const sessionEnded = async () => {
      let signedIn = true;
      try {
        signedIn = (await (await deps.loadApi()).loginCheck()).check;
      } catch (error) {
        console.error('chat: login check after the session ended failed', error);
      }
      if (signedIn || !live(s)) return;
      s.stopped = true;
      set({ status: 'closed' });
      void s.client?.deactivate();
      deps.endSession();
    };

    /** Loads what arrived while the link was down: pages of messages after the newest one held. */
    const catchUp = async () => {
      if (!(await history) || !live(s)) return;
      try {
        const api = await deps.loadApi();
        let cursor = lastMessageId(snapshot.messages);
        if (cursor === null) {
          add(s, await api.fetchRecentMessages(roomId));
          return;
        }
        for (let page = 0; page < MAX_CATCH_UP_PAGES && live(s); page++) {
          const batch = await api.fetchNewerMessages(roomId, cursor, NEWER_MESSAGES_LIMIT);
          add(s, batch);
          const last = lastMessageId(batch);
          if (batch.length < NEWER_MESSAGES_LIMIT || last === null) return;
          cursor = last;
        }
      } catch (error) {
        console.error('chat: catch-up failed', error);
      }
    };

    /**
     * After connection `link`'s catch-up: sends again what earlier, dropped connections may have
     * lost (their receipts can no longer come). Sends on this connection wait for their own.
     */
    const resendUnconfirmed = (stomp: ChatStompClient, link: number) => {
      if (!live(s) || !stomp.connected || link !== s.link) return;
      for (const send of s.pending.takeLost(link, snapshot.messages))
        publishTracked(s, stomp, send.text);
    };

    /** Connects again now rather than after stompjs's reconnect delay (the SockJS fallback). */
    const restartSoon = (stomp: ChatStompClient) => {
      if (!live(s) || s.stopped || s.suspended || stomp.connected) return;
      void stomp.deactivate().then(() => {
        if (live(s) && !s.stopped && !s.suspended) stomp.activate();
      });
    };

    /** The link is down (dropped, or ended by the broker): stompjs comes back in 5 s. */
    const linkDown = () => {
      if (live(s) && !s.stopped) set({ status: s.everConnected ? 'reconnecting' : 'connecting' });
    };

    void (async () => {
      // Loaded on demand, so neither library (nor the frame schema's zod) weighs on the first
      // load of other pages.
      const transport = await deps.loadTransport();
      if (!live(s)) return;
      const crossOrigin = chatNeedsTicket(deps.chatUrl, deps.pageOrigin());
      const nativeUrl = nativeChatUrl(deps.chatUrl, deps.pageOrigin());
      /**
       * Native WebSocket first; SockJS once a native socket closed without ever reaching CONNECTED
       * (blocked on the way), and from then on while SockJS works. When SockJS fails too, the
       * next attempt is native again: the cause was the server, not the network.
       */
      let via: 'native' | 'sockjs' = 'native';
      let reachedConnected = false;
      const stomp = transport.createClient({
        webSocketFactory: () => {
          reachedConnected = false;
          if (via === 'native') return transport.createNativeSocket(nativeUrl);
          // On another origin the session id is all that binds the xhr transports' follow-up
          // requests (no cookie reaches there): 32 characters (160 bits) instead of SockJS's 8.
          return transport.createSocket(
            `${deps.chatUrl}${CHAT_ENDPOINT}`,
            crossOrigin ? { sessionId: TICKET_SESSION_ID_LENGTH } : undefined,
          );
        },
        reconnectDelay: CHAT_RECONNECT_DELAY_MS,
        heartbeatIncoming: CHAT_HEARTBEAT_MS,
        heartbeatOutgoing: CHAT_HEARTBEAT_MS,
        debug: () => undefined,
        // The SockJS handshake bypasses the BFF, so it cannot refresh an expired session itself:
        // a call through the BFF first renews the cookies (the server closes a socket when the
        // token that opened it expires, and after any drop the client comes back here). On
        // another origin (CHAT_URL) the handshake carries no cookie at all: that call mints a
        // single-use ticket from the session instead, which CONNECT carries. A failed mint sends
        // no ticket: the server refuses that CONNECT, and the client retries in 5 s as after any
        // refusal (throwing here would stop stompjs from ever reconnecting).
        beforeConnect: async () => {
          if (via === 'sockjs') {
            // Not loaded (offline, say): native again, as after any failed attempt.
            await transport.loadFallback().catch(() => (via = 'native'));
          }
          const api = await deps.loadApi().catch(() => null);
          if (!crossOrigin) {
            await api?.loginCheck().catch(() => undefined);
            return;
          }
          const ticket = await api?.createChatTicket().catch((error: unknown) => {
            console.error('chat: ticket failed', error);
            return null;
          });
          // A used ticket is never sent again: each connection gets a fresh one.
          stomp.connectHeaders = ticket ? { [CHAT_TICKET_HEADER]: ticket.ticket } : {};
        },
        onConnect: () => {
          reachedConnected = true;
          stomp.subscribe(roomTopic(roomId), (frame) => {
            const message = transport.parseFrame(frame.body);
            if (message) add(s, [message]);
          });
          // A reconnect always leaves a gap; so does a first connect that lands after the history
          // answer (messages sent in between reached neither).
          const gap = s.everConnected || s.historySettled;
          s.everConnected = true;
          if (live(s) && !s.stopped) set({ status: 'connected' });
          s.link += 1;
          const link = s.link;
          if (gap) void catchUp().then(() => resendUnconfirmed(stomp, link));
          else resendUnconfirmed(stomp, link);
        },
        onWebSocketClose: (event) => {
          if (!reachedConnected && !s.suspended) {
            const blocked = via === 'native';
            via = blocked ? 'sockjs' : 'native';
            // stompjs would wait its 5 s: restarting the client instead tries SockJS soon.
            if (blocked) setTimeout(() => restartSoon(stomp), CHAT_FALLBACK_DELAY_MS);
          }
          linkDown();
          // Number(): SockJS hands on the close frame's code as the server wrote it.
          if (Number(event?.code) === CHAT_SESSION_ENDED.code) void sessionEnded();
        },
        // Only "not a member" is final: retrying would only repeat it. Any other ERROR (rate
        // limit, a passing server failure) ends this session like a drop: the socket is closed
        // (should the server not close it), the client retries in 5 s and catches up on connect.
        onStompError: (frame) => {
          console.error('chat: STOMP error', frame.headers.message);
          // One SUBSCRIBE refused (already subscribed, or too many): the connection goes on.
          if (isSubscriptionRefusal(frame.headers)) return;
          if (isMembershipRefusal(frame.headers)) {
            refuse();
            return;
          }
          linkDown();
          stomp.forceDisconnect();
        },
      });
      s.client = stomp;
      if (!s.stopped) stomp.activate();
    })().catch((error: unknown) => console.error('chat: could not start', error));
  }

  /** Ends the current session: its client is deactivated, its late answers are dropped. */
  function endSession() {
    generation += 1;
    const s = session;
    session = null;
    if (!s) return;
    s.ended = true;
    // Resolves after the broker's RECEIPT; nothing here waits for it.
    void s.client?.deactivate();
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    connect() {
      wanted = true;
      // A refused room stays so until `retry`.
      if (session || snapshot.status === 'refused') return;
      startSession();
    },
    send(text) {
      const body = messageToSend(text);
      if (body === null) return false;
      const s = session;
      const client = s?.client;
      if (!s || s.ended || !client?.connected) {
        console.warn('chat: not connected, message not sent');
        return false;
      }
      publishTracked(s, client, body);
      return true;
    },
    async loadOlder() {
      const first = firstMessageId(snapshot.messages);
      if (snapshot.loadingOlder || snapshot.noEarlier || first === null) return;
      const started = generation;
      const current = () => generation === started;
      set({ loadingOlder: true });
      try {
        const batch = await (await deps.loadApi()).fetchOlderMessages(roomId, first);
        if (!current()) return;
        if (batch.length === 0) set({ noEarlier: true });
        else set({ messages: mergeMessages(snapshot.messages, batch) });
      } catch (error) {
        console.error('chat: older messages failed', error);
      } finally {
        if (current()) set({ loadingOlder: false });
      }
    },
    suspend() {
      const s = session;
      if (!s || s.ended || s.suspended || !s.client) return;
      s.suspended = true;
      // Forced: a DISCONNECT would wait for its RECEIPT with the socket open, and the page is
      // frozen right after pagehide. Unconfirmed sends are sent again after `resume`'s catch-up.
      s.stopping = s.client.deactivate({ force: true });
    },
    resume() {
      const s = session;
      if (!s || s.ended || !s.suspended) return;
      s.suspended = false;
      const client = s.client;
      void (s.stopping ?? Promise.resolve()).then(() => {
        if (!live(s) || s.suspended || s.stopped || !client) return;
        set({ status: s.everConnected ? 'reconnecting' : 'connecting' });
        client.activate();
      });
    },
    retry() {
      seed = undefined;
      endSession();
      if (wanted) startSession();
      else set({ ...initialSnapshot(undefined), status: 'closed' });
    },
    close() {
      wanted = false;
      endSession();
      if (snapshot.status !== 'refused') set({ status: 'closed' });
    },
  };
}
