import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { UserIcon } from '@/components/ui/icons';
import { FriendPostCount } from '@/features/account/profile/profile-counts';
import { ProfileSummary, StatValue } from '@/features/account/profile/profile-summary';
import type { FriendTab } from '@/features/account/profile/tab-param';
import type { FriendRelation as Relation, MemberSummary } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';

import { AccessDenied } from './access-denied';
import { FriendCalendar } from './friend-calendar';
import { FriendPostsPanel, FriendProfileTabs } from './friend-profile-tabs';
import { FriendRelation } from './friend-relation';

export interface FriendProfilePageProps {
  member: MemberSummary;
  /** The member is the signed-in one: a link to /profile. */
  isSelf?: boolean;
  /** The member's posts are refused (403): the access-denied block and a dash for the count. */
  postsDenied?: boolean;
  /** The friendship check passed: the calendar, else the access-denied block. */
  calendarAllowed: boolean;
  /** The tab open first (the page's `?tab=`). */
  initialTab?: FriendTab;
  /** The caller's relation to the member (its SWR fallback is what the client leaves read). */
  relation?: Relation;
}

/**
 * A member's profile (/friendProfile/{friendId}): avatar, name, post count, and the tabs `게시물`
 * (the post grid, or the access-denied block on 403) and `운동 캘린더` (the calendar and a
 * read-only day log when the friendship check passed, else the access-denied block). A server
 * component: the server page decided what each tab shows (features/friends/profile/friend-profile-screen.ts) and
 * handed the lists over as SWR fallback; the tabs, the post grid and the calendar are client leaves.
 */
export function FriendProfilePage({
  member,
  isSelf = false,
  postsDenied = false,
  calendarAllowed,
  initialTab,
}: FriendProfilePageProps) {
  // A stranger's profile is a locked state with what the caller can do about it (issue 29).
  const locked = (
    <AccessDenied>
      {isSelf ? null : <FriendRelation member={member} placement="locked" />}
    </AccessDenied>
  );
  return (
    <>
      <ProfileSummary
        name={member.name}
        picture={member.picture}
        stats={[
          {
            label: messages.profile.posts,
            value: postsDenied ? (
              <StatValue value={null} />
            ) : (
              <FriendPostCount friendId={member.id} />
            ),
          },
        ]}
        actions={
          isSelf ? (
            <ButtonLink href="/profile" variant="secondary" icon={<UserIcon />}>
              {messages.friendProfile.myProfile}
            </ButtonLink>
          ) : (
            <FriendRelation member={member} placement="header" />
          )
        }
      />
      <Card>
        <FriendProfileTabs
          friendId={member.id}
          initialTab={initialTab}
          postsDenied={postsDenied}
          posts={postsDenied ? locked : <FriendPostsPanel member={member} />}
          calendar={calendarAllowed ? <FriendCalendar member={member} /> : locked}
        />
      </Card>
    </>
  );
}
