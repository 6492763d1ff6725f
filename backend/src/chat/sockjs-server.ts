import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import type { FastifyBaseLogger } from 'fastify';
import sockjs from 'sockjs';

import { ACCESS_TOKEN_COOKIE } from '@/lib/contract/cookies';
import type { ChatMember } from '@/lib/contract/chat';
import { CHAT_SESSION_ENDED } from '@/lib/contract/values';
import { authenticateAccessToken } from '../auth/authenticate';
import type { AuthContext } from '../auth/context';
import type { Db } from '../db/client';
import { errorBody, MESSAGES } from '../http/errors';
import type { ChatHub } from './hub';
import { abortConnection, unsentBytes, writeShared } from './shared-frame';
import { MAX_TIMER_MS, StompSession } from './stomp/session';

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
const RAW_WEBSOCKET = /^\/chat\/websocket\/?$/;
const NONCE_PARAM = 'eh_chat';
const DEFAULT_MAX_CONNECTIONS_PER_MEMBER = 10;
const DEFAULT_MAX_BUFFERED_BYTES = 1024 * 1024;
/** A bound-but-unclaimed handshake is forgotten after this long. */
const PENDING_TTL_MS = 60_000;

export interface ChatServerOptions {
  db: Db;
  hub: ChatHub;
  log: FastifyBaseLogger;
  /** Authenticates the access tokens (its key, member lookup and ended sessions). */
  auth: AuthContext;
  /** The app origin; a handshake with another `Origin` is refused (CSRF for WebSockets). */
  publicOrigin: string;
  /** How long an already open session accepts an expired access token on follow-up requests. */
  sessionTokenGraceSeconds: number;
  heartbeat?: [number, number];
  /** Subscriptions per STOMP connection (default 8). */
  maxSubscriptions?: number;
  /** SockJS connections per member on this instance; the oldest is closed past it (default 10). */
  maxConnectionsPerMember?: number;
  /** Unsent bytes a connection may hold; past them it is closed as a slow consumer (1 MiB). */
  maxBufferedBytes?: number;
}

/** Close codes and reasons of the limits (SockJS close frame; 4000–4999 are the application's). */
export const CLOSE_TOO_MANY_CONNECTIONS = { code: 4008, reason: 'Too many connections' };
export const CLOSE_SLOW_CONSUMER = { code: 4009, reason: 'Slow consumer' };

/** `conn.close` with a numeric code, as the SockJS close frame carries it (the typings say string). */
function closeWith(conn: sockjs.Connection, close: { code: number; reason: string }): void {
  (conn as unknown as { close(code: number, reason: string): boolean }).close(
    close.code,
    close.reason,
  );
}

/** One open connection of a member. */
interface OpenConnection {
  session: StompSession;
  conn: sockjs.Connection;
}

interface Pending {
  member: ChatMember;
  at: number;
  /** When the access token of the handshake expires (epoch ms). */
  expiresAt: number;
  /** The session (refresh family) the handshake's token names; null without `sid`. */
  sessionId: string | null;
}

type Handler = (req: IncomingMessage, res: ServerResponse | Duplex, head?: Buffer) => boolean;

/**
 * The SockJS endpoint at `/chat` with STOMP on top.
 *
 * Authentication: sockjs-node exposes only a whitelist of the opening request's headers on the
 * connection (no Cookie), so every request is authenticated here before sockjs sees it. A request
 * that can open a session (`/chat/{server}/{session}/{websocket|xhr|xhr_streaming|eventsource}`
 * and the raw `/chat/websocket`) must carry a valid `access_token` cookie (401
 * otherwise); the member is bound to the SockJS session id (raw WebSocket: a one-time nonce added to
 * the URL) and claimed when sockjs emits the connection. Follow-up requests of a session (polls,
 * `xhr_send`) must carry the same member's token (expired tokens are tolerated for
 * `sessionTokenGraceSeconds`, since the member was checked at the handshake), else 403. `/chat/info`
 * and OPTIONS preflights are public: they carry no member data. The iframe page and the htmlfile and
 * jsonp transports are off (404).
 *
 * Limits: `maxConnectionsPerMember` connections per member (a new one closes the member's oldest
 * with 4008), and a connection whose unsent bytes pass `maxBufferedBytes` is closed with 4009
 * (a slow consumer must not hold the server's memory, nor the room's other members back).
 * Every error sockjs itself answers (unknown paths, wrong methods, bad `xhr_send` bodies) is the
 * JSON error body of decisions.md §4, 4xx for the client's mistakes.
 */
export class ChatServer {
  private readonly handler: Handler;
  private readonly pending = new Map<string, Pending>();
  /** Open SockJS sessions by session id (raw WebSockets by nonce) → member id. */
  private readonly live = new Map<string, number>();
  private readonly sessions = new Set<StompSession>();
  /** The session (refresh family) of each open connection, and how to end it. */
  private readonly sessionEnds = new Map<StompSession, { sessionId: string; end: () => void }>();
  /** Each member's open connections on this instance, oldest first. */
  private readonly byMember = new Map<number, OpenConnection[]>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private readonly stopListeningSessions: () => void;
  private counter = 0;

  constructor(private readonly options: ChatServerOptions) {
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
      if (conn) this.onConnection(conn);
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
        if (result.ok) {
          if (!this.handler(req, socket, head)) socket.destroy();
        } else this.rejectUpgrade(socket, result.status, result.message);
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
    const transport = TRANSPORT.exec(path);
    const raw = RAW_WEBSOCKET.test(path);
    if (!transport && !raw) return { ok: true }; // info, iframe, welcome, 404s
    if (req.method === 'OPTIONS') return { ok: true };
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== this.options.publicOrigin) {
      return { ok: false, status: 403, message: MESSAGES.forbiddenOrigin };
    }
    const token = readCookie(req.headers.cookie, ACCESS_TOKEN_COOKIE);
    const sessionKey = transport ? transport[2] : null;
    const liveMember = sessionKey !== null ? this.live.get(sessionKey) : undefined;

