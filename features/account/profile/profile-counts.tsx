'use client';

import { friendsRead } from '@/features/friends/reads';
import { useFriendPosts, useMemberPosts } from '@/features/posts/use-member-posts';
import { useRead } from '@/lib/hooks/use-read';

import { countOf, StatValue } from './profile-summary';

/** How many posts the signed-in member has (follows useMemberPosts: a retry updates it). */
export function MemberPostCount() {
  const { posts, error } = useMemberPosts();
  return <StatValue value={countOf(posts, error)} />;
}

/** How many friends the signed-in member has (follows the friends' read). */
export function FriendCount() {
  const { data: friends, error } = useRead(friendsRead, []);
  return <StatValue value={countOf(friends, error)} />;
}

/** How many posts a member has (follows useFriendPosts). */
export function FriendPostCount({ friendId }: { friendId: number }) {
  const { posts, error } = useFriendPosts(friendId);
  return <StatValue value={countOf(posts, error)} />;
}
