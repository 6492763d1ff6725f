/**
 * proxy.ts's rules for page navigations (the /login redirects, the page-time refresh), as pure
 * functions.
 *
 * proxy.ts must leave alone everything that is not a page: the BFF paths (/api, /oauth2,
 * /login/oauth2; but see ESCAPED_BFF_PATH), SockJS under /chat (`/chat/info`, `/chat/websocket`
 * and every path of two or more segments below /chat; the page is `/chat/{roomId}`),
 * the probes and the scraper (/healthz, /readyz, /metrics: never sent to /login), Next's own
 * `/_next/**`, and static files (anything whose last segment has a dot).
 * `config.matcher` in proxy.ts spells the same rule as a literal (Next reads it statically);
 * `PROXIED_PATH` is that rule for code and tests.
 */

import { FORWARDED_PREFIXES } from './path';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
/**
 * The offline page (app/~offline): static, no member data. The service worker precaches it at
 * install, with or without a session, so it must never be redirected.
 */
export const OFFLINE_PATH = '/~offline';

/** Same language as proxy.ts's matcher, anchored on the whole pathname. */
export const PROXIED_PATH =
  /^\/(?!(?:api|oauth2|login\/oauth2|healthz|readyz|metrics|_not-found)(?:\/|$)|_next\/|chat(?:\/(?:info|websocket)$|\/[^/]+\/|$)|favicon|.*\.[^/]+$).*$/;

/**
 * BFF paths (`/api`, `/oauth2`, `/login/oauth2`) with a percent escape that may not decode: a `%`
 * without two hex digits after it, or an escaped byte of 0x80 or more (which must form UTF-8).
 * proxy.ts's second matcher spells the same rule. Next's router answers a BFF path that does not
 * decode with a bare 500 (it fails to decode the catch-all param, then to render its error page)
 * before the BFF runs, so proxy.ts answers those with the BFF's 400 instead. Only these /api
 * paths have their body buffered; none that the app calls has such an escape (ids, dates, image
 * keys), and uploads go to /api/post.
 */
export const ESCAPED_BFF_PATH =
  /^\/(?:api|oauth2|login\/oauth2)\/.*%(?:(?![0-9A-Fa-f]{2})|[89A-Fa-f]).*$/;

/**
 * The SockJS paths of the chat endpoint, which the backend serves: `/chat/info`, the raw
 * `/chat/websocket`, and a session's `/chat/{server}/{session}/{transport}` (ids of word
 * characters, so no dot segment or escape can lead the rewrite anywhere but the backend's /chat).
 * proxy.ts's third and fourth matchers send them to proxy.ts, which rewrites them to BACKEND_URL at
 * request time; the page `/chat/{roomId}` is one segment and stays with the app.
 */
export const SOCKJS_PATH = /^\/chat\/(?:info|websocket|[\w-]+\/[\w-]+\/[a-z_]+)$/;

