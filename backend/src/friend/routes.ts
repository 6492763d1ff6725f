import type { FastifyInstance } from 'fastify';

import { FRIEND_REPLIES, memberSearchQuerySchema, UNFRIEND_REPLY } from '@/lib/contract/friend';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { idParams, sendText } from '../http/reply';
import type { LiveHub } from '../live/hub';
import { pushUnreadCounts } from '../notification/push';
import {
  acceptFriend,
  areFriends,
  cancelFriend,
  friendRelation,
  listFriends,
  listRequests,
  listSentRequests,
  memberSummary,
  requestFriend,
  searchMembers,
  suggestedFriends,
  unfriend,
} from './service';

/**
 * Friends and member lookups. A friendship is symmetric once accepted (the original Spring
 * backend's is one directed row that only the requester sees). Requests and acceptances notify
 * the other member (issue 16), live once committed.
 */
export async function friendRoutes(
  app: FastifyInstance,
  options: { db: Db; live: LiveHub },
): Promise<void> {
  const { db, live } = options;

  app.get('/api/member/friend', async (request) => listFriends(db, requireMember(request)));

  app.get('/api/member/friend/request', async (request) =>
    listRequests(db, requireMember(request)),
  );

  // Issue 29 (additions): the requests the caller sent and waits on.
  app.get('/api/member/friend/sent', async (request) =>
    listSentRequests(db, requireMember(request)),
  );

  app.get('/api/member/friend/:friendId', async (request) => {
    requireMember(request);
    const { friendId } = idParams(request.params, 'friendId');
    return memberSummary(db, friendId);
  });

  app.get('/api/member/suggested-friends', async (request) =>
    suggestedFriends(db, requireMember(request).id),
  );

  app.post('/api/friend/request/:memberId', async (request, reply) => {
    const member = requireMember(request);
    const { memberId } = idParams(request.params, 'memberId');
    const notified = await requestFriend(db, member.id, memberId);
    await pushUnreadCounts({ db, live }, notified, request.log);
    return sendText(reply, 200, FRIEND_REPLIES.request);
  });

  app.post('/api/friend/accept/:memberId', async (request, reply) => {
    const member = requireMember(request);
    const { memberId } = idParams(request.params, 'memberId');
    const notified = await acceptFriend(db, member.id, memberId);
    await pushUnreadCounts({ db, live }, notified, request.log);
    return sendText(reply, 200, FRIEND_REPLIES.accept);
  });

  app.post('/api/friend/cancel/:memberId', async (request, reply) => {
    const member = requireMember(request);
    const { memberId } = idParams(request.params, 'memberId');
    const notified = await cancelFriend(db, member.id, memberId);
    await pushUnreadCounts({ db, live }, notified, request.log);
    return sendText(reply, 200, FRIEND_REPLIES.cancel);
  });

  app.get('/api/friend/check/:friendId', async (request, reply) => {
    const member = requireMember(request);
    const { friendId } = idParams(request.params, 'friendId');
    const friends = await areFriends(db, member.id, friendId);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(friends));
  });

  // Issue 29 (additions to the original's wire): find members by name, one member's relation to
  // the caller, and ending a friendship.
  app.get('/api/members/search', async (request) => {
    const member = requireMember(request);
    const { name } = memberSearchQuerySchema.parse(request.query ?? {});
    return searchMembers(db, member.id, name);
  });

  app.get('/api/friend/status/:memberId', async (request) => {
    const member = requireMember(request);
    const { memberId } = idParams(request.params, 'memberId');
    return { memberId, relation: await friendRelation(db, member.id, memberId) };
  });

  app.delete('/api/friend/:memberId', async (request, reply) => {
    const member = requireMember(request);
    const { memberId } = idParams(request.params, 'memberId');
    await unfriend(db, member.id, memberId);
    return sendText(reply, 200, UNFRIEND_REPLY);
  });
}
