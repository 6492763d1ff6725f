import {
  friendCheckSchema,
  friendListSchema,
  memberSummarySchema,
  suggestedFriendsSchema,
  type Friend,
  type MemberSummary,
} from '@/lib/contract/friend';
import { api, requestJson } from './client';
import { isHttpStatus } from './errors';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  SUGGESTED_FRIENDS_KEY,
  friendCheckKey,
  memberKey,
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

/** GET /api/member/friend/{memberId}: any member's summary, or null when there is none (404). */
export async function fetchMember(memberId: number): Promise<MemberSummary | null> {
  try {
    return await requestJson(memberKey(memberId), { schema: memberSummarySchema });
  } catch (error) {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  }
}

/** GET /api/friend/check/{friendId}: true when friends; a failed check counts as not a friend. */
export async function checkFriend(friendId: number): Promise<boolean> {
  try {
    return await requestJson(friendCheckKey(friendId), { schema: friendCheckSchema });
  } catch {
    return false;
  }
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
