import 'server-only';
import { unstable_serialize, type Key } from 'swr';
import { FRIENDS_KEY, MEMBER_POSTS_KEY } from '@/lib/api/keys';
import { userFromCheck } from '@/lib/auth/session-machine';
import type { SessionUser } from '@/lib/contract/session';
import { fetchFriends } from '../reads/friends';
import { fetchMemberPosts } from '../reads/posts';
import { loginCheck } from '../reads/session';
import { BackendReadError } from '../server-client';

/** What /profile's first view needs: the member, and their posts and friends as SWR fallback. */
export interface ProfileScreen {
  member: SessionUser;
  fallback: Record<string, unknown>;
}

/**
 * A read whose failure the screen shows in place (a dash for its count and an inline error with
 * retry, decisions.md §6) rather than in the error boundary: undefined leaves its key out of the
 * fallback, so the browser asks again and shows the error there. 401/403/404 still end the page.
 */
export async function unlessUnavailable<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof BackendReadError) return undefined;
    throw error;
  }
}

/** Adds `value` under the serialized SWR `key` unless it is undefined. */
export function withEntry(fallback: Record<string, unknown>, key: Key, value: unknown): void {
  if (value !== undefined) fallback[unstable_serialize(key)] = value;
}

/**
 * The own profile's first view (/profile): the signed-in member (from the layout's login check)
 * and, under the keys of useMemberPosts (`[MEMBER_POSTS_KEY]`) and useFriends (`FRIENDS_KEY`),
 * their posts and friends, read in parallel.
 */
export async function profileScreen(): Promise<ProfileScreen> {
  const [session, posts, friends] = await Promise.all([
    loginCheck(),
    unlessUnavailable(fetchMemberPosts()),
    unlessUnavailable(fetchFriends()),
  ]);
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, [MEMBER_POSTS_KEY], posts);
  withEntry(fallback, FRIENDS_KEY, friends);
  return { member: userFromCheck(session), fallback };
}
