'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useState } from 'react';
import { useSession } from '@/lib/auth/session-provider';
import { messages } from '@/lib/i18n/messages';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { BrandLink } from './brand';
import { LoginIcon, LogoutIcon } from './nav-icons';
import { isActive, navItems } from './nav-items';
import styles from './sidebar.module.css';

/** The account corner: the member (avatar + name → /profile) and logout, or a login link. */
function Account() {
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
      <Link href="/profile" className={styles.profile}>
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

/**
 * The signed-in shell's navigation: a left sidebar on wide screens (≥ 900 px); on phones a top bar
 * (brand, account) and a bottom tab bar with the five sections.
 */
export function Sidebar() {
  const pathname = usePathname() ?? '/';
  return (
    <aside className={styles.sidebar}>
      <div className={styles.brand}>
        <BrandLink />
      </div>
      <nav className={styles.nav} aria-label={messages.app.mainNavigation}>
        <ul className={styles.list}>
          {navItems.map((item) => {
            const active = isActive(item, pathname);
            return (
              <li key={item.href} className={styles.item}>
                <Link
                  href={item.href}
                  className={`${styles.link} ${active ? styles.active : ''}`}
                  aria-current={active ? 'page' : undefined}
                >
                  <span className={styles.icon}>{item.icon}</span>
                  <span className={styles.label}>{item.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Account />
    </aside>
  );
}
