'use client';

import { useState } from 'react';
import { MemberLink } from '@/components/friend/member-row';
import { SectionNote } from '@/components/friend/section';
import { InlineLoadError } from '@/components/workout/inline-load-error';
import { FriendIcon } from '@/components/shell/nav-icons';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonList } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth';
import { useFriends } from '@/lib/hooks/use-friends';
import { useMemberPosts } from '@/lib/hooks/use-member-posts';
import { messages } from '@/lib/i18n/messages';
import { PostsPanel } from './posts-panel';
import { countOf, ProfileSummary, ProfileSummarySkeleton } from './profile-summary';
import { Tabs } from './tabs';
import styles from './profile-page.module.css';

type ProfileTab = 'posts' | 'friends';

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
  const { friends, error, mutate } = useFriends();
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

/**
 * The own profile (/profile): avatar, name, how many posts and friends, a link to /friend, and the
 * tabs `게시물` (a grid of the member's posts) and `친구` (friends linking to their profiles).
 * A list that fails to load shows a dash for its count and an inline error with retry at once,
 * above the tabs when its own tab is not the open one (decisions.md §6).
 */
export function ProfilePage() {
  const { user } = useSession();
  const [tab, setTab] = useState<ProfileTab>('posts');
  // Both lists load up front: their lengths are the counts in the summary.
  const { posts, error: postsError, mutate: retryPosts } = useMemberPosts();
  const { friends, error: friendsError, mutate: retryFriends } = useFriends();
  const postCount = countOf(posts, postsError);
  const friendCount = countOf(friends, friendsError);

  return (
    <>
      {user ? (
        <ProfileSummary
          name={user.name}
          picture={user.picture}
          stats={[
            { label: messages.profile.posts, value: postCount },
            { label: messages.profile.friends, value: friendCount },
          ]}
          actions={
            <ButtonLink href="/friend" variant="secondary" icon={<FriendIcon />}>
              {messages.profile.manageFriends}
            </ButtonLink>
          }
        />
      ) : (
        <ProfileSummarySkeleton label={messages.profile.profileLoading} />
      )}
      {postCount === null && tab !== 'posts' ? (
        <InlineLoadError
          message={messages.profile.postsLoadFailed}
          error={postsError}
          onRetry={() => void retryPosts()}
        />
      ) : null}
      {friendCount === null && tab !== 'friends' ? (
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
            { key: 'posts', label: messages.profile.posts, count: posts?.length },
            { key: 'friends', label: messages.profile.friends, count: friends?.length },
          ]}
        >
          {tab === 'posts' ? <MemberPostsPanel /> : <FriendsPanel />}
        </Tabs>
      </Card>
    </>
  );
}
