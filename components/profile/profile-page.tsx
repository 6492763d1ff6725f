import { FriendIcon } from '@/components/shell/nav-icons';
import { ButtonLink } from '@/components/ui/button';
import type { SessionUser } from '@/lib/contract/session';
import { messages } from '@/lib/i18n/messages';
import { DataExportPanel } from './data-export';
import { FocusedPost } from './focused-post';
import { NotificationSettingsPanel } from './notification-settings';
import { FriendCount, MemberPostCount } from './profile-counts';
import { ProfileSummary } from './profile-summary';
import { ProfileTabs } from './profile-tabs';
import { TrainingSettingsPanel } from './training-settings';
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
 * The own profile (/profile): avatar, name, how many posts and friends, a link to /friend, the
 * post a notification leads to (`?post=`), the training and notification settings, the data
 * export, and the tabs (profile-tabs.tsx). A server component: the lists come as SWR fallback from the page, and
 * only the counts and the tabs run in the browser. A list that fails to load shows a dash for its
 * count.
 */
export function ProfilePage({
  member,
  initialTab,
  focusPostId = null,
  openComments = false,
}: ProfilePageProps) {
  return (
    <>
      <ProfileSummary
        name={member.name}
        picture={member.picture}
        stats={[
          { label: messages.profile.posts, value: <MemberPostCount /> },
          { label: messages.profile.friends, value: <FriendCount /> },
        ]}
        actions={
          <ButtonLink href="/friend" variant="secondary" icon={<FriendIcon />}>
            {messages.profile.manageFriends}
          </ButtonLink>
        }
      />
      {focusPostId === null ? null : (
        <FocusedPost key={focusPostId} postId={focusPostId} openComments={openComments} />
      )}
      <TrainingSettingsPanel />
      <NotificationSettingsPanel />
      <DataExportPanel />
      <ProfileTabs initialTab={initialTab} />
    </>
  );
}
