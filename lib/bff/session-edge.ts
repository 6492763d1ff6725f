import 'server-only';

import {
  ACCESS_TOKEN_COOKIE,
  readCookie,
  REFRESH_TOKEN_COOKIE,
  rewriteSetCookies,
  sessionDeletionCookies,
  withCookies,
} from './cookies';
import { isAccessTokenFresh } from './jwt-expiry';
import { type RefreshOutcome, refreshSession } from './refresh';

/**
 * The request edge's one session step, used by proxy.ts (page navigations), the BFF's forward
 * (/api calls) and the server components' reads: read the session cookies, refresh through the
 * single-flight refresh, and say which cookies to send on and which to set in the browser.
 */

/** The session cookies of one incoming request. */
export interface RequestSession {
  /** The request's whole Cookie header (other cookies included), as it came. */
  cookieHeader: string | null;
  access: string | undefined;
  refresh: string | undefined;
  /** The access token is there and not about to expire (its `exp`, read without verifying). */
  accessFresh: boolean;
}

/** What a refresh at the edge changed. */
export interface EdgeRefresh {
  kind: RefreshOutcome['kind'];
  /** The new access token ('refreshed' only). */
  accessToken: string | undefined;
  /**
   * The Cookie header to send on in place of the request's: the new tokens ('refreshed'), the
   * dead ones left out ('rejected', '' when nothing is left), or undefined to send it unchanged
   * ('unavailable': nothing is known about the session, so the cookies stay).
   */
  cookieHeader: string | undefined;
  /** Set-Cookie lines for the browser: the new tokens, or the deletion of both. */
  setCookies: string[];
}

/** The session cookies of a Cookie header. */
export function readRequestSession(cookieHeader: string | null | undefined): RequestSession {
  const access = readCookie(cookieHeader, ACCESS_TOKEN_COOKIE) || undefined;
  const refresh = readCookie(cookieHeader, REFRESH_TOKEN_COOKIE) || undefined;
  return {
    cookieHeader: cookieHeader ?? null,
    access,
    refresh,
    accessFresh: isAccessTokenFresh(access),
  };
}

/** True when the access token needs replacing and a refresh cookie can replace it. */
export function needsRefresh(session: RequestSession): boolean {
  return !session.accessFresh && session.refresh !== undefined;
}

/**
 * Refreshes `session` now (the caller has decided it must: an expired token, or one the backend
 * refused) and maps the outcome to cookies. Without a refresh cookie the session is over as far
 * as the edge can tell: 'rejected', with the access cookie cleared. Never throws.
 */
export async function refreshAtEdge(
  session: RequestSession,
  secureCookies: boolean,
): Promise<EdgeRefresh> {
  const outcome: RefreshOutcome = session.refresh
    ? await refreshSession(session.refresh)
    : { kind: 'rejected', status: 401 };
  switch (outcome.kind) {
    case 'refreshed':
      return {
        kind: 'refreshed',
        accessToken: outcome.accessToken,
        cookieHeader: withCookies(session.cookieHeader, {
          [ACCESS_TOKEN_COOKIE]: outcome.accessToken,
          [REFRESH_TOKEN_COOKIE]: outcome.refreshToken,
        }),
        setCookies: rewriteSetCookies(outcome.setCookies, secureCookies),
      };
    case 'rejected':
      return {
        kind: 'rejected',
        accessToken: undefined,
        cookieHeader: withCookies(session.cookieHeader, {
          [ACCESS_TOKEN_COOKIE]: null,
          [REFRESH_TOKEN_COOKIE]: null,
        }),
        setCookies: sessionDeletionCookies(secureCookies),
      };
    default:
      return {
        kind: 'unavailable',
        accessToken: undefined,
        cookieHeader: undefined,
        setCookies: [],
      };
  }
}

/** `refreshAtEdge` when the session needs it (`needsRefresh`), else null: nothing to change. */
export async function freshSessionAtEdge(
  session: RequestSession,
  secureCookies: boolean,
): Promise<EdgeRefresh | null> {
  return needsRefresh(session) ? refreshAtEdge(session, secureCookies) : null;
}
