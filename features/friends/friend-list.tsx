'use client';

import { useRead } from '@/lib/hooks/use-read';

import { friendsRead } from './reads';
import { FRIENDS_KIND, RelationList } from './relation-list';

/** The `친구` tab: the caller's friends, each a link to their profile, with `친구 끊기`. */
export function FriendList() {
  const { data: friends, error, mutate } = useRead(friendsRead, []);
  return <RelationList kind={FRIENDS_KIND} entries={friends} error={error} mutate={mutate} />;
}
