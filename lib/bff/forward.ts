import 'server-only';

import { pipeline, Readable, type Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

import { INVALID_CHARACTER_MESSAGE } from '@/lib/contract/errors';
import { BODY_LIMITS, type BodyLimit, requestBodyLimit } from '@/lib/contract/limits';
import { messages } from '@/lib/i18n/messages';

import { rewriteSetCookie, rewriteSetCookies } from './cookies';
import { errorResponse, fieldErrorResponse } from './errors';
import { browserResponseHeaders, upstreamRequestHeaders } from './headers';
import { CLEAR_CACHE_HEADER, endsSession } from './page-caching';
import { upstreamPath } from './path';
import { replacedQueryParameter } from './query-text';
import { isSignInRedirect, rewriteLocation } from './redirects';
import { freshSessionAtEdge, readRequestSession } from './session-edge';
import { bffSettings } from './settings';
import { startUpstreamSpan } from './tracing';
import {
  discard,
  sendUpstream,
  type UpstreamBody,
  UpstreamError,
  type UpstreamResponse,
  webBody,
} from './upstream';

/** Paths that must never trigger a transparent refresh (they manage the tokens themselves). */
const NO_REFRESH = new Set([
  '/api/token/refresh',
  '/api/token/refresh/',
  '/api/logout',
  '/api/logout/',
]);

const noop = () => undefined;

/** Methods HTTP defines as idempotent (RFC 9110 §9.2.2): a second copy changes nothing more. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/**
 * Bodies up to this size (the backend's JSON limit, with a declared length) are read whole before
 * a request that may be sent twice goes out, so that it can be sent again.
 */
const REPLAYABLE_BODY_BYTES = BODY_LIMITS.default;

/**
 * Whether a request may be sent to the backend a second time after its connection failed before
 * any answer: an idempotent method, or a write carrying an `Idempotency-Key` (the offline queue's:
 * the backend applies a key once). Such failures happen when a kept-alive connection is closed
 * just as a request goes out on it: a load balancer reloading its configuration (nginx closes its
 * idle connections then) or a backend instance shutting down. Browsers send again in that case;
 * undici does not.
 */
function mayReplay(method: string, incoming: Headers): boolean {
  return IDEMPOTENT_METHODS.has(method) || incoming.has('idempotency-key');
}

/** Statuses whose Response must have a null body. */
function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

/**
 * The BFF: forwards a browser request for /api/**, /oauth2/** or /login/oauth2/** to BACKEND_URL
 * and returns the backend's answer, bodies streamed both ways (never buffered whole). Refreshes an
 * expired session first, maps Spring's sign-in redirects on /api to 401, rewrites cookies and
 * redirects for the app origin, and answers 400/502/504 with the backend's JSON error body.
 */
export async function forward(request: Request): Promise<Response> {
  const target = upstreamPath(request.url);
  if (!target.ok) return errorResponse(400, messages.app.badRequest);
  const replaced = replacedQueryParameter(target.search);
  if (replaced !== null) return fieldErrorResponse(replaced, INVALID_CHARACTER_MESSAGE);
  const settings = bffSettings();
  const incoming = request.headers;
  const method = request.method;

  // --- body limit ------------------------------------------------------------------------------
  // A body over the backend's limit is refused here, before anything is sent: the backend would
  // refuse it too, but while the body is still being written, and its answer then often loses the
  // race with the connection's reset (a 502 instead of its 413).
  const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== null;
  const limit = hasBody ? requestBodyLimit(method, target.path) : undefined;
  const declared = incoming.get('content-length');
  if (limit && declared !== null && Number(declared) > limit.bytes) {
    await drain(request.body!.getReader());
    return errorResponse(413, limit.message);
  }

  // --- transparent refresh -------------------------------------------------------------------
  // The edge's session step (lib/bff/session-edge.ts): an expired access token with a refresh
  // cookie is refreshed first; 'unavailable' forwards unchanged (the backend decides, and the
  // cookies stay).
  let cookie: string | undefined; // undefined: forward the incoming Cookie header as is
  let sessionCookies: string[] | undefined; // Set-Cookie lines the BFF adds to the answer
  if (target.isApi && !NO_REFRESH.has(target.path)) {
    const refreshed = await freshSessionAtEdge(
      readRequestSession(incoming.get('cookie')),
      settings.secureCookies,
    );
    if (refreshed && refreshed.kind !== 'unavailable') {
      cookie = refreshed.cookieHeader;
      sessionCookies = refreshed.setCookies;
    }
  }

  // --- upstream call ---------------------------------------------------------------------------
  const path = settings.backend.pathPrefix + target.path + target.search;
  // A request that may be sent again (mayReplay) keeps a small body for that; others stream.
  let replay = !hasBody && mayReplay(method, incoming);
  let outgoing: ReadableStream<Uint8Array> | Uint8Array | null = null;
  // A streamed body (anything larger, or without a length: counted and cut at the limit as it
  // streams) is never left half-read (StreamedBody.rest).
  let streamed: StreamedBody | undefined;
  if (
    hasBody &&
    declared !== null &&
    Number(declared) <= REPLAYABLE_BODY_BYTES &&
    mayReplay(method, incoming)
  ) {
    outgoing = new Uint8Array(await request.arrayBuffer());
    replay = true;
  } else if (hasBody) {
    streamed = new StreamedBody(declared === null ? limit : undefined);
    outgoing = streamed.stream(request.body!);
  }
  // Its traceparent makes the backend's log lines (and spans) part of this call's trace.
  const span = startUpstreamSpan(method, settings.backendOrigin, path);
  const outgoingHeaders = upstreamRequestHeaders(incoming, settings, cookie, span);
  const send = () =>
    sendUpstream({
      origin: settings.backendOrigin,
      path,
      method,
      headers: outgoingHeaders,
      body: outgoing,
      signal: request.signal,
      timeoutMs: settings.timeoutMs,
    });
  let upstream: UpstreamResponse;
  try {
    try {
      upstream = await send();
    } catch (error) {
      // The connection failed before any answer (not a timeout, not the browser leaving): once
      // more, on another connection, when sending it again is harmless.
      if (!replay || !(error instanceof UpstreamError) || error.kind !== 'network') throw error;
      upstream = await send();
    }
  } catch (error) {
    const kind = error instanceof UpstreamError ? error.kind : 'network';
    span.end(undefined, error);
    await streamed?.rest();
    // Our own cut at the limit failed the upload: the answer is the backend's 413.
    if (streamed?.exceeded && limit) return errorResponse(413, limit.message, sessionCookies);
    if (kind !== 'aborted') logUpstreamFailure(method, target.path, kind, span.traceId);
    if (kind === 'timeout') return errorResponse(504, messages.app.backendDown, sessionCookies);
    // The browser is gone; nobody reads this answer.
    if (kind === 'aborted') return new Response(null, { status: 499 });
    return errorResponse(502, messages.app.backendDown, sessionCookies);
  }
  span.end(upstream.status);
  // The backend may answer before the browser finished sending (a refusal at its own limit).
  await streamed?.rest();

  // --- answer ----------------------------------------------------------------------------------
  const { status, headers: raw, body: upstreamBody } = upstream;
  if (upstream.interrupted) {
    // A refusal (4xx) whose headers arrived while the body was still being sent, after which the
    // backend closed the connection: its status stands, with the JSON error body the BFF words for it.
    return errorResponse(status, interruptedMessage(status, limit), sessionCookies);
  }
  const upstreamCookies = raw['set-cookie'];
  if (status >= 300 && status < 400 && target.isApi) {
    const location = raw.location;
    if (location !== undefined && isSignInRedirect(location)) {
      discard(upstreamBody); // read to the end, keeping the connection reusable
      const lines = upstreamCookies
        ? rewriteSetCookies(upstreamCookies, settings.secureCookies)
        : [];
      return errorResponse(
        401,
        messages.guard.unauthenticated,
        sessionCookies ? sessionCookies.concat(lines) : lines,
      );
    }
  }

  const headers = browserResponseHeaders(raw, (location) => rewriteLocation(location, settings));
  if (sessionCookies) for (const line of sessionCookies) headers.append('set-cookie', line);
  if (upstreamCookies) {
    for (const line of upstreamCookies) {
      headers.append('set-cookie', rewriteSetCookie(line, settings.secureCookies));
    }
  }
  if (target.isApi && endsSession(method, target.path, status)) headers.set(...CLEAR_CACHE_HEADER);

  let body: UpstreamBody | null = upstreamBody;
  if (isNullBodyStatus(status) || method === 'HEAD') {
    discard(upstreamBody);
    body = null;
  } else {
    const decoder = decoderFor(raw['content-encoding']);
    if (decoder && upstreamBody instanceof ReadableStream) {
      // We asked for identity; a backend that compresses anyway is decoded here, because Next
      // drops Content-Encoding from route handler answers.
      headers.delete('content-encoding');
      headers.delete('content-length');
      const encoded = Readable.fromWeb(upstreamBody as NodeReadableStream<Uint8Array>);
      body = webBody(pipeline(encoded, decoder, noop));
    }
  }
  return new Response(body, { status, headers });
}

/** The message of a backend refusal whose body was lost with its connection. */
function interruptedMessage(status: number, limit: BodyLimit | undefined): string {
  if (status === 413 && limit) return limit.message;
  if (status === 401) return messages.guard.unauthenticated;
  return messages.app.badRequest;
}

/** Thrown into an upload that streamed past its path's limit. */
class BodyTooLargeError extends Error {
  constructor() {
    super('request body over the limit');
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Bytes of a refused body read and dropped before the 413 goes out. Left unread, the rest of an
 * upload makes the server reset the connection, and the client often loses the answer with it
 * (Node's own server drains a body nobody read the same way). Past this, the body is dropped.
 */
const DRAIN_BYTES = 64 * 1024 * 1024;

/** Reads a refused body to its end (at most DRAIN_BYTES), dropping it. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let bytes = 0;
  try {
    while (bytes <= DRAIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client left.
  }
}

/**
 * A browser's body as it streams to the backend. With a `limit` (a body without a declared
 * length) it is counted and the forwarded stream fails past it (`exceeded`). Either way it is
 * never left half-read: when the backend stops reading it (it answered, or the connection went)
 * before the browser finished sending, `rest()` drains what is left (see DRAIN_BYTES).
 */
class StreamedBody {
  exceeded = false;
  private finished = false;
  private bytes = 0;
  private reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  private drained: Promise<void> | null = null;

  constructor(readonly limit?: BodyLimit) {}

  stream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    this.reader = reader;
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          const { done, value } = await reader.read();
          if (done) {
            this.finished = true;
            controller.close();
            return;
          }
          this.bytes += value.byteLength;
          if (this.limit && this.bytes > this.limit.bytes) {
            this.exceeded = true;
            void this.rest();
            controller.error(new BodyTooLargeError());
            return;
          }
          controller.enqueue(value);
        },
        // The upstream no longer reads: drained rather than cancelled, so that the answer reaches
        // the browser.
        cancel: () => void this.rest(),
      },
      { highWaterMark: 0 },
    );
  }

  /** Reads and drops what the browser has not sent yet (once; nothing when all was read). */
  rest(): Promise<void> {
    if (this.finished || this.reader === null) return Promise.resolve();
    this.drained ??= drain(this.reader);
    return this.drained;
  }
}

/**
 * One line in the Next server's log per 502/504, with the call's trace id (the backend's log lines
 * of the call carry it too, when the request got that far).
 */
function logUpstreamFailure(method: string, path: string, kind: string, traceId: string): void {
  const outcome =
    kind === 'timeout' ? '504, the backend timed out' : '502, the backend is unreachable';
  console.error(`BFF: ${method} ${path}: ${outcome} (trace_id=${traceId})`);
}

function decoderFor(encoding: string | undefined): Transform | undefined {
  if (!encoding) return undefined;
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
