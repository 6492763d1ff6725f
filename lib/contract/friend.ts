import './zod-csp';
import * as z from 'zod/mini';

/** `MemberDto`. */
export const memberSummarySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.nullable(z.string()),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/**
 * `FriendDto`, oriented to the caller (decisions.md §4): in `GET /api/member/friend` `member` is the
 * caller and `friend` the other member; in `GET /api/member/friend/request` `member` is the
 * requester and `friend` the caller.
 */
export const friendSchema = z.object({
  id: z.number().check(z.int()),
  member: memberSummarySchema,
  friend: memberSummarySchema,
});

/** Friendships or pending requests. */
export const friendListSchema = z.array(friendSchema);

/** Suggested friends: anything but an array counts as none (product.md §8). */
export const suggestedFriendsSchema = z.pipe(
  z.transform((value) => (Array.isArray(value) ? value : [])),
  z.array(memberSummarySchema),
);
export type Friend = z.infer<typeof friendSchema>;

/** `GET /api/friend/check/{friendId}`: a bare JSON boolean. */
export const friendCheckSchema = z.boolean();

export const FRIEND_MESSAGES = {
  self: '자신에게 친구 요청을 보낼 수 없습니다.',
  alreadySent: '이미 친구 요청을 보냈습니다.',
  alreadyFriends: '이미 친구입니다.',
  notRequested: '친구 요청이 오지 않았습니다.',
  notPending: '친구 요청 상태가 아닙니다.',
  notFriend: '친구가 아니므로 접근할 수 없습니다.',
} as const;

/** Plain-text success bodies of the friend actions. */
export const FRIEND_REPLIES = {
  request: '친구 요청',
  accept: '친구 수락',
  cancel: '친구 거절',
} as const;

/** Largest number of suggested friends answered. */
export const SUGGESTED_FRIENDS_LIMIT = 10;
