import 'server-only';
import { FRIENDS_KEY, MEMBER_POSTS_KEY, NOTIFICATION_SETTINGS_KEY } from '@/lib/api/keys';
import { userFromCheck } from '@/lib/auth/session-machine';
import type { SessionUser } from '@/lib/contract/session';
import { fetchFriends } from '../reads/friends';
import { notificationSettings } from '../reads/notifications';
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
 * and, under the keys of useMemberPosts (`[MEMBER_POSTS_KEY]`), useFriends (`FRIENDS_KEY`) and
 * useNotificationSettings (`NOTIFICATION_SETTINGS_KEY`), their posts, friends and notification
 * settings, read in parallel.
 */
export async function profileScreen(): Promise<ProfileScreen> {
  const [session, posts, friends, settings] = await Promise.all([
    loginCheck(),
    unlessUnavailable(fetchMemberPosts()),
    unlessUnavailable(fetchFriends()),
    unlessUnavailable(notificationSettings()),
  ]);
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, [MEMBER_POSTS_KEY], posts);
  withEntry(fallback, FRIENDS_KEY, friends);
  withEntry(fallback, NOTIFICATION_SETTINGS_KEY, settings ?? undefined);
  return { member: userFromCheck(session), fallback };
}
