'use client';

import { useState } from 'react';
import { HomeIcon, UserIcon } from '@/components/shell/nav-icons';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { describeError } from '@/components/workout/errors';
import { LoadError } from '@/components/workout/load-error';
import { isForbidden } from '@/lib/api/friends';
import { useSession } from '@/lib/auth';
import { useFriendCheck, useMember } from '@/lib/hooks/use-friends';
import { useFriendPosts } from '@/lib/hooks/use-member-posts';
import { messages } from '@/lib/i18n/messages';
import { AccessDenied } from './access-denied';
import { FriendCalendar } from './friend-calendar';
import { PostGridSkeleton } from './post-grid-skeleton';
import { PostsPanel } from './posts-panel';
import { countOf, ProfileSummary, ProfileSummarySkeleton } from './profile-summary';
import { Tabs } from './tabs';
import styles from './friend-profile-page.module.css';

type FriendTab = 'posts' | 'calendar';

export interface FriendProfilePageProps {
  friendId: number;
}

function FriendPostsPanel({ friendId }: { friendId: number }) {
  const { posts, error, mutate } = useFriendPosts(friendId);
  if (!posts && isForbidden(error)) return <AccessDenied />;
  return <PostsPanel posts={posts} error={error} onRetry={() => void mutate()} />;
}

function CalendarPanel({ friendId, name }: { friendId: number; name: string }) {
  const { isFriend } = useFriendCheck(friendId);
  if (isFriend === undefined) {
    return (
      <div className={styles.checking} role="status" aria-live="polite">
        <span className="visuallyHidden">{messages.friendProfile.checking}</span>
        <Skeleton variant="block" className={styles.checkingCalendar} />
        <Skeleton variant="title" />
        <Skeleton short />
      </div>
    );
  }
  return isFriend ? <FriendCalendar friendId={friendId} name={name} /> : <AccessDenied />;
}

function NotFound() {
  return (
    <Card padding="lg">
      <EmptyState
        icon={<UserIcon />}
        title={messages.friendProfile.notFoundTitle}
        description={messages.friendProfile.notFoundBody}
        action={
          <ButtonLink href="/" variant="secondary" icon={<HomeIcon />}>
            {messages.friendProfile.backHome}
          </ButtonLink>
        }
      />
    </Card>
  );
}

/**
 * A member's profile (/friendProfile/{friendId}): avatar, name, post count, and the tabs `게시물`
 * (the post grid, or the access-denied block on 403) and `운동 캘린더` (the calendar and a
 * read-only day log when GET /api/friend/check/{friendId} is true, else the access-denied block).
 * An unknown member (404) gets a not-found state.
 */
export function FriendProfilePage({ friendId }: FriendProfilePageProps) {
  const { user } = useSession();
  const { member, error, mutate } = useMember(friendId);
  const { posts, error: postsError } = useFriendPosts(friendId);
  const [tab, setTab] = useState<FriendTab>('posts');

  if (member === null) return <NotFound />;
  if (!member && error) {
    return (
      <LoadError
        message={messages.friendProfile.loadFailed}
        detail={describeError(error, '')}
        onRetry={() => void mutate()}
      />
    );
  }
  if (!member) {
    return (
      <>
        <ProfileSummarySkeleton label={messages.profile.profileLoading} />
        <Card>
          <PostGridSkeleton label={messages.profile.postsLoading} />
        </Card>
      </>
    );
  }

  const postCount = countOf(posts, postsError);
  const isSelf = user?.id === member.id;

  return (
    <>
      <ProfileSummary
        name={member.name}
        picture={member.picture}
        stats={[{ label: messages.profile.posts, value: postCount }]}
        actions={
          isSelf ? (
            <ButtonLink href="/profile" variant="secondary" icon={<UserIcon />}>
              {messages.friendProfile.myProfile}
            </ButtonLink>
          ) : undefined
        }
      />
      <Card>
        <Tabs
          label={messages.friendProfile.tabsLabel}
          value={tab}
          onChange={setTab}
          items={[
            { key: 'posts', label: messages.friendProfile.postsTab, count: posts?.length },
            { key: 'calendar', label: messages.friendProfile.calendarTab },
          ]}
        >
          {tab === 'posts' ? (
            <FriendPostsPanel friendId={friendId} />
          ) : (
            <CalendarPanel friendId={friendId} name={member.name} />
          )}
        </Tabs>
      </Card>
    </>
  );
}
