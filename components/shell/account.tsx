'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSession } from '@/lib/auth/session-provider';
import { messages } from '@/lib/i18n/messages';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { LoginIcon, LogoutIcon } from './nav-icons';
import styles from './sidebar.module.css';

/** The account corner: the member (avatar + name → /profile) and logout, or a login link. */
export function Account() {
  const session = useSession();
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

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

  async function onLogout() {
    setBusy(true);
    const ok = await session.logout();
    setBusy(false);
    if (ok) router.replace('/login');
    else toast.error(messages.nav.logoutFailed);
  }

  return (
    <div className={styles.account}>
      {/* Named by its visible text (the name), so voice control finds it by what is shown. */}
      <Link prefetch={false} href="/profile" className={styles.profile}>
        <Avatar name={user.name} picture={user.picture} size="sm" decorative />
        <span className={styles.name}>{user.name}</span>
        <span className="visuallyHidden"> {messages.nav.openProfileSuffix}</span>
      </Link>
      <button type="button" className={styles.accountButton} onClick={onLogout} disabled={busy}>
        <LogoutIcon />
        <span className={styles.accountLabel}>{messages.nav.logout}</span>
      </button>
    </div>
  );
}
