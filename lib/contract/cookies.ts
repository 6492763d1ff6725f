/**
 * Names of the session cookies, shared by the backend, the BFF and proxy.ts (decisions.md §2).
 * Their attributes live in one server-only module per side: backend/src/auth/cookies.ts and
 * lib/bff/cookies.ts.
 */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
