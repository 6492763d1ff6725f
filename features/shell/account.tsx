'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoginIcon, LogoutIcon, SettingsIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { InstallNavButton } from '@/features/account/install/install-button';
import { useOutbox } from '@/features/day-log/offline/day-outbox';
import {
  clearLogoutPending,
  clearOfflineData,
  markLogoutPending,
} from '@/features/day-log/offline/offline-data';
import { dispatchUnauthorized } from '@/lib/api/events';
import { useSession } from '@/lib/auth/session-provider';
import { messages } from '@/lib/i18n/messages';

import styles from './sidebar.module.css';

/**
 * The account corner: the member (avatar + name → /profile), ⚙ `설정` (/settings), `앱 설치` while
 * the browser offers it, and logout; or a login link.
 */
export function Account() {
  const session = useSession();
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const outbox = useOutbox();
  const unsent = outbox.changes.filter((change) => change.state !== 'confirmed').length;

  if (session.loading) {
    return (
      <div className={styles.account}>
        <Skeleton variant="avatar" />
      </div>
    );
  }

  if (!session.user) {
    return (
      <div className={styles.account}>
        <Link href="/login" className={styles.accountButton}>
          <LoginIcon />
          <span className={styles.accountLabel}>{messages.nav.login}</span>
        </Link>
      </div>
    );
  }

  const user = session.user;

  /**
   * Logout deletes everything this device keeps of the member for offline use first (queued
   * changes, cached pages, reads and photos), after a confirmation when changes are still unsent.
   * Offline, the server is told once the connection is back and the session ends here now.
   */
  async function onLogout(confirmed = false) {
    if (unsent > 0 && !confirmed) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setBusy(true);
    await clearOfflineData();
    const ok = await session.logout();
    setBusy(false);
    if (ok) {
      clearLogoutPending();
      router.replace('/login');
    } else if (!navigator.onLine) {
      markLogoutPending();
      dispatchUnauthorized();
      router.replace('/login');
    } else toast.error(messages.nav.logoutFailed);
  }

  return (
    <div className={styles.account}>
      {/* Named by its visible text (the name), so voice control finds it by what is shown. */}
      <Link prefetch={false} href="/profile" className={styles.profile}>
        <Avatar name={user.name} picture={user.picture} size="sm" decorative />
        <span className={styles.name}>{user.name}</span>
        <span className="visuallyHidden"> {messages.nav.openProfileSuffix}</span>
      </Link>
      <Link prefetch={false} href="/settings" className={styles.accountButton}>
        <SettingsIcon />
        <span className={styles.accountLabel}>{messages.settingsPage.open}</span>
      </Link>
      <InstallNavButton
        className={`${styles.accountButton} ${styles.installButton}`}
        labelClassName={styles.accountLabel}
      />
      <button
        type="button"
        className={styles.accountButton}
        onClick={() => void onLogout()}
        disabled={busy}
      >
        <LogoutIcon />
        <span className={styles.accountLabel}>{messages.nav.logout}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        title={messages.sync.logoutTitle}
        message={messages.sync.logoutBody(unsent)}
        confirmLabel={messages.sync.logoutAnyway}
        cancelLabel={messages.sync.cancel}
        tone="danger"
        onConfirm={() => void onLogout(true)}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
