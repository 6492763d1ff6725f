import { type NextRequest, NextResponse } from 'next/server';

import { sessionDeletionCookies } from '@/lib/bff/cookies';
import { errorResponse } from '@/lib/bff/errors';
import { PAGE_CACHE_CONTROL } from '@/lib/bff/page-caching';
import {
  decideAfterRefresh,
  decidePage,
  foreignHostRedirect,
  isBffPath,
  isImpossiblePage,
  isPublicPage,
  NOT_FOUND_PATH,
  requestHost,
  SOCKJS_PATH,
} from '@/lib/bff/page-rules';
import { upstreamPath } from '@/lib/bff/path';
import { backendAcceptsAccessToken } from '@/lib/bff/session-check';
import { readRequestSession, refreshAtEdge } from '@/lib/bff/session-edge';
import { bffSettings } from '@/lib/bff/settings';
import { getPublicConfig } from '@/lib/config';
import { messages } from '@/lib/i18n/messages';
import { contentSecurityPolicy, createNonce, pageSecurityHeaders } from '@/lib/shared/security/csp';

/**
 * Page navigations (see `config.matcher`; SockJS paths are sent on to the backend): a page
 * addressed to a host other than PUBLIC_URL's goes to the same path on PUBLIC_URL first (one
 * origin, so the session cookies are where the browser looks for them), a protected page without a
 * session goes to `/login?next=…`, `/login` with a session goes to `/`, and an expired access token
 * with a refresh cookie is refreshed here (lib/bff/session-edge.ts, the step the BFF's forward and
 * the server reads share), the new cookies set on the response and on the request the page renders
 * with, so the page's own reads need no second refresh.
 *
 * Every page answer carries the security headers (lib/shared/security/csp.ts): a Content-Security-Policy
 * with a fresh nonce, also set on the request the page renders with, from which Next takes the
 * nonce for its own scripts.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  // SockJS (its own matchers): to the backend named at run time; Next proxies the request, and a
  // WebSocket upgrade too, to an absolute rewrite target.
  if (SOCKJS_PATH.test(pathname)) {
    return NextResponse.rewrite(`${bffSettings().backendBase}${pathname}${request.nextUrl.search}`);
  }
  // A BFF path only gets here through the second matcher (an escape that may not decode): one
  // that does not decode would be a bare 500 from Next's router, so it gets the BFF's 400 here.
  if (isBffPath(pathname)) {
    return upstreamPath(request.url).ok
      ? NextResponse.next()
      : errorResponse(400, messages.app.badRequest);
  }
  const nonce = createNonce();
  const { chatUrl, imageBaseUrl } = getPublicConfig();
  const security = {
    publicUrl: bffSettings().publicBase,
    chatUrl,
    imageBaseUrl,
    dev: process.env.NODE_ENV === 'development',
  };
  const forwarded = new Headers(request.headers);
  forwarded.set('content-security-policy', contentSecurityPolicy(nonce, security));
  forwarded.set('x-nonce', nonce);
  const response = await pageResponse(request, forwarded);
  for (const [name, value] of pageSecurityHeaders(nonce, security)) {
    response.headers.set(name, value);
  }
  // Kept by the browser only, and checked again before reuse (lib/bff/page-caching.ts).
  if (!response.headers.has('cache-control')) {
    response.headers.set('Cache-Control', PAGE_CACHE_CONTROL);
  }
  return response;
}

/**
 * The answer to a page request, before its security headers: `forwarded` is the request's
 * headers with the policy and nonce, for every answer that lets the page render.
 */
