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

/** Path (and SWR key) of the caller's friends: `member` is the caller, `friend` the other member. */
export const FRIENDS_KEY = '/api/member/friend';

/** Path (and SWR key) of the incoming pending requests: `member` is the requester. */
export const FRIEND_REQUESTS_KEY = '/api/member/friend/request';

/** Path (and SWR key) of the suggested friends. */
export const SUGGESTED_FRIENDS_KEY = '/api/member/suggested-friends';

/** SWR key (and path) of a member's public summary. */
export function memberKey(memberId: number): string {
  return `/api/member/friend/${memberId}`;
}

/** SWR key (and path) of the friendship check with a member. */
export function friendCheckKey(friendId: number): string {
  return `/api/friend/check/${friendId}`;
}

/** True when a call failed because the caller is not a friend (403). */
export function isForbidden(error: unknown): boolean {
  return isHttpStatus(error, 403);
}

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
