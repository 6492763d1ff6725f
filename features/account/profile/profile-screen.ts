import 'server-only';

import { friendsRead } from '@/features/friends/reads';
import { memberPostsRead } from '@/features/posts/reads';
import { memberPostsKey } from '@/lib/api/keys';
import { userFromCheck } from '@/lib/auth/session-machine';
import { loginCheck } from '@/lib/bff/reads/session';
import { unlessUnavailable, withEntry } from '@/lib/bff/screens/fallback';
import { readFallbackKey, serverRead } from '@/lib/bff/server-read';
import type { SessionUser } from '@/lib/contract/session';

/** What /profile's first view needs: the member, and their posts and friends as SWR fallback. */
export interface ProfileScreen {
  member: SessionUser;
  fallback: Record<string, unknown>;
}

/**
 * The own profile's first view (/profile): the signed-in member (from the layout's login check)
 * and, under the keys of useMemberPosts (`memberPostsKey()`) and of the friends' read, their
 * posts and friends, read in parallel. The settings are on /settings (settingsScreen).
 */
export async function profileScreen(): Promise<ProfileScreen> {
  const [session, posts, friends] = await Promise.all([
    loginCheck(),
    unlessUnavailable(serverRead(memberPostsRead)),
    unlessUnavailable(serverRead(friendsRead)),
  ]);
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, memberPostsKey(), posts);
  withEntry(fallback, readFallbackKey(friendsRead), friends);
  return { member: userFromCheck(session), fallback };
}
