'use client';

import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { describeError } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import type { Comment } from '@/lib/contract/comment';
import { COMMENT_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { relativeTimeLabel } from '@/lib/relative-time';

import { CharCounter } from './char-counter';
import styles from './comment-dialog.module.css';
import { useTextSave } from './use-text-save';

export interface CommentItemProps {
  comment: Comment;
  /** The clock of the relative time label. */
  now: number;
  /** This comment's text is open for editing (one at a time in the dialog). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** Puts the saved comment in the list. */
  onSaved: (comment: Comment) => Promise<unknown>;
  /** Takes the deleted comment out of the list. */
  onDeleted: (commentId: number) => Promise<unknown>;
}

/**
 * One comment: author, relative time and text; on the member's own (`mine`) `수정` (the text edited
 * in place, checked as the contract checks it, `저장`/`취소`, Escape cancels) and `삭제` (after
 * `이 댓글을 삭제할까요?`).
 */
export function CommentItem({
  comment,
  now,
  editing,
  onEditingChange,
  onSaved,
  onDeleted,
}: CommentItemProps) {
  const textId = useId();
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const editRef = useRef<HTMLButtonElement>(null);
  const confirm = useConfirm();
  const toast = useToast();
  const [deleting, setDeleting] = useState(false);
  const {
    inputRef,
    text,
    setText,
    error,
    setError,
    busy: saving,
    onSubmit,
  } = useTextSave({
    initial: comment.text,
    problem: (api, value) => api.commentTextProblem(value),
    save: (api, value) => api.updateComment(comment.id, value),
    onSaved,
    failedMessage: messages.social.commentUpdateFailed,
  });
  const busy = saving || deleting;

  // Focus follows the editor: into the text when it opens, back to 수정 when it closes.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (editing === wasEditing.current) return;
    wasEditing.current = editing;
    if (editing) inputRef.current?.focus();
    else editRef.current?.focus();
  }, [editing, inputRef]);

  function startEditing() {
    setText(comment.text);
    setError(null);
    onEditingChange(true);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (!(await onSubmit(event))) return;
    onEditingChange(false);
    toast.success(messages.social.commentUpdated);
  }

  async function onDelete() {
    if (busy) return;
    const ok = await confirm({
      title: messages.social.commentDeleteTitle,
      message: messages.social.commentDeleteConfirm,
      confirmLabel: messages.social.delete,
      tone: 'danger',
    });
    if (!ok) return;
    setDeleting(true);
    try {
      await (await loadApi()).deleteComment(comment.id);
    } catch (failure) {
      toast.error(describeError(failure, messages.social.commentDeleteFailed));
      setDeleting(false);
      return;
    }
    await onDeleted(comment.id);
    toast.success(messages.social.commentDeleted);
  }

  function onEditorKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    // Escape leaves the editor, not the whole dialog (a native <dialog> closes on an Escape whose
    // keydown is not cancelled, however far it propagated).
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    if (!busy) onEditingChange(false);
  }

  return (
    <>
      <div className={styles.meta}>
        <span className={styles.author}>{comment.name}</span>
        <time className={styles.time} dateTime={comment.localDateTime}>
          {relativeTimeLabel(comment.localDateTime, now)}
        </time>
      </div>
      {editing ? (
        <form
          className={styles.editor}
          onSubmit={(event) => void submit(event)}
          onKeyDown={onEditorKeyDown}
          noValidate
        >
          <label className="visuallyHidden" htmlFor={inputId}>
            {messages.social.commentEditLabel}
          </label>
          <textarea
            ref={inputRef}
            id={inputId}
            className={styles.editInput}
            value={text}
            rows={3}
            maxLength={COMMENT_LIMITS.text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${counterId}` : counterId}
            onChange={(event) => {
              setText(event.target.value.slice(0, COMMENT_LIMITS.text));
              setError(null);
            }}
          />
          {error ? (
            <p className={styles.error} id={errorId} role="alert">
              {error}
            </p>
          ) : null}
          <div className={styles.formRow}>
            <CharCounter
              id={counterId}
              length={text.length}
              max={COMMENT_LIMITS.text}
              labels={messages.comments}
            />
            <div className={styles.itemActions}>
              <Button
                variant="secondary"
                size="sm"
                disabled={busy}
                onClick={() => onEditingChange(false)}
              >
                {messages.social.cancel}
              </Button>
              <Button type="submit" size="sm" disabled={busy} aria-busy={busy || undefined}>
                {busy ? messages.social.saving : messages.social.save}
              </Button>
            </div>
          </div>
        </form>
      ) : (
        <p className={styles.text} id={textId}>
          {comment.text}
        </p>
      )}
      {comment.mine && !editing ? (
        <div className={styles.itemActions}>
          <Button
            ref={editRef}
            variant="ghost"
            size="sm"
            aria-describedby={textId}
            disabled={busy}
            onClick={startEditing}
          >
            {messages.social.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={textId}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => void onDelete()}
          >
            {messages.social.delete}
          </Button>
        </div>
      ) : null}
    </>
  );
}
