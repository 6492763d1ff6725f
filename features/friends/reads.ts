import {
  FRIEND_REQUESTS_KEY,
  friendCheckKey,
  FRIENDS_KEY,
  friendStatusKey,
  memberKey,
  memberSearchKey,
  SENT_REQUESTS_KEY,
  SUGGESTED_FRIENDS_KEY,
} from '@/lib/api/keys';
import type { Friend, FriendStatus, MemberSearchHit, MemberSummary } from '@/lib/contract/friend';
import { defineRead } from '@/lib/reads/define';

// The wire's friendships, members and relations already carry the names the UI reads: identity
// mappers.

const friendList = async () => (await import('@/lib/contract/friend')).friendListSchema;
const sameFriends = (friends: Friend[]) => friends;

/** GET /api/member/friend: the caller's accepted friendships (`friend` is the other member). */
export const friendsRead = defineRead({
  key: () => FRIENDS_KEY,
  schema: friendList,
  toView: sameFriends,
});

/** GET /api/member/friend/request: requests sent to the caller, not answered yet (`member` asked). */
export const friendRequestsRead = defineRead({
  key: () => FRIEND_REQUESTS_KEY,
  schema: friendList,
  toView: sameFriends,
});

/** GET /api/member/friend/sent: requests the caller sent, not answered yet (`friend` is asked). */
export const sentRequestsRead = defineRead({
  key: () => SENT_REQUESTS_KEY,
  schema: friendList,
  toView: sameFriends,
});

/**
 * GET /api/member/suggested-friends: members to befriend; a non-array answer is empty (the
 * schema's). Not asked again on focus: the cards would jump under the member's pointer.
 */
export const suggestedFriendsRead = defineRead({
  key: () => SUGGESTED_FRIENDS_KEY,
  schema: async () => (await import('@/lib/contract/friend')).suggestedFriendsSchema,
  toView: (members: MemberSummary[]) => members,
  swr: { revalidateOnFocus: false },
});

/**
 * GET /api/members/search?name=: members (not the caller) by name, each with the caller's
 * relation. The previous answer stays while the next name's is on its way, and a focus does not
 * search again.
 */
export const memberSearchRead = defineRead({
  key: (name: string) => memberSearchKey(name),
  schema: async () => (await import('@/lib/contract/friend')).memberSearchSchema,
  toView: (hits: MemberSearchHit[]) => hits,
  swr: { keepPreviousData: true, revalidateOnFocus: false },
});

/** GET /api/member/friend/{memberId}: any member's summary; an unknown member is a 404. */
export const memberRead = defineRead({
  key: (memberId: number) => memberKey(memberId),
  schema: async () => (await import('@/lib/contract/friend')).memberSummarySchema,
  toView: (member: MemberSummary) => member,
});

/** GET /api/friend/check/{friendId}: true when the caller and the member are friends. */
export const friendCheckRead = defineRead({
  key: (friendId: number) => friendCheckKey(friendId),
  schema: async () => (await import('@/lib/contract/friend')).friendCheckSchema,
  toView: (isFriend: boolean) => isFriend,
});

/** GET /api/friend/status/{memberId}: the caller's relation to that member. */
export const friendStatusRead = defineRead({
  key: (memberId: number) => friendStatusKey(memberId),
  schema: async () => (await import('@/lib/contract/friend')).friendStatusSchema,
  toView: (status: FriendStatus) => status,
});
