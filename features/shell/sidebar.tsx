import { BrandLink } from '@/components/ui/brand';
import { NotificationBell } from '@/features/notifications/notification-bell';

import { Account } from './account';
import { NavList } from './nav-list';
import styles from './sidebar.module.css';

/**
 * The signed-in shell's navigation: a left sidebar on wide screens (≥ 900 px); on phones a top bar
 * (brand, notifications, account) and a bottom tab bar with the five sections. Rendered on the
 * server; the current-section mark, the notification bell and the account corner are client
 * leaves.
 */
export function Sidebar() {
  return (
    <aside className={styles.sidebar}>
      <div className={styles.brand}>
        <BrandLink />
      </div>
      <NotificationBell />
      <NavList />
      <Account />
    </aside>
  );
}
