import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

import type { FastifyBaseLogger } from 'fastify';
import sockjs from 'sockjs';

import { CHAT_TICKET_HEADER, type ChatMember } from '@/lib/contract/chat';
import { ACCESS_TOKEN_COOKIE } from '@/lib/contract/cookies';
import { CHAT_SESSION_ENDED } from '@/lib/contract/values';
import {
  TICKET_OTHER_LOGIN_ERROR,
  TICKET_REFUSED_ERROR,
  TICKET_REQUIRED_ERROR,
} from '@/lib/shared/chat/stomp-refusal';

import { authenticateAccessToken } from '../auth/authenticate';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { errorBody, MESSAGES } from '../http/errors';
import { type ChatConnection, type CloseReason, sockjsConnection } from './connection';
import type { ChatHub } from './hub';
import { NATIVE_WEBSOCKET_PATH, NativeWebSocketEndpoint } from './native-websocket';
import { header, type StompFrame } from './stomp/codec';
import { FrameError, MAX_TIMER_MS, StompSession } from './stomp/session';
import type { ChatTickets } from './tickets';

export const CHAT_PREFIX = '/chat';

/** `/chat/{server}/{session}/{transport}`: a SockJS session transport request. */
const TRANSPORT = /^\/chat\/([^/.]+)\/([^/.]+)\/([a-z_]+)\/?$/;
/** Transports whose request may open a session (the others post to an existing one). */
const OPENING = new Set(['websocket', 'xhr', 'xhr_streaming', 'eventsource']);
/**
 * Paths answered 404 before sockjs sees them: its iframe page (it loads sockjs-client from a CDN;
 * same-origin browsers never need it) and the transports only that page or old browsers use.
 * sockjs 0.3 has no option to turn them off. Wider than sockjs's own routes, whose iframe pattern
 * `iframe[0-9-.a-z_]*.html` leaves its dot unescaped (`/chat/iframe_html` is the page too).
 */
const DISABLED = /^\/chat\/(?:iframe[^/]*|[^/]+\/[^/]+\/(?:htmlfile|jsonp|jsonp_send))\/?$/;
const NONCE_PARAM = 'eh_chat';
const DEFAULT_MAX_CONNECTIONS_PER_MEMBER = 10;
const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
const DEFAULT_MAX_UNAUTHENTICATED = 256;
/** A bound-but-unclaimed handshake is forgotten after this long. */
const PENDING_TTL_MS = 60_000;
/**
 * The shortest SockJS session id a ticket session may have. Its follow-up requests (xhr polls and
 * sends) carry no cookie: the id is all that binds them, so it must be unguessable. sockjs-client
 * makes 8 characters by default (40 bits); the app asks for 32 (160 bits).
 */
export const MIN_TICKET_SESSION_ID = 24;

export interface ChatServerOptions {
  db: Db;
  hub: ChatHub;
  log: FastifyBaseLogger;
  /** Authenticates the access tokens (its key, member lookup and ended sessions). */
  auth: AuthContext;
  /** The app origin; a handshake with another `Origin` is refused (CSRF for WebSockets). */
  publicOrigin: string;
  /**
   * Further origins the app is served from (ALLOWED_ORIGINS). Their pages may open a ticket
   * session, never a cookie one; any other `Origin` is refused on every /chat request (403).
   */
  allowedOrigins?: readonly string[];
  /** Where the ticket of a session opened without the cookie is used up (its CONNECT). */
  tickets: ChatTickets;
  /** How long an already open session accepts an expired access token on follow-up requests. */
  sessionTokenGraceSeconds: number;
  heartbeat?: [number, number];
  /** Subscriptions per STOMP connection (default 8). */
  maxSubscriptions?: number;
  /** SockJS connections per member on this instance; the oldest is closed past it (default 10). */
  maxConnectionsPerMember?: number;
  /** Unsent bytes a connection may hold; past them it is closed as a slow consumer (1 MiB). */
  maxBufferedBytes?: number;
  /**
   * Ticket sessions held open (or bound) before their CONNECT authenticated them; past this a new
   * one gets 503. Anyone can open one (no cookie is needed for it), so this bounds what unknown
   * clients hold here in the CONNECT timeout's 10 s.
   */
  maxUnauthenticated?: number;
}

