import type { FastifyInstance } from 'fastify';

import {
  clubCreatedText,
  clubCreateSchema,
  clubMembersQuerySchema,
  clubSearchQuerySchema,
} from '@/lib/contract/club';

import type { ChatHub } from '../chat/hub';
import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams, sendText } from '../http/reply';
import type { LiveHub } from '../live/hub';
import {
  clubByRoom,
  clubDetail,
  clubMembersOf,
  createClub,
  deleteClub,
  joinClub,
  leaveClub,
  listClubs,
} from './service';

/**
 * Clubs: the creator is the owner and a member, a member may join any number of clubs (joining
 * again changes nothing), and the owner leaving deletes the club with its room and messages.
 */
export async function clubRoutes(
  app: FastifyInstance,
  options: { db: Db; hub: ChatHub; live: LiveHub },
): Promise<void> {
  const { db, hub, live } = options;

  app.get('/api/clubs', async (request) => {
    const member = requireMember(request);
    const query = clubSearchQuerySchema.parse(request.query ?? {});
    return listClubs(db, member.id, { name: query.name, mine: query.isMyClubs });
  });

  app.post('/api/club', async (request, reply) => {
    const member = requireMember(request);
    const club = await createClub(db, member.id, clubCreateSchema.parse(request.body ?? {}));
    await live.roomJoined(club.chatRoomId, member.id);
    return sendText(reply, 201, clubCreatedText(club.title));
  });

  app.post('/api/club/:id/join', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const joined = await joinClub(db, member.id, id);
    if (joined.isNew) await live.roomJoined(joined.roomId, member.id);
    return sendText(reply, 200, '');
  });

  app.get('/api/club/chatRoom/:roomId', async (request) => {
    const member = requireMember(request);
    const { roomId } = idParams(request.params, 'roomId');
    return clubByRoom(db, member.id, roomId);
  });

  // Issue 29 (additions): a club's page for any signed-in member, its members, and the owner's
  // deletion on its own (leaving as the owner still deletes too, as the original).
  app.get('/api/club/:id', async (request) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    return clubDetail(db, member.id, id);
  });

  app.get('/api/club/:id/members', async (request) => {
    requireMember(request);
    const { id } = idParams(request.params, 'id');
    const { limit } = clubMembersQuerySchema.parse(request.query ?? {});
    return clubMembersOf(db, id, limit);
  });

  app.delete('/api/club/:id', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const { roomId } = await deleteClub(db, member.id, id);
    await hub.revoke(roomId, null);
    return sendText(reply, 200, '');
  });

  app.delete('/api/club/:id/leave', async (request, reply) => {
    const member = requireMember(request);
    const { id } = idParams(request.params, 'id');
    const result = await leaveClub(db, member.id, id);
    // Open subscriptions stop receiving; SENDs are refused anyway (membership checked per SEND).
    await hub.revoke(result.roomId, result.clubDeleted ? null : member.id);
    return sendText(reply, 200, '');
  });
}
