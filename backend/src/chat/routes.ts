import type { FastifyInstance } from 'fastify';

import {
  CHAT_TICKET_PATH,
  type ChatTicket,
  pagedMessagesQuerySchema,
  recentMessagesQuerySchema,
} from '@/lib/contract/chat';
import { LIVE_EVENT } from '@/lib/contract/live';
import { markReadBodySchema } from '@/lib/contract/unread';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams } from '../http/reply';
import type { LiveHub } from '../live/hub';
import { newerMessages, olderMessages, recentMessages, requireRoomMember } from './service';
import type { ChatTickets } from './tickets';
import { markRead, roomsSummary } from './unread';

/**
 * Chat history (oldest first, as the original Spring backend answers), for members of the room's
 * club only; (issue 16) the caller's rooms with their last messages and unread counts, and their
 * read positions; and (issue 24) chat tickets for a SockJS endpoint on another origin.
 */
export async function chatRoutes(
  app: FastifyInstance,
  options: { db: Db; live: LiveHub; tickets: ChatTickets },
): Promise<void> {
  const { db, live, tickets } = options;

  // Behind the cookie like every /api call (the BFF forwards it, refreshing the session first);
  // counted against the member's write budget like any other write. The ticket lives no longer
  // than the access token it was minted with.
  app.post(CHAT_TICKET_PATH, async (request, reply): Promise<ChatTicket> => {
    const member = requireMember(request);
    const minted = await tickets.mint(
      member.id,
      request.sessionId,
      request.accessTokenExpiresAt ?? Date.now(),
    );
    reply.header('cache-control', 'no-store');
    return { ticket: minted.ticket, expiresAt: minted.expiresAt.toISOString() };
  });

  app.get('/api/rooms/summary', async (request) => {
    const member = requireMember(request);
    return roomsSummary(db, member.id);
  });

  app.put('/api/rooms/:roomId/read', async (request) => {
    const member = requireMember(request);
    const { roomId } = idParams(request.params, 'roomId');
    const { messageId } = markReadBodySchema.parse(request.body ?? {});
    const position = await markRead(db, member.id, roomId, messageId);
    // The member's other tabs and devices clear the room's badge too.
    await live.sendToMembers([member.id], LIVE_EVENT.read, {
      roomId,
      lastReadMessageId: position.lastReadMessageId,
    });
    return position;
  });

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
