import 'server-only';
import { cache } from 'react';
import {
  FRIEND_REQUESTS_KEY,
  FRIENDS_KEY,
  SUGGESTED_FRIENDS_KEY,
  friendCheckKey,
  memberKey,
} from '@/lib/api/keys';
import {
  friendCheckSchema,
  friendListSchema,
  memberSummarySchema,
  suggestedFriendsSchema,
  type Friend,
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
