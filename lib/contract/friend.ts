import './zod-csp';

import * as z from 'zod/mini';

import { INVALID_CHARACTER_MESSAGE } from './errors';
import { hasLoneSurrogate, hasNul } from './text';

/** `MemberDto`. */
export const memberSummarySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.nullable(z.string()),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

/**
 * `FriendDto`, oriented to the caller: in `GET /api/member/friend` `member` is the caller and
 * `friend` the other member; in `GET /api/member/friend/request` `member` is the requester and
 * `friend` the caller.
 */
export const friendSchema = z.object({
  id: z.number().check(z.int()),
  member: memberSummarySchema,
  friend: memberSummarySchema,
});

/** Friendships or pending requests. */
export const friendListSchema = z.array(friendSchema);

/** Suggested friends: anything but an array counts as none. */
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

/**
 * Issue 29 (additions to the original's wire): how the caller stands with another member.
 * `NONE` no friendship or request, `FRIEND` accepted, `SENT` the caller asked and waits, `RECEIVED`
 * the other member asked the caller, `SELF` the caller.
 */
export const FRIEND_RELATIONS = ['NONE', 'FRIEND', 'SENT', 'RECEIVED', 'SELF'] as const;
export const friendRelationSchema = z.enum(FRIEND_RELATIONS);
export type FriendRelation = z.infer<typeof friendRelationSchema>;

/** `GET /api/friend/status/{memberId}`: the caller's relation to that member. */
export const friendStatusSchema = z.object({
  memberId: z.number().check(z.int()),
  relation: friendRelationSchema,
});
export type FriendStatus = z.infer<typeof friendStatusSchema>;

/** One hit of `GET /api/members/search`: a member and the caller's relation to them. */
export const memberSearchHitSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  picture: z.nullable(z.string()),
  relation: friendRelationSchema,
});
export type MemberSearchHit = z.infer<typeof memberSearchHitSchema>;
export const memberSearchSchema = z.array(memberSearchHitSchema);

/** Largest number of members a search answers, and the longest name searched for. */
export const MEMBER_SEARCH_LIMIT = 20;
export const MEMBER_SEARCH_MAX = 100;

export const MEMBER_SEARCH_MESSAGES = {
  blank: '검색할 이름을 입력해주세요.',
  tooLong: `검색어는 ${MEMBER_SEARCH_MAX}자 이하로 입력해주세요.`,
  invalidCharacter: INVALID_CHARACTER_MESSAGE,
} as const;

/** `GET /api/members/search?name=` query: the name trimmed, 1–100 characters. */
export const memberSearchQuerySchema = z.object({
  name: z.string({ error: MEMBER_SEARCH_MESSAGES.blank }).check(
    z.trim(),
    z.minLength(1, { error: MEMBER_SEARCH_MESSAGES.blank }),
    z.maxLength(MEMBER_SEARCH_MAX, { error: MEMBER_SEARCH_MESSAGES.tooLong }),
    z.refine((text) => !hasNul(text) && !hasLoneSurrogate(text), {
      error: MEMBER_SEARCH_MESSAGES.invalidCharacter,
    }),
  ),
});

/** Plain-text success body of `DELETE /api/friend/{memberId}`. */
export const UNFRIEND_REPLY = '친구 끊기';
