import type { FastifyInstance } from 'fastify';

import { pagedMessagesQuerySchema, recentMessagesQuerySchema } from '@/lib/contract/chat';
import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams } from '../http/reply';
import { newerMessages, olderMessages, recentMessages, requireRoomMember } from './service';

/** Chat history (original-backend.md §3.7), for members of the room's club only. */
export async function chatRoutes(app: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;

  app.get('/api/rooms/:roomId/recentMessage', async (request) => {
    const member = requireMember(request);
    const { roomId } = idParams(request.params, 'roomId');
    const { limit } = recentMessagesQuerySchema.parse(request.query ?? {});
    await requireRoomMember(db, roomId, member.id);
    return recentMessages(db, roomId, limit);
  });

  app.get('/api/rooms/:roomId/olderMessage', async (request) => {
    const member = requireMember(request);
    const { roomId } = idParams(request.params, 'roomId');
    const { messageId, limit } = pagedMessagesQuerySchema.parse(request.query ?? {});
    await requireRoomMember(db, roomId, member.id);
    return olderMessages(db, roomId, messageId, limit);
  });

  app.get('/api/rooms/:roomId/newerMessage', async (request) => {
    const member = requireMember(request);
    const { roomId } = idParams(request.params, 'roomId');
    const { messageId, limit } = pagedMessagesQuerySchema.parse(request.query ?? {});
    await requireRoomMember(db, roomId, member.id);
    return newerMessages(db, roomId, messageId, limit);
  });
}
