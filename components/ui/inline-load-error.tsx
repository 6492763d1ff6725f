'use client';

import { Button } from '@/components/ui/button';
import { describeError } from '@/components/ui/errors';
import { messages } from '@/lib/i18n/messages';

import styles from './dialog-layout.module.css';

export interface InlineLoadErrorProps {
  /** What failed, e.g. `운동 일지를 불러오지 못했습니다.` */
  message: string;
  /** The failure itself; its readable reason (if any) is shown under the message. */
  error?: unknown;
  /** A reason already in words, when the caller has one instead of an error. */
  detail?: string | null;
  onRetry: () => void;
  className?: string;
}

/**
 * A load failure inside a card, section or dialog: the message (role="alert"), the reason when
 * known, and a small retry button. Page-level failures use `LoadError` instead.
 */
export function InlineLoadError({
  message,
  error,
  detail,
  onRetry,
  className,
}: InlineLoadErrorProps) {
  const reason = detail ?? (error === undefined ? '' : describeError(error, ''));
  return (
    <div className={className ? `${styles.loadError} ${className}` : styles.loadError}>
      <div role="alert">
        <p className={styles.loadErrorText}>{message}</p>
        {reason && reason !== message ? <p className={styles.note}>{reason}</p> : null}
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {messages.app.retry}
      </Button>
    </div>
  );
}
