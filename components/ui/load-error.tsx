'use client';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { messages } from '@/lib/i18n/messages';

import styles from './load-error.module.css';

export interface LoadErrorProps {
  /** What failed, e.g. `운동 목록을 불러오지 못했습니다.` */
  message: string;
  /** Why, when known (e.g. `서버에 연결할 수 없습니다.`). */
  detail?: string | null;
  onRetry: () => void;
}

/** A page-level load failure: an inline message (role="alert") with a retry button. */
export function LoadError({ message, detail, onRetry }: LoadErrorProps) {
  return (
    <Card className={styles.card}>
      <div role="alert" className={styles.text}>
        <p className={styles.message}>{message}</p>
        {detail && detail !== message ? <p className={styles.detail}>{detail}</p> : null}
      </div>
      <Button variant="secondary" onClick={onRetry}>
        {messages.app.retry}
      </Button>
    </Card>
  );
}
