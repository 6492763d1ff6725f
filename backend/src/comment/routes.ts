import type { FastifyInstance } from 'fastify';

import { commentCreateSchema, commentUpdateSchema } from '@/lib/contract/comment';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams, sendText } from '../http/reply';
import type { LiveHub } from '../live/hub';
import { pushUnreadCounts } from '../notification/push';
import { addComment, deleteComment, listComments, updateComment } from './service';

/**
 * Comments on posts (a new one answers 201 with an empty body, as the original Spring backend
 * means to), and the author's edit and delete (issue 16). A comment notifies the post's author,
 * live once committed.
 */
export async function commentRoutes(
  app: FastifyInstance,
  options: { db: Db; live: LiveHub },
): Promise<void> {
  const { db, live } = options;

  app.get('/api/comment/:postId', async (request) => {
    const member = requireMember(request);
    const { postId } = idParams(request.params, 'postId');
    return listComments(db, member.id, postId);
  });

  app.post('/api/comment', async (request, reply) => {
    const member = requireMember(request);
    const input = commentCreateSchema.parse(request.body ?? {});
    const notified = await addComment(db, member.id, input.postId, input.text);
    await pushUnreadCounts({ db, live }, [notified], request.log);
    return reply.status(201).send();
  });

  app.patch('/api/comment/:id', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const { text } = commentUpdateSchema.parse(request.body ?? {});
    return updateComment(db, member.id, id, text);
  });

  app.delete('/api/comment/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const changed = await deleteComment(db, member.id, id);
    await pushUnreadCounts({ db, live }, [changed], request.log);
    return sendText(reply, 200, 'delete comment');
  });
}
