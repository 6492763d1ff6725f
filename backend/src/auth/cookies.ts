import type { FastifyReply } from 'fastify';

import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@/lib/contract/cookies';

/** Paths as the original backend sets them; the BFF rewrites refresh_token to Path=/. */
export const ACCESS_COOKIE_PATH = '/';
export const REFRESH_COOKIE_PATH = '/api/token/refresh';
export const AUTH_REQUEST_COOKIE = 'oauth2_auth_request';
export const AUTH_REQUEST_COOKIE_PATH = '/login/oauth2';

export interface CookieSettings {
  secure: boolean;
  accessTokenMinutes: number;
  refreshTokenDays: number;
}

const base = (secure: boolean) => ({ httpOnly: true, sameSite: 'lax' as const, secure });

/** Sets both session cookies. */
export function setSessionCookies(
  reply: FastifyReply,
  settings: CookieSettings,
  tokens: { access: string; refresh: string },
): void {
  reply.setCookie(ACCESS_TOKEN_COOKIE, tokens.access, {
    ...base(settings.secure),
    path: ACCESS_COOKIE_PATH,
    maxAge: settings.accessTokenMinutes * 60,
  });
  reply.setCookie(REFRESH_TOKEN_COOKIE, tokens.refresh, {
    ...base(settings.secure),
    path: REFRESH_COOKIE_PATH,
    maxAge: settings.refreshTokenDays * 86400,
  });
}

/** Clears the access cookie only (the refresh cookie may still renew the session). */
export function clearAccessCookie(
  reply: FastifyReply,
  settings: Pick<CookieSettings, 'secure'>,
): void {
  reply.clearCookie(ACCESS_TOKEN_COOKIE, {
    ...base(settings.secure),
    path: ACCESS_COOKIE_PATH,
    maxAge: 0,
  });
}

/** Clears both session cookies with the Path they were set with. */
export function clearSessionCookies(
  reply: FastifyReply,
  settings: Pick<CookieSettings, 'secure'>,
): void {
  clearAccessCookie(reply, settings);
  reply.clearCookie(REFRESH_TOKEN_COOKIE, {
    ...base(settings.secure),
    path: REFRESH_COOKIE_PATH,
    maxAge: 0,
  });
}

/** The short-lived cookie carrying state, nonce and PKCE verifier between the two OAuth legs. */
export function setAuthRequestCookie(reply: FastifyReply, secure: boolean, value: string): void {
  reply.setCookie(AUTH_REQUEST_COOKIE, value, {
    ...base(secure),
    path: AUTH_REQUEST_COOKIE_PATH,
    maxAge: 600,
  });
}

export function clearAuthRequestCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(AUTH_REQUEST_COOKIE, {
    ...base(secure),
    path: AUTH_REQUEST_COOKIE_PATH,
    maxAge: 0,
  });
}
