import { FORWARDED_PREFIXES } from '../lib/bff/path';

/**
 * Which requests the service worker (sw/sw.ts) answers, and which responses it may store: pure
 * functions over what Serwist hands a route's matcher, unit-tested in sw/routes.test.ts.
 */

/** The precached page a navigation gets when neither the network nor the pages cache answers. */
export const OFFLINE_URL = '/~offline';

/** What a matcher sees of a request (a subset of Serwist's `RouteMatchCallbackOptions`). */
export interface RequestFacts {
  url: URL;
  request: Pick<Request, 'method' | 'mode'>;
  sameOrigin: boolean;
}

/**
 * Session calls: their answer is about this moment's cookies, so a stored copy would lie (a
 * signed-out member "signed in" from the cache, a refresh that "worked" offline).
 */
const NEVER_CACHED_API = [
  '/api/login/check',
  '/api/token/refresh',
  '/api/logout',
  // The live stream never ends; a cached copy would be a frozen one.
  '/api/events',
];

/** Content-addressed images (a key never changes its bytes), served by the BFF. */
const IMAGES_PREFIX = '/api/images/';

/**
 * SockJS under /chat: `/chat/info`, `/chat/websocket`, `/chat/iframe*.html` and every path of two
 * or more segments below /chat (`/chat/{server}/{session}/{transport}`), as proxy.ts's matcher
 * spells it. The page `/chat/{roomId}` is not one of them.
 */
const SOCKJS_PATH = /^\/chat\/(?:info|websocket|iframe[^/]*\.html|[^/]+\/.*)$/;

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix + '/');
}

/** True for the BFF's paths (`/api/…`, `/oauth2/…`, `/login/oauth2/…`). */
export function isBffPath(pathname: string): boolean {
  return FORWARDED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** True for SockJS's paths, which the worker never touches. */
export function isSockJsPath(pathname: string): boolean {
  return SOCKJS_PATH.test(pathname);
}

/** A same-origin GET navigation (a page load in a tab or a frame), SockJS's paths excepted. */
export function isNavigation({ url, request, sameOrigin }: RequestFacts): boolean {
  return (
    sameOrigin &&
    request.method === 'GET' &&
    request.mode === 'navigate' &&
    !isSockJsPath(url.pathname)
  );
}

/** A page navigation the pages cache serves when offline: every navigation outside the BFF. */
export function isPageNavigation(facts: RequestFacts): boolean {
  return isNavigation(facts) && !isBffPath(facts.url.pathname);
}

/**
 * A navigation to a BFF path (the OAuth start and callback, an image opened in a tab): straight
 * to the network, never stored. The worker still answers it, with the navigation preload's
 * response: leaving it to the browser would send the request a second time, and an OAuth callback
 * carries a one-time code.
 */
export function isBffNavigation(facts: RequestFacts): boolean {
  return isNavigation(facts) && isBffPath(facts.url.pathname);
}

/** A same-origin `GET /api/**` read for the api cache: not a session call, not an image. */
export function isApiRead({ url, request, sameOrigin }: RequestFacts): boolean {
  const { pathname } = url;
  return (
    sameOrigin &&
    request.method === 'GET' &&
    request.mode !== 'navigate' &&
    pathname.startsWith('/api/') &&
    !pathname.startsWith(IMAGES_PREFIX) &&
    !NEVER_CACHED_API.some((path) => isUnder(pathname, path))
  );
}

/** A same-origin `GET /api/images/**` (an <img> or a fetch), for the images cache. */
export function isImageRead({ url, request, sameOrigin }: RequestFacts): boolean {
  return (
    sameOrigin &&
    request.method === 'GET' &&
    request.mode !== 'navigate' &&
    url.pathname.startsWith(IMAGES_PREFIX)
  );
}

/**
 * Whether a response may be stored: a plain 200 that was not redirected. Keeps out errors, the
 * 307 to /login (an `opaqueredirect` with status 0 when the navigation's redirects are manual) and
 * any response reached through a redirect, which the browser refuses for a navigation.
 */
export function isStorable(response: Pick<Response, 'status' | 'redirected' | 'type'>): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    (response.type === 'basic' || response.type === 'default')
  );
}
