'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

import { BellIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/auth';
import { NOTIFICATION_LIMITS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';

import styles from './notification-bell.module.css';
import { useNotificationCount } from './use-notifications';

// Loaded when the member first opens the list: it brings luxon (the relative times), which the
// shell's first load does without.
const NotificationPanel = dynamic(
  () => import('./notification-panel').then((module) => module.NotificationPanel),
  { ssr: false },
);

const text = messages.notifications;
const CAP = NOTIFICATION_LIMITS.badge;

/**
 * The shell's bell (issue 16): a button named with the unread count (`알림 3개`), a badge showing
 * it (none at 0, `99+` past 99) that the live stream keeps current without a reload, and the list
 * it opens (a sheet on phones, a dialog on wide screens), which marks what it shows read. Escape
 * and the close button shut the list and focus returns here.
 */
export function NotificationBell() {
  const { isAuthenticated } = useSession();
  const { unreadCount, setUnreadCount } = useNotificationCount();
  const [open, setOpen] = useState(false);
  if (!isAuthenticated) return null;
  return (
    <div className={styles.slot}>
      {/* Named by its content, not aria-label: the words (`알림 3개`) are for screen readers, the
          badge and the label for the eyes, so no visible text has to be part of a name it reads
          differently (axe's label-content-name-mismatch with `3 알림` on wide screens). */}
      <button
        type="button"
        className={styles.bell}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span className={styles.icon}>
          <BellIcon />
          {unreadCount > 0 ? (
            <span className={styles.badge} aria-hidden="true">
              {text.badge(unreadCount, CAP)}
            </span>
          ) : null}
        </span>
        <span className={styles.label} aria-hidden="true">
          {text.title}
        </span>
        <span className="visuallyHidden">{text.bell(unreadCount, CAP)}</span>
      </button>
      {open ? (
        <NotificationPanel onClose={() => setOpen(false)} onUnreadCount={setUnreadCount} />
      ) : null}
    </div>
  );
}
