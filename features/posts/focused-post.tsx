'use client';

import dynamic from 'next/dynamic';
import { useEffect, useId, useRef, useState } from 'react';

import { SectionNote } from '@/components/ui/section-note';
import { messages } from '@/lib/i18n/messages';

import styles from './focused-post.module.css';
import { PostCard } from './post-card';
import { useMemberPosts } from './use-member-posts';

// Loaded with the comments, as on the feed.
const CommentDialog = dynamic(
  () => import('./comment-dialog').then((module) => module.CommentDialog),
  { ssr: false },
);

const text = messages.focusedPost;

export interface FocusedPostProps {
  postId: number;
  /** Open the post's comments at once (a comment's notification). */
  openComments?: boolean;
}

/**
 * One of the member's own posts at the top of /profile (`?post={id}`), where a notification of a
 * comment or a like leads: the post's card (likes and who, comments, edit and delete), scrolled to
 * and focused; with `?view=comments` its comments open at once. A post deleted since says so.
 * `닫기` puts it away. Keyed by the post id by the page, so another notification starts afresh.
 */
export function FocusedPost({ postId, openComments = false }: FocusedPostProps) {
  const { posts } = useMemberPosts();
  const [dismissed, setDismissed] = useState(false);
  const [comments, setComments] = useState(openComments);
  const regionRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    region.scrollIntoView?.({ block: 'start' });
    // Focus moves here unless the comments dialog takes it.
    if (!openComments) region.focus({ preventScroll: true });
  }, [openComments]);

  if (dismissed) return null;
  const post = posts?.find((candidate) => candidate.id === postId);
  return (
    <section
      ref={regionRef}
      className={styles.focused}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-focused-post={postId}
    >
      <div className={styles.header}>
        <h2 className={styles.title} id={titleId}>
          {text.label}
        </h2>
        <button type="button" className={styles.close} onClick={() => setDismissed(true)}>
          {text.close}
        </button>
      </div>
      {post ? (
        <PostCard post={post} onOpenComments={() => setComments(true)} />
      ) : posts ? (
        <SectionNote title={text.notFound} hint={text.notFoundHint} />
      ) : null}
      {comments && post ? (
        <CommentDialog postId={post.id} onClose={() => setComments(false)} />
      ) : null}
    </section>
  );
}
