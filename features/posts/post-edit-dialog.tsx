'use client';

import { type FormEvent, useId } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import type { Post } from '@/lib/contract/post';
import { POST_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import { CharCounter } from './char-counter';
import styles from './post-edit-dialog.module.css';
import { usePostLists } from './use-post-lists';
import { useTextSave } from './use-text-save';

export interface PostEditDialogProps {
  /** The member's own post. Mount the dialog only while open (its text starts from the post's). */
  post: Post;
  onClose: () => void;
}

/**
 * `게시물 수정` (issue 16): the post's text in a labelled textarea with the upload form's limit and
 * counter. The text is checked as the contract checks it (1–2000 characters once trimmed,
 * `postTextSchema`) before anything is sent, the reason shown under the field; a saved text
 * replaces the post's in every list that holds it and `게시물을 수정했습니다.` confirms it.
 */
export function PostEditDialog({ post, onClose }: PostEditDialogProps) {
  const formId = useId();
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const { patchPost } = usePostLists();
  const toast = useToast();
  const { inputRef, text, setText, error, setError, busy, onSubmit } = useTextSave({
    initial: post.text,
    problem: (api, value) => api.postTextProblem(value),
    save: (api, value) => api.updatePost(post.id, value),
    onSaved: (saved) => patchPost(post.id, saved),
    failedMessage: messages.social.postUpdateFailed,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!(await onSubmit(event))) return;
    toast.success(messages.social.postUpdated);
    onClose();
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.social.postEditTitle}
      initialFocusRef={inputRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.social.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy || undefined}>
            {busy ? messages.social.saving : messages.social.save}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <label className={styles.label} htmlFor={inputId}>
          {messages.social.postTextLabel}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          className={styles.input}
          value={text}
          rows={6}
          maxLength={POST_LIMITS.text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${counterId}` : counterId}
          onChange={(event) => {
            setText(event.target.value.slice(0, POST_LIMITS.text));
            setError(null);
          }}
        />
        <div className={styles.row}>
          {error ? (
            <p className={styles.error} id={errorId} role="alert">
              {error}
            </p>
          ) : (
            <span />
          )}
          <CharCounter
            id={counterId}
            length={text.length}
            max={POST_LIMITS.text}
            labels={messages.upload}
          />
        </div>
      </form>
    </Dialog>
  );
}
