import type { FastifyInstance } from 'fastify';

import { ApiError, MESSAGES } from './errors';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** CSRF defence: a mutating request whose Origin names another origin than the app's gets 403. */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== publicOrigin) throw new ApiError(403, MESSAGES.forbiddenOrigin);
  });
}