/** Close codes and reasons of the limits (SockJS close frame; 4000–4999 are the application's). */
export const CLOSE_TOO_MANY_CONNECTIONS = { code: 4008, reason: 'Too many connections' };
export const CLOSE_SLOW_CONSUMER = { code: 4009, reason: 'Slow consumer' };
export const CLOSE_EXPIRED: CloseReason = { code: 4001, reason: 'Session expired' };
/** A connection whose handshake was never bound (cannot happen through `authorize`). */
const CLOSE_UNAUTHENTICATED: CloseReason = { code: 3401, reason: 'Unauthenticated' };

/** One open connection of a member. */
interface OpenConnection {
  session: StompSession;
  conn: ChatConnection;
}

/** Who a connection speaks for, and until when. */
interface Identity {
  member: ChatMember;
  /** When the access token (of the handshake, or the ticket was minted with) expires (epoch ms). */
  expiresAt: number;
  /** The session (refresh family) that token names; null without `sid`. */
  sessionId: string | null;
}

interface Pending {
  at: number;
  /** The cookie's identity; null for a ticket session, which its CONNECT authenticates. */
  identity: Identity | null;
  /** A ticket session's `Origin`: its follow-up requests must come from there too. */
  origin: string | null;
}

/** An open SockJS session: a cookie one bound to its member, a ticket one to its origin. */
type LiveSession = { kind: 'cookie'; memberId: number } | { kind: 'ticket'; origin: string };

type Handler = (req: IncomingMessage, res: ServerResponse | Duplex, head?: Buffer) => boolean;

/**
 * The chat endpoints at `/chat` with STOMP on top: SockJS (every SockJS path, the original client
 * and the app's fallback) and the native WebSocket at `/chat/websocket` (native-websocket.ts, STOMP
 * frames with no SockJS framing; the app's first choice). Both hand their connections to one
 * `onConnection` as ChatConnections: the authentication, origins, limits and session ends below
 * are the same code for both.
 *
 * Origins: a request whose `Origin` is neither the app's (`publicOrigin`) nor one of
 * `allowedOrigins` is refused, whatever its path (403). sockjs answers the rest with CORS headers
 * naming their origin, credentials allowed (`/chat/info` and the xhr transports need them when
 * the page is on another origin).
 *
 * Authentication: sockjs-node exposes only a whitelist of the opening request's headers on the
 * connection (no Cookie), so every request is authenticated here before sockjs sees it. A request
 * that can open a session (`/chat/{server}/{session}/{websocket|xhr|xhr_streaming|eventsource}`
 * and the native `/chat/websocket`) is either
 * - a cookie session: it carries an `access_token` cookie and comes from the app's origin or names
 *   none (a non-browser client). The token must be valid (401 otherwise); the member is bound to
 *   the SockJS session id (native WebSocket: a one-time nonce added to the URL) and claimed when sockjs
 *   emits the connection. Follow-up requests of a session (polls, `xhr_send`) must carry the same
 *   member's token (expired tokens are tolerated for `sessionTokenGraceSeconds`, since the member
 *   was checked at the handshake), else 403; or
 * - a ticket session (issue 24): a browser whose page is on another origin than this endpoint
 *   (CHAT_URL, e.g. the app on Vercel) sends no cookie here, or one this server ignores from an
 *   origin other than the app's (no cookie-authenticated cross-origin session). It opens
 *   unauthenticated, and its STOMP CONNECT must carry a `ticket` header (chat/tickets.ts): until
 *   then nothing else is taken, and a missing, unknown, used, expired or other member's ticket gets
 *   an ERROR frame and the close. Its follow-up requests are bound to its session id (at least
 *   MIN_TICKET_SESSION_ID characters, so unguessable) and its origin, else 403.
 * A request with neither a cookie nor an `Origin` is 401. `/chat/info` and OPTIONS preflights are
 * public: they carry no member data. The iframe page and the htmlfile and jsonp transports are off
 * (404).
 *
 * Every connection ends when the access token it was authenticated with (the handshake's, or the
 * one the ticket was minted with) expires (4001), and with its session (4002, `closeSession`).
 *
 * Limits: `maxConnectionsPerMember` connections per member (a new one closes the member's oldest
 * with 4008), `maxUnauthenticated` ticket sessions waiting for their CONNECT (503 past it), and a connection whose unsent bytes pass `maxBufferedBytes` is closed with 4009
 * (a slow consumer must not hold the server's memory, nor the room's other members back).
 * Every error sockjs itself answers (unknown paths, wrong methods, bad `xhr_send` bodies) is the
 * same JSON error body as the REST routes (`code` the status as a string), 4xx for the client's
 * mistakes.
 */
