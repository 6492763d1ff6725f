import {
  friendListSchema,
  suggestedFriendsSchema,
  type Friend,
  type MemberSummary,
} from '@/lib/contract/friend';
import { api, requestJson } from './client';
import { FRIEND_REQUESTS_KEY, FRIENDS_KEY, SUGGESTED_FRIENDS_KEY } from './keys';

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
