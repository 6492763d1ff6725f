'use client';

import { Avatar } from '@/components/ui/avatar';
import { Dialog } from '@/components/ui/dialog';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useRead } from '@/lib/hooks/use-read';
import { messages } from '@/lib/i18n/messages';

import styles from './likers-dialog.module.css';
import { likersRead } from './reads';

export interface LikersDialogProps {
  postId: number;
  onClose: () => void;
}

/**
 * `좋아요한 회원` (issue 16): the members who like a post, newest first, each with avatar and name;
 * skeleton rows while loading, an inline error with retry, and a note when nobody likes it yet.
 */
export function LikersDialog({ postId, onClose }: LikersDialogProps) {
  const { data: likers, error, mutate } = useRead(likersRead, [postId]);

  let content;
  if (likers && likers.length > 0) {
    content = (
      // Scrollable on its own: reachable by keyboard so it can be scrolled without a mouse.
      <ul className={styles.list} aria-label={messages.social.likersLabel} tabIndex={0}>
        {likers.map((liker) => (
          <li key={liker.id} className={styles.row}>
            <Avatar name={liker.name} picture={liker.picture} size="sm" decorative />
            <span className={styles.name}>{liker.name}</span>
          </li>
        ))}
      </ul>
    );
  } else if (likers) {
    content = <p className={styles.empty}>{messages.social.likersEmpty}</p>;
  } else if (error) {
    content = (
      <InlineLoadError
        message={messages.social.likersLoadFailed}
        error={error}
        onRetry={() => void mutate()}
      />
    );
  } else {
    content = (
      <div className={styles.list} role="status">
        <span className="visuallyHidden">{messages.social.likersLoading}</span>
        {[0, 1, 2].map((row) => (
          <div key={row} className={styles.row} aria-hidden="true">
            <Skeleton variant="avatar" />
            <Skeleton short />
          </div>
        ))}
      </div>
    );
  }

  return (
    <Dialog open onClose={onClose} title={messages.social.likersTitle} size="sm">
      {content}
    </Dialog>
  );
}
