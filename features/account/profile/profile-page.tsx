import { FocusedPost } from '@/features/posts/focused-post';
import type { SessionUser } from '@/lib/contract/session';

import { OwnProfileHeader } from './own-profile-header';
import { ProfileTabs } from './profile-tabs';
import type { ProfileTab } from './tab-param';

export interface ProfilePageProps {
  /** The signed-in member (the server's login check). */
  member: Pick<SessionUser, 'name' | 'picture'>;
  /** The tab open first (the page's `?tab=`). */
  initialTab?: ProfileTab;
  /** One of the member's posts shown first (the page's `?post=`, a notification's link). */
  focusPostId?: number | null;
  /** With it, its comments open at once (`?view=comments`). */
  openComments?: boolean;
}

/**
 * The own profile (/profile): avatar, name, how many posts and friends, `프로필 편집`, a link to
 * /friend and ⚙ to /settings (own-profile-header.tsx), the post a notification leads to (`?post=`),
 * then the tabs `게시물` and `친구` (profile-tabs.tsx) right under the header. The settings live on
 * /settings (issue 29). A server component: the lists come as SWR fallback from the page.
 */
export function ProfilePage({
  member,
  initialTab,
  focusPostId = null,
  openComments = false,
}: ProfilePageProps) {
  return (
    <>
      <OwnProfileHeader member={member} />
      {focusPostId === null ? null : (
        <FocusedPost key={focusPostId} postId={focusPostId} openComments={openComments} />
      )}
      <ProfileTabs initialTab={initialTab} />
    </>
  );
}
