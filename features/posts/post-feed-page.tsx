'use client';

import dynamic from 'next/dynamic';
import { type RefObject, useEffect, useRef, useState } from 'react';

import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { describeError } from '@/components/ui/errors';
import { PostIcon, UploadIcon } from '@/components/ui/icons';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { messages } from '@/lib/i18n/messages';

import { PostCard } from './post-card';
import styles from './post-feed-page.module.css';
import { useFeed } from './use-feed';

// Loaded when a member first opens comments, not with the feed's first load.
const CommentDialog = dynamic(
  () => import('./comment-dialog').then((module) => module.CommentDialog),
  { ssr: false },
);

/** Load the next page when the bottom of the list comes within this distance. */
const LOAD_MORE_MARGIN_PX = 200;

function FeedSkeleton() {
  return (
    <div className={styles.skeletons} aria-hidden="true">
      {[0, 1].map((index) => (
        <Card key={index} padding="none" className={styles.skeletonCard}>
          <div className={styles.skeletonImage}>
            <Skeleton variant="block" />
          </div>
          <div className={styles.skeletonText}>
            <Skeleton />
            <Skeleton short />
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * Calls `onReach` whenever `target` is within `margin` px below the viewport: an
 * IntersectionObserver, re-created whenever `deps` change so that a sentinel still in view after a
 * page arrives asks for the next one; a scroll listener where IntersectionObserver is missing.
 */
function useNearViewport(
  target: RefObject<HTMLElement | null>,
  enabled: boolean,
  onReach: () => void,
  margin: number,
  deps: unknown,
) {
  useEffect(() => {
    const node = target.current;
    if (!enabled || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      const check = () => {
        if (node.getBoundingClientRect().top <= window.innerHeight + margin) onReach();
      };
      check();
      window.addEventListener('scroll', check, { passive: true });
      window.addEventListener('resize', check);
      return () => {
        window.removeEventListener('scroll', check);
        window.removeEventListener('resize', check);
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReach();
      },
      { rootMargin: `0px 0px ${margin}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [target, enabled, onReach, margin, deps]);
}

/**
 * The post feed (/post): cards with image and text, newest first, 5 at a time; the next page loads
 * when the end of the list comes within 200 px of the viewport, until a page is shorter than 5,
 * then `더 이상 게시물이 없습니다.` (also under the empty state when there are no posts at all).
 * `로딩 중...` while loading, an inline error with retry, an
 * upload button, and the comments modal of a post. Each card carries its like and, on the member's
 * own posts, 수정/삭제 (PostCard); a deleted post leaves the list at once.
 */
export function PostFeedPage() {
  const { posts, error, isLoadingMore, isEnd, loadMore, retry } = useFeed();
  const [commentsFor, setCommentsFor] = useState<number | null>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const failed = error !== undefined && error !== null;
  const canLoadMore = posts !== undefined && !isEnd && !isLoadingMore && !failed;

  useNearViewport(sentinelRef, canLoadMore, loadMore, LOAD_MORE_MARGIN_PX, posts?.length);

  const uploadLink = (
    <ButtonLink href="/post/upload" icon={<UploadIcon />}>
      {messages.feed.upload}
    </ButtonLink>
  );

  let content;
  // The list stays while more pages may come, even when every loaded post was deleted here.
  if (posts && (posts.length > 0 || !isEnd)) {
    content = (
      <>
        <ul className={styles.list} aria-label={messages.feed.listLabel}>
          {posts.map((post, index) => (
            <li key={post.id} className={styles.item}>
              <PostCard
                post={post}
                priority={index === 0}
                onOpenComments={(open) => setCommentsFor(open.id)}
              />
            </li>
          ))}
        </ul>
        <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
        <div className={styles.status}>
          {failed ? (
            <LoadError
              message={messages.feed.moreFailed}
              detail={describeError(error, '')}
              onRetry={() => void retry()}
            />
          ) : isLoadingMore ? (
            <p className={styles.statusText} role="status">
              {messages.feed.loading}
            </p>
          ) : isEnd ? (
            <p className={styles.statusText} role="status">
              {messages.feed.end}
            </p>
          ) : null}
        </div>
      </>
    );
  } else if (posts) {
    // An empty first page is shorter than the page size: the feed has ended.
    content = (
      <>
        <Card padding="lg">
          <EmptyState
            icon={<PostIcon />}
            title={messages.feed.emptyTitle}
            description={messages.feed.emptyDescription}
            action={uploadLink}
          />
        </Card>
        <div className={styles.status}>
          <p className={styles.statusText} role="status">
            {messages.feed.end}
          </p>
        </div>
      </>
    );
  } else if (failed) {
    content = (
      <LoadError
        message={messages.feed.loadFailed}
        detail={describeError(error, '')}
        onRetry={() => void retry()}
      />
    );
  } else {
    content = (
      <div className={styles.loading}>
        <p className={styles.statusText} role="status">
          {messages.feed.loading}
        </p>
        <FeedSkeleton />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={messages.pages.post}
        description={messages.feed.description}
        actions={uploadLink}
      />
      {content}
      {commentsFor !== null ? (
        <CommentDialog
          key={commentsFor}
          postId={commentsFor}
          onClose={() => setCommentsFor(null)}
        />
      ) : null}
    </div>
  );
}
