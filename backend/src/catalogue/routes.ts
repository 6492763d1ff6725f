import type { FastifyInstance } from 'fastify';

import { catalogueKeySchema } from '@/lib/contract/catalogue';
import { CATALOGUE } from '@/lib/shared/catalogue/data';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { notFound } from '../http/reply';
import { addFromCatalogue, recentExercises } from './service';

/** The catalogue is part of the build: one answer for every member until the next deploy. */
const CATALOGUE_CACHE = 'private, max-age=3600';

/**
 * The built-in exercise catalogue and the recent list (issue 29, additions to the wire):
 * `GET /api/exercise/catalogue`, `POST /api/exercise/catalogue/{key}` (idempotent: the member's
 * exercise, created on first use), `GET /api/member/exercises/recent`.
 */
export async function catalogueRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get('/api/exercise/catalogue', async (request, reply) => {
    requireMember(request);
    reply.header('cache-control', CATALOGUE_CACHE);
    return CATALOGUE;
  });

  app.post('/api/exercise/catalogue/:key', async (request, reply) => {
    const member = requireMember(request);
    const key = catalogueKeySchema.safeParse((request.params as { key?: unknown }).key);
    if (!key.success) throw notFound();
    const result = await addFromCatalogue(db, member.id, key.data);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  app.get('/api/member/exercises/recent', async (request) =>
    recentExercises(db, requireMember(request).id),
  );
}
