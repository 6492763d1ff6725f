'use client';

import { type ReactNode, useState } from 'react';

import { Tabs } from '@/components/ui/tabs';
import { FRIEND_TABS, type FriendTab, tabHref } from '@/features/account/profile/tab-param';
import { PostsPanel } from '@/features/posts/posts-panel';
import { useFriendPosts } from '@/features/posts/use-member-posts';
import { isForbidden } from '@/lib/api/errors';
import type { MemberSummary } from '@/lib/contract/friend';
import { messages } from '@/lib/i18n/messages';
import { friendProfilePath } from '@/lib/routes';

import { AccessDenied } from './access-denied';
import { FriendRelation } from './friend-relation';

/**
 * A member's `게시물` tab: the post grid, or the locked state when the posts are refused (a
 * friendship ended since the page was rendered).
 */
export function FriendPostsPanel({ member }: { member: MemberSummary }) {
  const { posts, error, mutate } = useFriendPosts(member.id);
  if (isForbidden(error)) {
    return (
      <AccessDenied>
        <FriendRelation member={member} placement="locked" refused />
      </AccessDenied>
    );
  }
  return <PostsPanel posts={posts} error={error} onRetry={() => void mutate()} />;
}

export interface FriendProfileTabsProps {
  friendId: number;
  /** The tab open first (the page's `?tab=`). */
  initialTab?: FriendTab;
  /** The server was refused the posts: no post count, and no request for them. */
  postsDenied: boolean;
  /** The `게시물` tab's content. */
  posts: ReactNode;
  /** The `운동 캘린더` tab's content (the calendar or the access-denied block). */
  calendar: ReactNode;
}

/**
 * A member's profile tabs `게시물` and `운동 캘린더`. Their contents come from the server page,
 * which has decided what each shows; only the choice of tab (and the posts' count) lives here.
 */
export function FriendProfileTabs({
  friendId,
  initialTab = FRIEND_TABS[0],
  postsDenied,
  posts,
  calendar,
}: FriendProfileTabsProps) {
  const [tab, setTab] = useState<FriendTab>(initialTab);
  const { posts: list } = useFriendPosts(postsDenied ? null : friendId);
  const path = friendProfilePath(friendId);

  return (
    <Tabs
      label={messages.friendProfile.tabsLabel}
      value={tab}
      onChange={setTab}
      items={[
        {
          key: 'posts',
          label: messages.friendProfile.postsTab,
          count: list?.length,
          href: tabHref(path, FRIEND_TABS, 'posts'),
        },
        {
          key: 'calendar',
          label: messages.friendProfile.calendarTab,
          href: tabHref(path, FRIEND_TABS, 'calendar'),
        },
      ]}
    >
      {tab === 'posts' ? posts : calendar}
    </Tabs>
  );
}
