import type { FastifyInstance } from 'fastify';

/** nosniff everywhere; /api answers are never cached. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (
      request.url === '/api' ||
      request.url.startsWith('/api/') ||
      request.url.startsWith('/api?')
    ) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
