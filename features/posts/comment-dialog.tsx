'use client';

import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useFormStatus } from 'react-dom';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError, failureMessage } from '@/components/ui/errors';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { loadApi } from '@/lib/api/load';
import type { Comment } from '@/lib/contract/comment';
import { COMMENT_LIMITS } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import { CharCounter } from './char-counter';
import styles from './comment-dialog.module.css';
import { CommentItem } from './comment-item';
import { commentsRead } from './reads';

/** How often the relative time labels (`N분 전`) move on while the dialog is open. */
const CLOCK_TICK_MS = 30_000;

/** Oldest first, so the newest comment is at the bottom next to the input. */
function byTime(a: Comment, b: Comment): number {
  if (a.localDateTime !== b.localDateTime) return a.localDateTime < b.localDateTime ? -1 : 1;
  return a.id - b.id;
}

/** `작성`, pending (`작성 중...`, disabled) while the form's action runs. */
function SubmitButton() {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
      {pending ? messages.comments.submitting : messages.comments.submit}
    </Button>
  );
}

export interface CommentDialogProps {
  /** The post whose comments are shown. Mount one dialog per post (key it by the post id). */
  postId: number;
  onClose: () => void;
}

/**
 * The comments modal: title `댓글`, the list (author, text, relative time),
 * `작성된 댓글이 없습니다.` when empty, a labelled textarea limited to 1000 characters with a counter,
 * `작성` and `닫기`. A blank comment toasts `댓글을 입력해주세요.` and sends nothing; a failure toasts
 * `댓글 추가 중 오류가 발생했습니다.` and keeps the text; success clears it, revalidates the list and
 * scrolls the new comment into view. Escape and a click outside close it. The member's own
 * comments (`mine`) have `수정` and `삭제` (CommentItem), which change the list at once.
 */
export function CommentDialog({ postId, onClose }: CommentDialogProps) {
  const toast = useToast();
  const inputId = useId();
  const counterId = useId();
  const { data: comments, error, mutate } = useRead(commentsRead, [postId]);
  const [text, setText] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const [editingId, setEditingId] = useState<number | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const lastItemRef = useRef<HTMLLIElement>(null);
  const scrollToNewest = useRef(false);

  const sorted = useMemo(() => (comments ? [...comments].sort(byTime) : undefined), [comments]);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!scrollToNewest.current || !sorted) return;
    scrollToNewest.current = false;
    lastItemRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [sorted]);

  // A blank comment is refused in the event itself, so the form's action never starts.
  function refuseBlank(event: FormEvent<HTMLFormElement>) {
    if (text.trim()) return;
    event.preventDefault();
    toast.error(messages.comments.required);
    inputRef.current?.focus();
  }

  // The form's action: the form is pending (SubmitButton) until it returns.
  async function send() {
    const trimmed = text.trim();
    try {
      await (await loadApi()).addComment({ postId, text: trimmed });
    } catch (failure) {
      console.error(messages.comments.failed, describeError(failure, ''));
      toast.error(failureMessage(failure, messages.comments.failed));
      return;
    }
    setText('');
    scrollToNewest.current = true;
    await mutate();
    setNow(Date.now());
    inputRef.current?.focus();
  }

  // The author's edit and delete change the list in place: nothing else about it changed.
  const onSaved = (saved: Comment) =>
    mutate(
      (list) =>
        list?.map((comment) => (comment.id === saved.id ? { ...comment, ...saved } : comment)),
      { revalidate: false },
    );
  const onDeleted = async (commentId: number) => {
    await mutate((list) => list?.filter((comment) => comment.id !== commentId), {
      revalidate: false,
    });
    // The comment and its buttons are gone: the member carries on from the input.
    inputRef.current?.focus();
  };

  let list;
  if (sorted && sorted.length > 0) {
    list = (
      <ul
        className={styles.list}
        aria-label={messages.comments.listLabel}
        // Scrollable on its own: reachable by keyboard so it can be scrolled without a mouse.
        tabIndex={0}
      >
        {sorted.map((comment, index) => (
          <li
            key={comment.id}
            className={styles.item}
            ref={index === sorted.length - 1 ? lastItemRef : undefined}
          >
            <CommentItem
              comment={comment}
              now={now}
              editing={editingId === comment.id}
              onEditingChange={(editing) => setEditingId(editing ? comment.id : null)}
              onSaved={onSaved}
              onDeleted={onDeleted}
            />
          </li>
        ))}
      </ul>
    );
  } else if (sorted) {
    list = <p className={styles.empty}>{messages.comments.empty}</p>;
  } else if (error) {
    list = <InlineLoadError message={messages.comments.loadFailed} onRetry={() => void mutate()} />;
  } else {
    list = (
      <div className={styles.loading} role="status">
        <span className="visuallyHidden">{messages.comments.loading}</span>
        {[0, 1].map((row) => (
          <div key={row} className={styles.skeletonRow} aria-hidden="true">
            <Skeleton variant="title" short />
            <Skeleton />
          </div>
        ))}
      </div>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.comments.title}
      hideCloseButton
      footer={
        <Button variant="secondary" onClick={onClose}>
          {messages.comments.close}
        </Button>
      }
    >
      <div className={styles.body}>
        {list}
        <form className={styles.form} action={send} onSubmit={refuseBlank} noValidate>
          <label className="visuallyHidden" htmlFor={inputId}>
            {messages.comments.inputLabel}
          </label>
          <textarea
            ref={inputRef}
            id={inputId}
            className={styles.input}
            value={text}
            rows={3}
            maxLength={COMMENT_LIMITS.text}
            placeholder={messages.comments.placeholder}
            aria-describedby={counterId}
            onChange={(event) => setText(event.target.value.slice(0, COMMENT_LIMITS.text))}
          />
          <div className={styles.formRow}>
            <CharCounter
              id={counterId}
              length={text.length}
              max={COMMENT_LIMITS.text}
              labels={messages.comments}
            />
            <SubmitButton />
          </div>
        </form>
      </div>
    </Dialog>
  );
}
