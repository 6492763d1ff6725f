import type { FastifyInstance } from 'fastify';

import { CSP_REPORT_PATH } from '@/lib/shared/security/csp';

import { ApiError, MESSAGES } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that any origin may send: Content-Security-Policy reports only log (browsers post them
 * from their own reporting context, whose Origin need not be the page's).
 */
const ANY_ORIGIN = new Set([CSP_REPORT_PATH]);

/**
 * CSRF defence: a mutating request whose Origin names another origin than the app's (PUBLIC_URL's,
 * or one of the further origins the app is served from, ALLOWED_ORIGINS) gets 403. The BFF passes
 * the browser's Origin on.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  publicOrigin: string,
  allowedOrigins: readonly string[] = [],
): void {
  const accepted = new Set([publicOrigin, ...allowedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    if (ANY_ORIGIN.has(request.url.split('?')[0])) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!accepted.has(origin)) throw new ApiError(403, MESSAGES.forbiddenOrigin);
  });
}
