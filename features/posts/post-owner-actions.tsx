'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { describeError } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import type { Post } from '@/lib/contract/post';
import { messages } from '@/lib/i18n/messages';

import styles from './post-card.module.css';
import { usePostLists } from './use-post-lists';

// Loaded when a member first edits a post: the feed's first load does without it.
const PostEditDialog = dynamic(
  () => import('./post-edit-dialog').then((module) => module.PostEditDialog),
  { ssr: false },
);

export interface PostOwnerActionsProps {
  /** The member's own post (`mine`). */
  post: Post;
  /** id of the post's text, which describes both buttons. */
  describedBy: string;
}

/**
 * `수정` and `삭제` on the member's own post (issue 16). 수정 opens `게시물 수정`; 삭제 asks
 * `이 게시물을 삭제할까요? 사진과 댓글도 함께 삭제됩니다.` (danger), then takes the post out of the
 * feed, the profile's posts and any friend's list at once and confirms with a toast.
 */
export function PostOwnerActions({ post, describedBy }: PostOwnerActionsProps) {
  const confirm = useConfirm();
  const toast = useToast();
  const { removePost } = usePostLists();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onDelete() {
    if (busy) return;
    const ok = await confirm({
      title: messages.social.postDeleteTitle,
      message: messages.social.postDeleteConfirm,
      confirmLabel: messages.social.delete,
      tone: 'danger',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await (await loadApi()).deletePost(post.id);
    } catch (error) {
      toast.error(describeError(error, messages.social.postDeleteFailed));
      setBusy(false);
      return;
    }
    // The card leaves with the post: no state to reset.
    await removePost(post.id);
    toast.success(messages.social.postDeleted);
  }

  return (
    <div className={styles.ownerActions}>
      <Button
        variant="ghost"
        size="sm"
        className={styles.actionButton}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        disabled={busy}
        onClick={() => setEditing(true)}
      >
        {messages.social.edit}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className={styles.actionButton}
        aria-describedby={describedBy}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void onDelete()}
      >
        {messages.social.delete}
      </Button>
      {editing ? <PostEditDialog post={post} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}
