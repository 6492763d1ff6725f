'use client';

import { useState } from 'react';

import { Card } from '@/components/ui/card';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { SectionNote } from '@/components/ui/section-note';
import { SkeletonList } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { MemberLink } from '@/features/friends/member-row';
import { friendsRead } from '@/features/friends/reads';
import { PostsPanel } from '@/features/posts/posts-panel';
import { useMemberPosts } from '@/features/posts/use-member-posts';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import { countOf } from './profile-summary';
import styles from './profile-tabs.module.css';
import { PROFILE_TABS, type ProfileTab, tabHref } from './tab-param';

const PROFILE_PATH = '/profile';

function MemberPostsPanel() {
  const { posts, error, mutate } = useMemberPosts();
  return (
    <PostsPanel
      posts={posts}
      error={error}
      onRetry={() => void mutate()}
      emptyHint={messages.profile.noPostsHint}
    />
  );
}

function FriendsPanel() {
  const { data: friends, error, mutate } = useRead(friendsRead, []);
  if (friends && friends.length > 0) {
    return (
      <ul className={styles.friends} aria-label={messages.profile.friendsLabel}>
        {friends.map((entry) => (
          <li key={entry.id} className={styles.friend}>
            <MemberLink member={entry.friend} />
          </li>
        ))}
      </ul>
    );
  }
  if (friends) {
    return <SectionNote title={messages.profile.noFriends} hint={messages.profile.noFriendsHint} />;
  }
  if (error) {
    return (
      <InlineLoadError
        message={messages.profile.friendsLoadFailed}
        error={error}
        onRetry={() => void mutate()}
      />
    );
  }
  return <SkeletonList rows={3} label={messages.profile.friendsLoading} />;
}

export interface ProfileTabsProps {
  /** The tab open first (the page's `?tab=`). */
  initialTab?: ProfileTab;
}

/**
 * The own profile's tabs `게시물` (a grid of the member's posts) and `친구` (friends linking to
 * their profiles). A list that fails to load shows an inline error with retry at once, above the
 * tabs when its own tab is not the open one.
 */
export function ProfileTabs({ initialTab = PROFILE_TABS[0] }: ProfileTabsProps) {
  const [tab, setTab] = useState<ProfileTab>(initialTab);
  // Both lists load up front: their lengths are the tab counts, and either may need its inline error.
  const { posts, error: postsError, mutate: retryPosts } = useMemberPosts();
  const { data: friends, error: friendsError, mutate: retryFriends } = useRead(friendsRead, []);

  return (
    <>
      {countOf(posts, postsError) === null && tab !== 'posts' ? (
        <InlineLoadError
          message={messages.profile.postsLoadFailed}
          error={postsError}
          onRetry={() => void retryPosts()}
        />
      ) : null}
      {countOf(friends, friendsError) === null && tab !== 'friends' ? (
        <InlineLoadError
          message={messages.profile.friendsLoadFailed}
          error={friendsError}
          onRetry={() => void retryFriends()}
        />
      ) : null}
      <Card>
        <Tabs
          label={messages.profile.tabsLabel}
          value={tab}
          onChange={setTab}
          items={[
            {
              key: 'posts',
              label: messages.profile.posts,
              count: posts?.length,
              href: tabHref(PROFILE_PATH, PROFILE_TABS, 'posts'),
            },
            {
              key: 'friends',
              label: messages.profile.friends,
              count: friends?.length,
              href: tabHref(PROFILE_PATH, PROFILE_TABS, 'friends'),
            },
          ]}
        >
          {tab === 'posts' ? <MemberPostsPanel /> : <FriendsPanel />}
        </Tabs>
      </Card>
    </>
  );
}
