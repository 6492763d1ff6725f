import 'server-only';
import { pipeline, Readable, type Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { messages } from '@/lib/i18n/messages';
import {
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  readCookie,
  rewriteSetCookie,
  rewriteSetCookies,
  sessionDeletionCookies,
  withCookies,
} from './cookies';
import { errorResponse } from './errors';
import { browserResponseHeaders, upstreamRequestHeaders } from './headers';
import { isAccessTokenFresh } from './jwt-expiry';
import { upstreamPath } from './path';
import { isSignInRedirect, rewriteLocation } from './redirects';
import { refreshSession } from './refresh';
import { bffSettings } from './settings';
import { startUpstreamSpan } from './tracing';
import {
  discard,
  sendUpstream,
  UpstreamError,
  type UpstreamBody,
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

/** Statuses whose Response must have a null body. */
function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304;
}

/**
 * The BFF: forwards a browser request for /api/**, /oauth2/** or /login/oauth2/** to BACKEND_URL
 * and returns the backend's answer, bodies streamed both ways (decisions.md §3). Refreshes an
 * expired session first, maps Spring's sign-in redirects on /api to 401, rewrites cookies and
 * redirects for the app origin, and answers 400/502/504 with the §4 error body.
 */
export async function forward(request: Request): Promise<Response> {
  const target = upstreamPath(request.url);
  if (!target.ok) return errorResponse(400, messages.app.badRequest);
  const settings = bffSettings();
  const incoming = request.headers;

  // --- transparent refresh -------------------------------------------------------------------
  let cookie: string | null | undefined; // undefined: forward the incoming Cookie header as is
  let sessionCookies: string[] | undefined; // Set-Cookie lines the BFF adds to the answer
  if (target.isApi && !NO_REFRESH.has(target.path)) {
    const cookieHeader = incoming.get('cookie');
    const refreshToken = readCookie(cookieHeader, REFRESH_TOKEN_COOKIE);
    if (refreshToken && !isAccessTokenFresh(readCookie(cookieHeader, ACCESS_TOKEN_COOKIE))) {
      const outcome = await refreshSession(refreshToken);
      if (outcome.kind === 'refreshed') {
        cookie = withCookies(cookieHeader, {
          [ACCESS_TOKEN_COOKIE]: outcome.accessToken,
          [REFRESH_TOKEN_COOKIE]: outcome.refreshToken,
        });
        sessionCookies = rewriteSetCookies(outcome.setCookies, settings.secureCookies);
      } else if (outcome.kind === 'rejected') {
        cookie = withCookies(cookieHeader, {
          [ACCESS_TOKEN_COOKIE]: null,
          [REFRESH_TOKEN_COOKIE]: null,
        });
        sessionCookies = sessionDeletionCookies(settings.secureCookies);
      }
      // 'unavailable': forward unchanged; the backend decides, and the cookies stay.
    }
  }

  // --- upstream call ---------------------------------------------------------------------------
  const method = request.method;
  const path = settings.backend.pathPrefix + target.path + target.search;
  // Its traceparent makes the backend's log lines (and spans) part of this call's trace.
  const span = startUpstreamSpan(method, settings.backendOrigin, path);
  let upstream: UpstreamResponse;
  try {
    upstream = await sendUpstream({
      origin: settings.backendOrigin,
      path,
      method,
      headers: upstreamRequestHeaders(incoming, settings, cookie, span),
      body: method === 'GET' || method === 'HEAD' ? null : request.body,
      signal: request.signal,
      timeoutMs: settings.timeoutMs,
    });
  } catch (error) {
    const kind = error instanceof UpstreamError ? error.kind : 'network';
    span.end(undefined, error);
    if (kind !== 'aborted') logUpstreamFailure(method, target.path, kind, span.traceId);
    if (kind === 'timeout') return errorResponse(504, messages.app.backendDown, sessionCookies);
    // The browser is gone; nobody reads this answer.
    if (kind === 'aborted') return new Response(null, { status: 499 });
    return errorResponse(502, messages.app.backendDown, sessionCookies);
  }
  span.end(upstream.status);

  // --- answer ----------------------------------------------------------------------------------
  const { status, headers: raw, body: upstreamBody } = upstream;
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
