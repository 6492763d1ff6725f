import 'server-only';
import { FRIENDS_KEY, MEMBER_POSTS_KEY } from '@/lib/api/keys';
import { userFromCheck } from '@/lib/auth/session-machine';
import type { SessionUser } from '@/lib/contract/session';
import { fetchFriends } from '../reads/friends';
import { fetchMemberPosts } from '../reads/posts';
import { loginCheck } from '../reads/session';
import { unlessUnavailable, withEntry } from './fallback';

/** What /profile's first view needs: the member, and their posts and friends as SWR fallback. */
export interface ProfileScreen {
  member: SessionUser;
  fallback: Record<string, unknown>;
}

/**
 * The own profile's first view (/profile): the signed-in member (from the layout's login check)
 * and, under the keys of useMemberPosts (`[MEMBER_POSTS_KEY]`) and useFriends (`FRIENDS_KEY`),
 * their posts and friends, read in parallel. The settings are on /settings (settingsScreen).
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
