import 'server-only';
import { cache } from 'react';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  SENT_REQUESTS_KEY,
  SUGGESTED_FRIENDS_KEY,
  friendCheckKey,
  friendStatusKey,
  memberKey,
} from '@/lib/api/keys';
import {
  friendCheckSchema,
  friendListSchema,
  friendStatusSchema,
  memberSummarySchema,
  suggestedFriendsSchema,
  type Friend,
  type FriendStatus,
  type MemberSummary,
} from '@/lib/contract/friend';
import { readBackend } from '../server-client';

/** GET /api/member/friend: the caller's accepted friendships. */
export const fetchFriends = cache((): Promise<Friend[]> =>
  readBackend(FRIENDS_KEY, friendListSchema),
);

/** GET /api/member/friend/request: requests sent to the caller and not yet answered. */
export const fetchFriendRequests = cache((): Promise<Friend[]> =>
  readBackend(FRIEND_REQUESTS_KEY, friendListSchema),
);

/** GET /api/member/suggested-friends: members to befriend; a non-array answer is empty. */
export const fetchSuggestedFriends = cache((): Promise<MemberSummary[]> =>
  readBackend(SUGGESTED_FRIENDS_KEY, suggestedFriendsSchema),
);

/** GET /api/member/friend/{memberId}: any member's summary; an unknown member is notFound(). */
export const fetchMember = cache((memberId: number): Promise<MemberSummary> =>
  readBackend(memberKey(memberId), memberSummarySchema),
);

/** GET /api/friend/check/{friendId}: true when the caller and the member are friends. */
export const checkFriend = cache((friendId: number): Promise<boolean> =>
  readBackend(friendCheckKey(friendId), friendCheckSchema),
);

/** GET /api/member/friend/sent: requests the caller sent, not answered yet. */
export const fetchSentRequests = cache((): Promise<Friend[]> =>
  readBackend(SENT_REQUESTS_KEY, friendListSchema),
);

/** GET /api/friend/status/{memberId}: the caller's relation to that member. */
export const fetchFriendStatus = cache((memberId: number): Promise<FriendStatus> =>
  readBackend(friendStatusKey(memberId), friendStatusSchema),
);
