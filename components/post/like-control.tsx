'use client';

import dynamic from 'next/dynamic';
import { useCallback, useId, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { describeError, failureMessage } from '@/components/workout/errors';
import type { Post } from '@/lib/contract/post';
import { usePostLike } from '@/lib/hooks/use-post-like';
import { messages } from '@/lib/i18n/messages';
import styles from './like-control.module.css';

// Loaded when a member first opens who liked a post: the feed's first load does without it.
const LikersDialog = dynamic(
  () => import('./likers-dialog').then((module) => module.LikersDialog),
  {
    ssr: false,
  },
);

function HeartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        className={styles.heart}
        d="M12 20.2s-7.2-4.4-8.9-9A4.9 4.9 0 0 1 12 6.7a4.9 4.9 0 0 1 8.9 4.5c-1.7 4.6-8.9 9-8.9 9Z"
        strokeWidth="1.7"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * A post's like (issue 16): a toggle button named `좋아요` (`aria-pressed`, a heart that fills) and
 * beside it the count, a button named `좋아요 N개` that opens `좋아요한 회원`. The toggle is
 * described by the count, so both are heard together. One tap likes, the next takes it back; the
 * change shows at once and goes back with a toast when the server refuses it. Nothing is shown
 * when the post carries no `likeCount` (the original backend has no likes).
 */
export function LikeControl({ post }: { post: Post }) {
  const toast = useToast();
  const countId = useId();
  const [showLikers, setShowLikers] = useState(false);
  const onFailed = useCallback(
    (error: unknown) => {
      console.error(messages.social.likeFailed, describeError(error, ''));
      toast.error(failureMessage(error, messages.social.likeFailed));
    },
    [toast],
  );
  const { available, liked, likeCount, toggle } = usePostLike(post, onFailed);
  if (!available) return null;
  return (
    <div className={styles.like}>
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={liked}
        aria-describedby={countId}
        onClick={toggle}
      >
        <HeartIcon />
        <span className="visuallyHidden">{messages.social.like}</span>
      </button>
      <button
        type="button"
        id={countId}
        className={styles.count}
        aria-haspopup="dialog"
        onClick={() => setShowLikers(true)}
      >
        {/* Seen as `3`, heard as `좋아요 3개` (also as the toggle's description). */}
        <span aria-hidden="true">{likeCount}</span>
        <span className="visuallyHidden">{messages.social.likeCount(likeCount)}</span>
      </button>
      {showLikers ? <LikersDialog postId={post.id} onClose={() => setShowLikers(false)} /> : null}
    </div>
  );
}
