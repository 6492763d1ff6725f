'use client';

import dynamic from 'next/dynamic';
import { useCallback, useId, useState } from 'react';

import { describeError, failureMessage } from '@/components/ui/errors';
import { HeartIcon } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import type { Post } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';

import styles from './like-control.module.css';
import { usePostLike } from './use-post-like';

// Loaded when a member first opens who liked a post: the feed's first load does without it.
const LikersDialog = dynamic(
  () => import('./likers-dialog').then((module) => module.LikersDialog),
  {
    ssr: false,
  },
);

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
        <HeartIcon pathClassName={styles.heart} />
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
