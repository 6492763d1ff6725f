import { UNREAD_BADGE_CAP } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import styles from './unread-badge.module.css';

/**
 * A count of unread messages in the accent colour, a one-line pill (`99+` past 99); nothing at 0. The number is for the eye: the
 * control it sits in carries the words for screen readers (`label` puts them in a hidden span).
 */
export function UnreadBadge({ count, label = false }: { count: number; label?: boolean }) {
  if (count <= 0) return null;
  return (
    <>
      <span className={styles.badge} aria-hidden="true">
        {messages.unread.count(count, UNREAD_BADGE_CAP)}
      </span>
      {label ? (
        <span className="visuallyHidden">
          {messages.unread.countLabel(count, UNREAD_BADGE_CAP)}
        </span>
      ) : null}
    </>
  );
}
