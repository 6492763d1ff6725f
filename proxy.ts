import { NextResponse, type NextRequest } from 'next/server';
import {
  ACCESS_TOKEN_COOKIE,
  REFRESH_TOKEN_COOKIE,
  readCookie,
  rewriteSetCookies,
  sessionDeletionCookies,
  withCookies,
} from '@/lib/bff/cookies';
import { errorResponse } from '@/lib/bff/errors';
import { isAccessTokenFresh } from '@/lib/bff/jwt-expiry';
import {
  decideAfterRefresh,
  decidePage,
  isBffPath,
  isImpossiblePage,
  NOT_FOUND_PATH,
} from '@/lib/bff/page-rules';
import { upstreamPath } from '@/lib/bff/path';
import { refreshSession } from '@/lib/bff/refresh';
import { bffSettings } from '@/lib/bff/settings';
import { messages } from '@/lib/i18n/messages';

/**
 * Page navigations only (see `config.matcher`): a protected page without a session goes to
 * `/login?next=…`, `/login` with a session goes to `/`, and an expired access token with a refresh
 * cookie is refreshed here (the BFF's single-flight refresh), the new cookies set on the response
 * and on the request the page renders with (decisions.md §3).
 */
export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  // A BFF path only gets here through the second matcher (an escape that may not decode): one
  // that does not decode would be a bare 500 from Next's router, so it gets the BFF's 400 here.
  if (isBffPath(pathname)) {
    return upstreamPath(request.url).ok
      ? NextResponse.next()
      : errorResponse(400, messages.app.badRequest);
  }
  if (isImpossiblePage(pathname)) {
    return NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.nextUrl.origin));
  }
  const search = request.nextUrl.search;
  const cookieHeader = request.headers.get('cookie');
  const refreshToken = readCookie(cookieHeader, REFRESH_TOKEN_COOKIE);
  const decision = decidePage(pathname, search, {
    accessFresh: isAccessTokenFresh(readCookie(cookieHeader, ACCESS_TOKEN_COOKIE)),
    hasRefresh: refreshToken !== undefined && refreshToken !== '',
  });
  if (decision.action === 'next') return NextResponse.next();
  if (decision.action === 'redirect') return redirect(request, decision.location);

  const outcome = await refreshSession(refreshToken as string);
  const after = decideAfterRefresh(pathname, search, outcome.kind);
  const secure = bffSettings().secureCookies;
  let cookieLines: string[] = [];
  let forwardedCookie: string | undefined;
  if (after.useNewCookies && outcome.kind === 'refreshed') {
    cookieLines = rewriteSetCookies(outcome.setCookies, secure);
    forwardedCookie = withCookies(cookieHeader, {
      [ACCESS_TOKEN_COOKIE]: outcome.accessToken,
      [REFRESH_TOKEN_COOKIE]: outcome.refreshToken,
    });
  } else if (after.clearCookies) {
    cookieLines = sessionDeletionCookies(secure);
    forwardedCookie = withCookies(cookieHeader, {
      [ACCESS_TOKEN_COOKIE]: null,
      [REFRESH_TOKEN_COOKIE]: null,
    });
  }

  let response: Response;
  if (after.action === 'redirect') {
    response = redirect(request, after.location);
  } else if (forwardedCookie !== undefined) {
    const headers = new Headers(request.headers);
    if (forwardedCookie) headers.set('cookie', forwardedCookie);
    else headers.delete('cookie');
    response = NextResponse.next({ request: { headers } });
  } else {
    response = NextResponse.next();
  }
  for (const line of cookieLines) response.headers.append('set-cookie', line);
  return response;
}

/** 307 to an app path, on the origin the browser used. */
function redirect(request: NextRequest, location: string): NextResponse {
  return NextResponse.redirect(new URL(location, request.nextUrl.origin), 307);
}

export const config = {
  // Everything but: /api, /oauth2, /login/oauth2, /healthz, /_not-found, /_next, SockJS under /chat
  // (`/chat/info`, `/chat/websocket` and every path of two or more segments below /chat), favicon
  // and any path whose last segment has a file extension (`/chat/iframe*.html` among them).
  // Same rule as PROXIED_PATH in lib/bff/page-rules.ts.
  // Second: BFF paths with an escape that may not decode (ESCAPED_BFF_PATH), answered 400 above.
  matcher: [
    '/((?!(?:api|oauth2|login/oauth2|healthz|_not-found)(?:/|$)|_next/|chat(?:/(?:info|websocket)$|/[^/]+/|$)|favicon|.*\\.[^/]+$).*)',
    '/((?:api|oauth2|login/oauth2)/.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*)',
  ],
};
