import type { FastifyInstance, FastifyRequest } from 'fastify';

import { ACCESS_TOKEN_COOKIE } from '@/lib/contract/cookies';
import type { SessionUser } from '@/lib/contract/session';
import { CSP_REPORT_PATH } from '@/lib/shared/security/csp';

import { authenticateAccessToken } from '../auth/authenticate';
import type { AuthContext } from '../auth/context';
import { ApiError, MESSAGES } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member; set on every protected /api request. */
    member: SessionUser | null;
    /** When the request's access token expires (epoch ms): long-lived streams end then. */
    accessTokenExpiresAt: number | null;
    /** The session (refresh family) the access token names; null for tokens without `sid`. */
    sessionId: string | null;
  }
}

/**
 * /api paths that work without a valid access token. Browsers send Content-Security-Policy
 * reports without cookies.
 */
const PUBLIC_API = new Set([
  'GET /api/login/check',
  'POST /api/token/refresh',
  'POST /api/logout',
  `POST ${CSP_REPORT_PATH}`,
]);

/**
 * Public /api paths with a parameter: a shared routine's preview (issue 27), the name and counts
 * that a link preview shows to a crawler that is not signed in.
 */
const PUBLIC_API_PATTERNS = [/^GET \/api\/shared-routine\/[^/]+\/preview$/];

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Requires a valid access_token cookie of a member and a session not ended (auth/authenticate.ts)
 * on /api/** (except the public endpoints) before routing, so an unknown /api path is 401 without
 * a session and 404 with one.
 */
export function registerAuthHook(app: FastifyInstance, auth: AuthContext): void {
  app.decorateRequest('member', null);
  app.decorateRequest('accessTokenExpiresAt', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0];
    if (!isApiPath(path)) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const line = `${method} ${path}`;
    if (PUBLIC_API.has(line) || PUBLIC_API_PATTERNS.some((pattern) => pattern.test(line))) return;
    const result = await authenticateAccessToken(auth, request.cookies[ACCESS_TOKEN_COOKIE]);
    if (!result.ok) {
      throw new ApiError(
        401,
        result.reason === 'expired' ? MESSAGES.expired : MESSAGES.unauthenticated,
      );
    }
    const { member } = result;
    request.member = { id: member.id, name: member.name, picture: member.picture };
    request.accessTokenExpiresAt = result.claims.exp * 1000;
    request.sessionId = result.sessionId;
  });
}

/** The signed-in member of a protected /api request (the auth hook guarantees one). */
export function requireMember(request: FastifyRequest): SessionUser {
  if (!request.member) throw new ApiError(401, MESSAGES.unauthenticated);
  return request.member;
}
