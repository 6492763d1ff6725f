import type { FastifyInstance } from 'fastify';

import { commentCreateSchema } from '@/lib/contract/comment';
import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams } from '../http/reply';
import { addComment, listComments } from './service';

/** Comments on posts (original-backend.md §3.5). */
export async function commentRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get('/api/comment/:postId', async (request) => {
    requireMember(request);
    const { postId } = idParams(request.params, 'postId');
    return listComments(db, postId);
  });

  app.post('/api/comment', async (request, reply) => {
    const member = requireMember(request);
    const input = commentCreateSchema.parse(request.body ?? {});
    await addComment(db, member.id, input.postId, input.text);
    return reply.status(201).send();
  });
}
