'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { messages } from '@/lib/i18n/messages';
import { isActive, navItems } from './nav-items';
import styles from './sidebar.module.css';

/** The five sections, the current one marked (`aria-current="page"`). */
export function NavList() {
  const pathname = usePathname() ?? '/';
  return (
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
  );
}