    if (liveMember !== undefined) {
      // A follow-up request of an open session: the same member, token possibly expired since.
      const result = await authenticateAccessToken(this.options.auth, token, {
        clockToleranceSeconds: this.options.sessionTokenGraceSeconds,
        memberId: liveMember,
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
    const result = await authenticateAccessToken(this.options.auth, token);
    if (!result.ok) {
      return {
        ok: false,
        status: 401,
        message: result.reason === 'expired' ? MESSAGES.expired : MESSAGES.unauthenticated,
      };
    }
    const { member } = result;
    const entry = {
      member: { id: member.id, name: member.name, picture: member.picture },
      at: Date.now(),
      // The connection lives no longer than the token that opened it, nor its session
      // (`closeSession`).
      expiresAt: result.claims.exp * 1000,
      sessionId: result.sessionId,
    };
    if (sessionKey !== null) {
      this.pending.set(sessionKey, entry);
    } else {
      const nonce = randomBytes(12).toString('base64url');
      this.pending.set(nonce, entry);
      url.searchParams.set(NONCE_PARAM, nonce);
      req.url = `${url.pathname}${url.search}`;
    }
    return { ok: true };
  }

  private onConnection(conn: sockjs.Connection): void {
    const url = new URL(conn.url ?? '/', 'http://chat.local');
    const transport = TRANSPORT.exec(url.pathname);
    const key = transport ? transport[2] : url.searchParams.get(NONCE_PARAM);
    const entry = key ? this.pending.get(key) : undefined;
    if (!key || !entry) {
      conn.close('3401', 'Unauthenticated');
      return;
    }
    this.pending.delete(key);
    this.live.set(key, entry.member.id);
    this.counter += 1;
    const maxBuffered = this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES;
    // After each write: a client that stopped reading is cut off at the limit, its bytes dropped.
    const checkBacklog = () => {
      const unsent = unsentBytes(conn);
      if (unsent <= maxBuffered) return;
      this.options.log.warn(
        { memberId: entry.member.id, session: session.sessionId, unsentBytes: unsent },
        'chat connection closed: slow consumer',
      );
      abortConnection(conn, CLOSE_SLOW_CONSUMER);
      session.close();
    };
    const session: StompSession = new StompSession(
      {
        write: (data) => {
          conn.write(data);
          checkBacklog();
        },
        writeShared: (frame) => {
          writeShared(conn, frame);
          checkBacklog();
        },
        close: () => conn.close(),
      },
      {
        db: this.options.db,
        hub: this.options.hub,
        log: this.options.log,
        member: entry.member,
        heartbeat: this.options.heartbeat,
        maxSubscriptions: this.options.maxSubscriptions,
      },
      `${this.counter.toString(36)}-${key.slice(0, 8)}`,
    );
    this.sessions.add(session);
    if (entry.sessionId !== null) {
      this.sessionEnds.set(session, {
        sessionId: entry.sessionId,
        // A number, as the SockJS close frame carries it (`c[4002,"…"]`; @types/sockjs says string,
        // which clients would then see as "4002").
        end: () =>
          conn.close(CHAT_SESSION_ENDED.code as unknown as string, CHAT_SESSION_ENDED.reason),
      });
    }
    const open: OpenConnection = { session, conn };
    const mine = this.byMember.get(entry.member.id) ?? [];
    mine.push(open);
    this.byMember.set(entry.member.id, mine);
    const maxConnections =
      this.options.maxConnectionsPerMember ?? DEFAULT_MAX_CONNECTIONS_PER_MEMBER;
    while (mine.length > maxConnections) {
      // The oldest goes (a tab left open elsewhere), not the one the member just opened.
      const oldest = mine.shift()!;
      this.options.log.info(
        { memberId: entry.member.id, session: oldest.session.sessionId },
        'chat connection closed: too many connections of the member',
      );
      closeWith(oldest.conn, CLOSE_TOO_MANY_CONNECTIONS);
      oldest.session.close();
    }
    // Closed (not refused) at expiry: the client reconnects with its refreshed cookie.
    const expiry = setTimeout(
      () => conn.close('4001', 'Session expired'),
      Math.min(MAX_TIMER_MS, Math.max(0, entry.expiresAt - Date.now())),
    );
    expiry.unref();
    // Any JSON value a SockJS client framed, or raw WebSocket bytes: receive() checks.
    conn.on('data', (message: unknown) => session.receive(message));
    conn.on('close', () => {
      clearTimeout(expiry);
      session.closedByTransport();
      this.sessions.delete(session);
      this.sessionEnds.delete(session);
      this.live.delete(key);
      const list = this.byMember.get(entry.member.id);
      const index = list?.indexOf(open) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
      if (list?.length === 0) this.byMember.delete(entry.member.id);
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
      if (entry.member.id === memberId) this.pending.delete(key);
    }
    for (const session of this.sessions) {
      if (session.member.id === memberId) session.close();
    }
  }

  /**
   * Closes every open connection of one ended session (refresh family) on this instance with
   * CHAT_SESSION_ENDED, and forgets its handshakes not yet claimed. A reconnect is refused: its
   * handshake finds the session ended.
   */
  closeSession(sessionId: string): void {
    for (const [key, entry] of this.pending) {
      if (entry.sessionId === sessionId) this.pending.delete(key);
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