/** True for the paths the BFF forwards (`/api/…`, `/oauth2/…`, `/login/oauth2/…`). */
export function isBffPath(pathname: string): boolean {
  return FORWARDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** Where proxy.ts rewrites a page that cannot exist: Next's own not-found route (HTTP 404). */
export const NOT_FOUND_PATH = '/_not-found';

/**
 * Pages addressed by a numeric id; the id must be a positive integer. `/club/{clubId}` (issue 29)
 * beside the static `/club/create`, which is no id.
 */
const ID_PAGE = /^\/(?:chat|friendProfile|club(?!\/create\/?$))\/([^/]*)\/?$/;

/**
 * The id of an id-addressed page (`/chat/{roomId}`, `/friendProfile/{friendId}`): a positive
 * integer without leading zeros, at most 15 digits (always a safe integer); null otherwise.
 */
export function parsePageId(segment: string): number | null {
  return /^[1-9]\d{0,14}$/.test(segment) ? Number(segment) : null;
}

/**
 * True for `/chat/{x}`, `/friendProfile/{x}` and `/club/{x}` (but `/club/create`) whose x is not a
 * positive integer. Those pages
 * call notFound() too, but inside the signed-in shell, which renders its page only once the
 * browser knows the session; by then the answer has gone out as 200. Caught here, it is a 404.
 */
export function isImpossiblePage(pathname: string): boolean {
  const match = ID_PAGE.exec(pathname);
  return match !== null && parsePageId(match[1]) === null;
}

/**
 * The host a page request was addressed to: the first `X-Forwarded-Host` entry when there is one
 * (a reverse proxy that rewrites Host to its upstream's, as nginx's default `proxy_pass` does,
 * keeps the browser's host there; `next start` itself fills it from Host when absent), else
 * `Host`; null when neither is sent. Trusting a client's own X-Forwarded-Host is harmless here: the
 * only use is `foreignHostRedirect`, whose target is always PUBLIC_URL, so a forged value can only
 * spare or cost its sender a redirect.
 */
export function requestHost(headers: { get(name: string): string | null }): string | null {
  const forwarded = headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  return headers.get('host')?.trim() || null;
}

/**
 * Where to send a page request addressed to a host other than PUBLIC_URL's (issue 12, "one
 * origin"): PUBLIC_URL's origin with the same path and query. The session cookies are set on the
 * host the browser used, so a visitor on `127.0.0.1` while PUBLIC_URL says `localhost` would sign
 * in on one host and come back to the other without them. Hosts compare as URLs do (case, default
 * port); the scheme is not compared (TLS often ends at a proxy in front). null: stay (same host,
 * or no host known).
 */
export function foreignHostRedirect(
  host: string | null,
  pathAndQuery: string,
  publicBase: string,
): string | null {
  if (host === null) return null;
  const publicUrl = new URL(publicBase);
  let requested: string;
  try {
    requested = new URL(`${publicUrl.protocol}//${host}`).host;
  } catch {
    requested = ''; // not a host at all: certainly not PUBLIC_URL's
  }
  if (requested === publicUrl.host) return null;
  return publicUrl.origin + pathAndQuery;
}

/** True when proxy.ts runs for this pathname. */
export function isProxiedPath(pathname: string): boolean {
  return PROXIED_PATH.test(pathname);
}

/** The sign-in page: open without a session, and left for home with one. */
export function isPublicPage(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname === LOGIN_PATH + '/';
}

/** The offline page: open to anyone, session or not, and never redirected nor refreshed for. */
export function isOfflinePage(pathname: string): boolean {
  return pathname === OFFLINE_PATH || pathname === OFFLINE_PATH + '/';
}

/** A share link's page (issue 27): `/routine/shared/{token}`, for signed-in members. */
const SHARED_ROUTINE_PAGE = /^\/routine\/shared\/([A-Za-z0-9_-]+)\/?$/;

/**
 * The signed-out preview of a share link and its Open Graph image (`/shared-routine/{token}`,
 * `/shared-routine/{token}/opengraph-image`): public, nothing of the owner's in either.
 */
const SHARED_ROUTINE_PREVIEW = /^\/shared-routine\/[^/]+(\/opengraph-image[\w-]*)?\/?$/;

/** True for a share link's public preview page or image: open to anyone, session or not. */
export function isSharedRoutinePreview(pathname: string): boolean {
  return SHARED_ROUTINE_PREVIEW.test(pathname);
}

/**
 * Where a share link opened without a session renders: its public preview (the name and counts,
 * the Open Graph card for link previews, `로그인` back to the link), instead of a redirect to
 * /login that would leave a crawler with the sign-in page's card. null for any other page.
 */
export function sharedRoutinePreviewPath(pathname: string): string | null {
  const match = SHARED_ROUTINE_PAGE.exec(pathname);
  return match ? `/shared-routine/${match[1]}` : null;
}

/** `/login?next=<path+query>`: where to send an unauthenticated navigation to `pathname+search`. */
export function loginRedirectTarget(pathname: string, search = ''): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(pathname + search)}`;
}

export interface PageSession {
  /** An access-token cookie whose JWT `exp` is still ahead (with skew). */
  accessFresh: boolean;
  /** A refresh-token cookie is present. */
  hasRefresh: boolean;
}

export type PageDecision =
  | { action: 'next' }
  | { action: 'redirect'; location: string }
  | { action: 'rewrite'; location: string }
  | { action: 'refresh' };

/** A signed-out navigation: to /login, or a share link's public preview in place. */
function signedOut(
  pathname: string,
  search: string,
): Exclude<PageDecision, { action: 'refresh' | 'next' }> {
  const preview = sharedRoutinePreviewPath(pathname);
  return preview
    ? { action: 'rewrite', location: preview }
    : { action: 'redirect', location: loginRedirectTarget(pathname, search) };
}

/** What proxy.ts does with a navigation, before any refresh. */
export function decidePage(pathname: string, search: string, session: PageSession): PageDecision {
  if (isOfflinePage(pathname) || isSharedRoutinePreview(pathname)) return { action: 'next' };
  const isLogin = isPublicPage(pathname);
  if (session.accessFresh)
    return isLogin ? { action: 'redirect', location: HOME_PATH } : { action: 'next' };
  if (session.hasRefresh) return { action: 'refresh' };
  return isLogin ? { action: 'next' } : signedOut(pathname, search);
}

export type RefreshResultKind = 'refreshed' | 'rejected' | 'unavailable';

/**
 * What proxy.ts does once the refresh settled (the cookies that go with each outcome are
 * lib/bff/session-edge.ts's: the new ones, their deletion, or none).
 */
export function decideAfterRefresh(
  pathname: string,
  search: string,
  result: RefreshResultKind,
): Exclude<PageDecision, { action: 'refresh' }> {
  const isLogin = isPublicPage(pathname);
  switch (result) {
    case 'refreshed':
      return isLogin ? { action: 'redirect', location: HOME_PATH } : { action: 'next' };
    case 'rejected':
      return isLogin || isOfflinePage(pathname) ? { action: 'next' } : signedOut(pathname, search);
    default:
      // Backend unreachable: nothing is known about the session; let the page say so.
      return { action: 'next' };
  }
}
