'use client';

import { useFriends } from '@/lib/hooks/use-friends';
import { FRIENDS_KIND, RelationList } from './relation-list';

/** The `친구` tab: the caller's friends, each a link to their profile, with `친구 끊기`. */
export function FriendList() {
  const { friends, error, mutate } = useFriends();
  return <RelationList kind={FRIENDS_KIND} entries={friends} error={error} mutate={mutate} />;
}
