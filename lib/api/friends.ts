import { type MemberSearchHit, memberSearchSchema } from '@/lib/contract/friend';

import { api, requestJson } from './client';
import { friendshipPath, MEMBER_SEARCH_KEY } from './keys';

/** POST /api/friend/request/{memberId}: asks that member to be friends. */
export async function sendFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/request/${memberId}`);
}

/** POST /api/friend/accept/{memberId}: accepts the request `memberId` (the requester) sent. */
export async function acceptFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/accept/${memberId}`);
}

/** POST /api/friend/cancel/{memberId}: rejects the request `memberId` (the requester) sent. */
export async function rejectFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/cancel/${memberId}`);
}

/** GET /api/members/search?name=: members (not the caller) by name, with the relation to each. */
export function searchMembers(name: string): Promise<MemberSearchHit[]> {
  return requestJson(MEMBER_SEARCH_KEY, { schema: memberSearchSchema, query: { name } });
}

/** POST /api/friend/cancel/{memberId}: withdraws the request the caller sent to `memberId`. */
export async function cancelFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/cancel/${memberId}`);
}

/** DELETE /api/friend/{memberId}: ends the friendship with `memberId`, for both. */
export async function endFriendship(memberId: number): Promise<void> {
  await api.delete(friendshipPath(memberId));
}
