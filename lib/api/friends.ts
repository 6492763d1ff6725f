import {
  friendListSchema,
  friendStatusSchema,
  memberSearchSchema,
  suggestedFriendsSchema,
  type Friend,
  type FriendStatus,
  type MemberSearchHit,
  type MemberSummary,
} from '@/lib/contract/friend';
import { api, requestJson } from './client';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  MEMBER_SEARCH_KEY,
  SENT_REQUESTS_KEY,
  SUGGESTED_FRIENDS_KEY,
  friendStatusKey,
  friendshipPath,
} from './keys';

/** GET /api/member/friend: the caller's accepted friendships (symmetric). */
export function fetchFriends(): Promise<Friend[]> {
  return requestJson(FRIENDS_KEY, { schema: friendListSchema });
}

/** GET /api/member/friend/request: requests sent to the caller and not yet answered. */
export function fetchFriendRequests(): Promise<Friend[]> {
  return requestJson(FRIEND_REQUESTS_KEY, { schema: friendListSchema });
}

/** GET /api/member/suggested-friends: members to befriend; a non-array answer is empty. */
export function fetchSuggestedFriends(): Promise<MemberSummary[]> {
  return requestJson(SUGGESTED_FRIENDS_KEY, { schema: suggestedFriendsSchema });
}

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

/** GET /api/member/friend/sent: requests the caller sent, not answered yet (`friend` is the addressee). */
export function fetchSentRequests(): Promise<Friend[]> {
  return requestJson(SENT_REQUESTS_KEY, { schema: friendListSchema });
}

/** GET /api/friend/status/{memberId}: the caller's relation to that member. */
export function fetchFriendStatus(memberId: number): Promise<FriendStatus> {
  return requestJson(friendStatusKey(memberId), { schema: friendStatusSchema });
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