export class ChatServer {
  private readonly handler: Handler;
  private readonly pending = new Map<string, Pending>();
  /** Open SockJS sessions by session id (raw WebSockets by nonce). */
  private readonly live = new Map<string, LiveSession>();
  /** The app's origin and ALLOWED_ORIGINS: every other `Origin` is refused. */
  private readonly origins: ReadonlySet<string>;
  private readonly sessions = new Set<StompSession>();
  /** The session (refresh family) of each open connection, and how to end it. */
  private readonly sessionEnds = new Map<StompSession, { sessionId: string; end: () => void }>();
  /** Each member's open connections on this instance, oldest first. */
  private readonly byMember = new Map<number, OpenConnection[]>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private readonly stopListeningSessions: () => void;
  private counter = 0;
  private readonly native = new NativeWebSocketEndpoint();

  constructor(private readonly options: ChatServerOptions) {
    this.origins = new Set([options.publicOrigin, ...(options.allowedOrigins ?? [])]);
    const server = sockjs.createServer({
      prefix: CHAT_PREFIX,
      log: (severity, line) => {
        if (severity === 'error') options.log.error(line);
        else options.log.debug(line);
      },
      heartbeat_delay: 25_000,
      disconnect_delay: 5_000,
    });
    server.on('connection', (conn: sockjs.Connection | null) => {
      if (!conn) return;
      const url = new URL(conn.url ?? '/', 'http://chat.local');
      this.onConnection(sockjsConnection(conn), TRANSPORT.exec(url.pathname)?.[2] ?? null);
    });
    const listener = (
      server as unknown as { listener(): { app: SockjsErrorAnswers; getHandler(): Handler } }
    ).listener();
    answerErrorsAsJson(listener.app, options.log);
    this.handler = listener.getHandler();
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, entry] of this.pending) {
        if (now - entry.at > PENDING_TTL_MS) this.pending.delete(key);
      }
    }, PENDING_TTL_MS);
    this.sweeper.unref();
    // A deleted account's connections end on every instance (the hub fans the event out).
    this.stopListening = options.hub.onMemberGone((memberId) => this.closeMember(memberId));
    // So do one ended session's (logout, refresh-token reuse); the member's other sessions stay.
    this.stopListeningSessions = options.hub.addListener((event) => {
      if (event.type === 'session-gone') this.closeSession(event.sessionId);
    });
  }

  /** Open STOMP sessions on this instance (for the metrics). */
  get connections(): number {
    return this.sessions.size;
  }

  /** True when `url` is handled by the chat endpoint (the caller must not route it). */
  static matches(url: string | undefined): boolean {
    if (!url) return false;
    return url === CHAT_PREFIX || /^\/chat[/?]/.test(url);
  }

  /** Handles an HTTP request under /chat. */
  handleRequest(req: IncomingMessage, res: ServerResponse): void {
    if (DISABLED.test(pathOf(req))) {
      this.reject(res, 404, MESSAGES.notFound);
      return;
    }
    this.authorize(req).then(
      (result) => {
        if (result.ok) {
          if (!this.handler(req, res)) this.reject(res, 404, MESSAGES.notFound);
        } else this.reject(res, result.status, result.message);
      },
      (error: unknown) => {
        this.options.log.error({ err: error }, 'chat handshake failed');
        this.reject(res, 500, MESSAGES.internal);
      },
    );
  }

  /** Handles an HTTP upgrade under /chat. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    if (DISABLED.test(pathOf(req))) {
      this.rejectUpgrade(socket, 404, MESSAGES.notFound);
      return;
    }
    this.authorize(req).then(
      (result) => {
        if (!result.ok) {
          this.rejectUpgrade(socket, result.status, result.message);
        } else if (NATIVE_WEBSOCKET_PATH.test(pathOf(req))) {
          // STOMP straight over the WebSocket; `authorize` bound the handshake to a nonce.
          const nonce = new URL(req.url ?? '/', 'http://chat.local').searchParams.get(NONCE_PARAM);
          this.native.accept(req, socket, head, (conn) => this.onConnection(conn, nonce));
        } else if (!this.handler(req, socket, head)) socket.destroy();
      },
      (error: unknown) => {
        this.options.log.error({ err: error }, 'chat handshake failed');
        this.rejectUpgrade(socket, 500, MESSAGES.internal);
      },
    );
  }

  private async authorize(
    req: IncomingMessage,
  ): Promise<{ ok: true } | { ok: false; status: number; message: string }> {
    const url = new URL(req.url ?? '/', 'http://chat.local');
    const path = url.pathname;
    const origin = req.headers.origin;
    // Before anything else, on every path: sockjs would otherwise answer a foreign page's
    // `/chat/info` and preflights with CORS headers naming it.
    if (origin !== undefined && !this.origins.has(origin)) {
      return { ok: false, status: 403, message: MESSAGES.forbiddenOrigin };
    }
    const transport = TRANSPORT.exec(path);
    const raw = NATIVE_WEBSOCKET_PATH.test(path);
    if (!transport && !raw) return { ok: true }; // info, iframe, welcome, 404s
    if (req.method === 'OPTIONS') return { ok: true };
    const token = readCookie(req.headers.cookie, ACCESS_TOKEN_COOKIE);
    // The cookie counts only on the app's own origin (or from a non-browser client, which names
    // none): a page on another origin must use a ticket.
    const cookieOrigin = origin === undefined || origin === this.options.publicOrigin;
    const sessionKey = transport ? transport[2] : null;
    const live = sessionKey !== null ? this.live.get(sessionKey) : undefined;

    if (live?.kind === 'ticket') {
      // A follow-up request of a ticket session: no cookie to check; bound to its (unguessable)
      // session id and the origin it opened from.
      return origin === live.origin
        ? { ok: true }
        : { ok: false, status: 403, message: MESSAGES.forbidden };
    }
    if (live !== undefined) {
      // A follow-up request of a cookie session: the same member, token possibly expired since.
      if (!cookieOrigin) return { ok: false, status: 403, message: MESSAGES.forbiddenOrigin };
      const result = await authenticateAccessToken(this.options.auth, token, {
        clockToleranceSeconds: this.options.sessionTokenGraceSeconds,
        memberId: live.memberId,
      });
      if (result.ok) return { ok: true };
      return result.reason === 'other-member'
        ? { ok: false, status: 403, message: MESSAGES.forbidden }
        : { ok: false, status: 401, message: MESSAGES.unauthenticated };
    }
    if (transport && !OPENING.has(transport[3])) {
      // xhr_send / jsonp_send to a session that is not open: sockjs answers 404.
      return { ok: true };
    }
    if (origin !== undefined && !(cookieOrigin && token !== undefined)) {
      // A ticket session: opens unauthenticated, its CONNECT must bring the ticket.
      if (sessionKey !== null && sessionKey.length < MIN_TICKET_SESSION_ID) {
        return { ok: false, status: 400, message: MESSAGES.badRequest };
      }
      const max = this.options.maxUnauthenticated ?? DEFAULT_MAX_UNAUTHENTICATED;
      if (this.unauthenticatedCount() >= max) {
        this.options.log.warn({ max }, 'chat: too many ticket sessions waiting for CONNECT');
        return { ok: false, status: 503, message: MESSAGES.chatBusy };
      }
      this.bind(req, url, sessionKey, { at: Date.now(), identity: null, origin });
      return { ok: true };
    }
    const result = await authenticateAccessToken(this.options.auth, token);
    if (!result.ok) {
      return {
        ok: false,
        status: 401,
        message: result.reason === 'expired' ? MESSAGES.expired : MESSAGES.unauthenticated,
      };
    }
    const { member } = result;
    this.bind(req, url, sessionKey, {
      at: Date.now(),
      identity: {
        member: { id: member.id, name: member.name, picture: member.picture },
        // The connection lives no longer than the token that opened it, nor its session
        // (`closeSession`).
        expiresAt: result.claims.exp * 1000,
        sessionId: result.sessionId,
      },
      origin: null,
    });
    return { ok: true };
  }

  /** Ticket sessions not yet authenticated: bound handshakes and open sessions before CONNECT. */
  private unauthenticatedCount(): number {
    let count = 0;
    for (const entry of this.pending.values()) if (entry.identity === null) count += 1;
    for (const session of this.sessions) if (session.member === null) count += 1;
    return count;
  }

  /**
   * Remembers an opening request's handshake until sockjs emits its connection: by SockJS session
   * id, or (raw WebSocket) by a one-time nonce added to the URL.
   */
  private bind(req: IncomingMessage, url: URL, sessionKey: string | null, entry: Pending): void {
    if (sessionKey !== null) {
      this.pending.set(sessionKey, entry);
      return;
    }
    const nonce = randomBytes(12).toString('base64url');
    this.pending.set(nonce, entry);
    url.searchParams.set(NONCE_PARAM, nonce);
    req.url = `${url.pathname}${url.search}`;
  }

  /**
   * Authenticates a ticket session's CONNECT: uses its ticket up (once, on any instance), and
   * refuses a `login` header naming anyone else than the ticket's member.
   */
  private async useTicket(frame: StompFrame): Promise<Identity> {
    const ticket = header(frame, CHAT_TICKET_HEADER);
    if (ticket === undefined) throw new FrameError(TICKET_REQUIRED_ERROR);
    const found = await this.options.tickets.use(ticket);
    if (!found) throw new FrameError(TICKET_REFUSED_ERROR);
    const login = header(frame, 'login');
    if (login !== undefined && login !== String(found.member.id)) {
      throw new FrameError(TICKET_OTHER_LOGIN_ERROR);
    }
    const { member } = found;
    return {
      member: { id: member.id, name: member.name, picture: member.picture },
      expiresAt: found.expiresAt,
      sessionId: found.sessionId,
    };
  }

  /**
   * Runs a STOMP session on a connection either transport opened, `key` its bound handshake (the
   * SockJS session id, or the native endpoint's nonce): every limit below applies to both.
   */
  private onConnection(conn: ChatConnection, key: string | null): void {
    const entry = key ? this.pending.get(key) : undefined;
    if (!key || !entry) {
      conn.close(CLOSE_UNAUTHENTICATED);
      return;
    }
    this.pending.delete(key);
    this.live.set(
      key,
      entry.identity
        ? { kind: 'cookie', memberId: entry.identity.member.id }
        : { kind: 'ticket', origin: entry.origin! },
    );
    this.counter += 1;
    const maxBuffered = this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    // After each write: a client that stopped reading is cut off at the limit, its bytes dropped.
    const checkBacklog = () => {
      const unsent = conn.unsentBytes();
      if (unsent <= maxBuffered) return;
      this.options.log.warn(
        { memberId: session.member?.id, session: session.sessionId, unsentBytes: unsent },
        'chat connection closed: slow consumer',
      );
      conn.abort(CLOSE_SLOW_CONSUMER);
      session.close();
    };
    let admitted: { open: OpenConnection; memberId: number; expiry: NodeJS.Timeout } | null = null;
    let closed = false;
    /** Counts the connection against its member's and ends it with its token and session. */
    const admit = (identity: Identity) => {
      if (closed) return;
      const open: OpenConnection = { session, conn };
      if (identity.sessionId !== null) {
        this.sessionEnds.set(session, {
          sessionId: identity.sessionId,
          end: () => conn.close(CHAT_SESSION_ENDED),
        });
      }
      const memberId = identity.member.id;
      const mine = this.byMember.get(memberId) ?? [];
      mine.push(open);
      this.byMember.set(memberId, mine);
      const maxConnections =
        this.options.maxConnectionsPerMember ?? DEFAULT_MAX_CONNECTIONS_PER_MEMBER;
      while (mine.length > maxConnections) {
        // The oldest goes (a tab left open elsewhere), not the one the member just opened.
        const oldest = mine.shift()!;
        this.options.log.info(
          { memberId, session: oldest.session.sessionId },
          'chat connection closed: too many connections of the member',
        );
        oldest.conn.close(CLOSE_TOO_MANY_CONNECTIONS);
        oldest.session.close();
      }
      // Closed (not refused) at expiry: the client reconnects with its refreshed cookie (or a
      // ticket minted with it).
      const expiry = setTimeout(
        () => conn.close(CLOSE_EXPIRED),
        Math.min(MAX_TIMER_MS, Math.max(0, identity.expiresAt - Date.now())),
      );
      expiry.unref();
      admitted = { open, memberId, expiry };
    };
    const session: StompSession = new StompSession(
      {
        write: (data) => {
          conn.write(data);
          checkBacklog();
        },
        writeShared: (frame) => {
          conn.writeShared(frame);
          checkBacklog();
        },
        close: () => conn.close(),
      },
      {
        db: this.options.db,
        hub: this.options.hub,
        log: this.options.log,
        member: entry.identity?.member,
        authenticate: entry.identity
          ? undefined
          : async (frame) => {
              const identity = await this.useTicket(frame);
              admit(identity);
              return identity.member;
            },
        heartbeat: this.options.heartbeat,
        maxSubscriptions: this.options.maxSubscriptions,
      },
      `${this.counter.toString(36)}-${key.slice(0, 8)}`,
    );
    this.sessions.add(session);
    if (entry.identity) admit(entry.identity);
    // Any JSON value a SockJS client framed, or native WebSocket bytes: receive() checks.
    conn.onData((message) => session.receive(message));
    conn.onClose(() => {
      closed = true;
      session.closedByTransport();
      this.sessions.delete(session);
      this.sessionEnds.delete(session);
      this.live.delete(key);
      if (!admitted) return;
      const { open, memberId, expiry } = admitted;
      clearTimeout(expiry);
      const list = this.byMember.get(memberId);
      const index = list?.indexOf(open) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
      if (list?.length === 0) this.byMember.delete(memberId);
    });
  }

  private reject(res: ServerResponse, status: number, message: string): void {
    if (res.headersSent) return;
    const body = JSON.stringify(errorBody(status, message));
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    res.end(body);
  }

  private rejectUpgrade(socket: Duplex, status: number, message: string): void {
    const body = JSON.stringify(errorBody(status, message));
    const reason = STATUS_CODES[status] ?? 'Error';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  /**
   * Closes every open session of `memberId` on this instance and forgets their handshakes not yet
   * claimed (the account was deleted). A reconnect is refused: its handshake finds no member.
   */
  closeMember(memberId: number): void {
    for (const [key, entry] of this.pending) {
      if (entry.identity?.member.id === memberId) this.pending.delete(key);
    }
    for (const session of this.sessions) {
      if (session.member?.id === memberId) session.close();
    }
  }

  /**
   * Closes every open connection of one ended session (refresh family) on this instance with
   * CHAT_SESSION_ENDED, and forgets its handshakes not yet claimed. A reconnect is refused: its
   * handshake finds the session ended.
   */
  closeSession(sessionId: string): void {
    for (const [key, entry] of this.pending) {
      if (entry.identity?.sessionId === sessionId) this.pending.delete(key);
    }
    for (const [session, open] of this.sessionEnds) {
      if (open.sessionId !== sessionId) continue;
      this.sessionEnds.delete(session);
      // Subscriptions and timers go now; the transport says goodbye with the code.
      session.closedByTransport();
      open.end();
    }
  }

  /** Closes every open session (server shutdown). */
  close(): void {
    clearInterval(this.sweeper);
    this.stopListening();
    this.stopListeningSessions();
    for (const session of this.sessions) session.close();
    this.sessions.clear();
    this.pending.clear();
  }
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/** The handlers sockjs 0.3 answers its own errors with (its App's; replaced per listener). */
interface SockjsErrorAnswers {
  handle_404(req: IncomingMessage, res: ServerResponse, error?: unknown): unknown;
  handle_405(req: IncomingMessage, res: ServerResponse, methods: string[]): unknown;
  handle_error(req: IncomingMessage, res: ServerResponse, error: unknown): unknown;
}

/**
 * Makes sockjs answer its own errors with the JSON error body instead of its plain text (or
 * empty) ones: 404 for unknown paths, sessions and disabled transports, 405 with `Allow`, and the
 * status-carrying refusals of its filters. sockjs reports a client's bad `xhr_send` body ("Payload
 * expected.", "Broken JSON encoding.") as a 500; those become 400. Only a real exception is a 500.
 * On an upgrade, `res` is sockjs's stand-in around the socket, which takes the same calls.
 */
function answerErrorsAsJson(app: SockjsErrorAnswers, log: FastifyBaseLogger): void {
  const answer = (
    res: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) => {
    if (res.headersSent || res.writableEnded) return true;
    const body = JSON.stringify(errorBody(status, message));
    res.writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
    });
    res.end(body);
    return true;
  };
  app.handle_404 = (_req, res) => answer(res, 404, MESSAGES.notFound);
  app.handle_405 = (_req, res, methods) =>
    answer(res, 405, MESSAGES.badRequest, { allow: methods.join(', ') });
  app.handle_error = (req, res, error) => {
    const status =
      typeof error === 'object' && error !== null && 'status' in error
        ? Number((error as { status: unknown }).status)
        : NaN;
    if (status >= 400 && status < 500) {
      return answer(res, status, status === 404 ? MESSAGES.notFound : MESSAGES.badRequest);
    }
    if (status === 500) return answer(res, 400, MESSAGES.badRequest);
    log.error({ err: error, url: req.url }, 'sockjs request failed');
    return answer(res, 500, MESSAGES.internal);
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}