async function pageResponse(request: NextRequest, forwarded: Headers): Promise<Response> {
  const { pathname } = request.nextUrl;
  const url = new URL(request.url);
  const elsewhere = foreignHostRedirect(
    requestHost(request.headers),
    url.pathname + url.search,
    bffSettings().publicBase,
  );
  if (elsewhere !== null) return toPublicOrigin(request, elsewhere);
  if (isImpossiblePage(pathname)) {
    return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.nextUrl.origin), {
      request: { headers: forwarded },
    });
  }
  const search = request.nextUrl.search;
  const session = readRequestSession(request.headers.get('cookie'));
  const secure = bffSettings().secureCookies;
  let accessFresh = session.accessFresh;
  // /login is the one place a fresh-looking token decides alone (it sends the member home), so the
  // backend vouches for it first; a refused one counts as expired (see backendAcceptsAccessToken).
  let accessRefused = false;
  if (accessFresh && isPublicPage(pathname)) {
    accessRefused = !(await backendAcceptsAccessToken(session.access as string));
    accessFresh = !accessRefused;
  }
  const decision = decidePage(pathname, search, {
    accessFresh,
    hasRefresh: session.refresh !== undefined,
  });
  if (decision.action === 'next') {
    const response = NextResponse.next({ request: { headers: forwarded } });
    // The refused token goes, so that the signed-in pages stop trying it.
    if (accessRefused) {
      for (const line of sessionDeletionCookies(secure)) {
        response.headers.append('set-cookie', line);
      }
    }
    return response;
  }
  if (decision.action === 'redirect') return redirect(request, decision.location);
  if (decision.action === 'rewrite') return rewrite(request, decision.location, forwarded);

  const refreshed = await refreshAtEdge(session, secure);
  const after = decideAfterRefresh(pathname, search, refreshed.kind);
  let response: Response;
  if (after.action === 'redirect') {
    response = redirect(request, after.location);
  } else if (after.action === 'rewrite') {
    // The refused session's cookies go (set below); the preview renders without them.
    forwarded.delete('cookie');
    response = rewrite(request, after.location, forwarded);
  } else {
    // The page renders with the cookies the browser is about to get.
    if (refreshed.cookieHeader) forwarded.set('cookie', refreshed.cookieHeader);
    else if (refreshed.cookieHeader === '') forwarded.delete('cookie');
    response = NextResponse.next({ request: { headers: forwarded } });
  }
  for (const line of refreshed.setCookies) response.headers.append('set-cookie', line);
  return response;
}

/**
 * 307 to `location` on PUBLIC_URL (not 308: a permanent redirect is cached by the browser and would
 * outlive a change of PUBLIC_URL, say from localhost to 127.0.0.1, sending that browser in a loop).
 *
 * Next makes a Location on its own host relative before it leaves the server, and its own host is
 * `localhost:{port}` unless `next start` is given a hostname: the default PUBLIC_URL's.
 * There a relative Location would send the browser back to the host it came from, forever, so the
 * move is a page that refreshes to PUBLIC_URL instead (the Refresh header and its <meta> twin work
 * without JavaScript), with a link for anything that honours neither.
 */
function toPublicOrigin(request: NextRequest, location: string): Response {
  const target = new URL(location);
  // The two places Next relativizes: its middleware adapter (same host as the request's URL, where
  // 127.0.0.1 and [::1] read as localhost) and its router (same origin as the URL it built).
  const relativized =
    target.host === request.nextUrl.host || target.origin === new URL(request.url).origin;
  if (!relativized) return NextResponse.redirect(location, 307);
  const href = escapeHtml(location);
  const body =
    `<!doctype html><html><head><meta charset="utf-8">` +
    `<meta http-equiv="refresh" content="0;url=${href}"><title>${href}</title></head>` +
    `<body><a href="${href}">${href}</a></body></html>`;
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      refresh: `0;url=${location}`,
    },
  });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** Renders `location` (an app path) in place of the requested page, the URL unchanged. */
function rewrite(request: NextRequest, location: string, forwarded: Headers): NextResponse {
  return NextResponse.rewrite(new URL(location, request.nextUrl.origin), {
    request: { headers: forwarded },
  });
}

/** 307 to an app path, on the origin the browser used. */
function redirect(request: NextRequest, location: string): NextResponse {
  return NextResponse.redirect(new URL(location, request.nextUrl.origin), 307);
}

export const config = {
  // Everything but: /api, /oauth2, /login/oauth2, /healthz, /readyz, /metrics, /_not-found,
  // /_next, SockJS under /chat (`/chat/info`, `/chat/websocket` and every path of two or more
  // segments below /chat), favicon and any path whose last segment has a file extension.
  // Same rule as PROXIED_PATH in lib/bff/page-rules.ts.
  // Second: BFF paths with an escape that may not decode (ESCAPED_BFF_PATH), answered 400 above.
  // Third and fourth: SockJS (SOCKJS_PATH), rewritten to the backend above.
  matcher: [
    '/((?!(?:api|oauth2|login/oauth2|healthz|readyz|metrics|_not-found)(?:/|$)|_next/|chat(?:/(?:info|websocket)$|/[^/]+/|$)|favicon|.*\\.[^/]+$).*)',
    '/((?:api|oauth2|login/oauth2)/.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*)',
    '/chat/(info|websocket)',
    '/chat/:server/:session/:transport',
  ],
};
