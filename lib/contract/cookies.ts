/**
 * Names of the session cookies, the original Spring backend's, shared by the backend, the BFF and
 * proxy.ts. Their attributes live in one server-only module per side: backend/src/auth/cookies.ts
 * and lib/bff/cookies.ts.
 */
export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';
