'use client';

import Link, { useLinkStatus } from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';

import { UnreadBadge } from '@/features/clubs/chat/unread-badge';
import { useRoomsSummary } from '@/features/clubs/chat/use-rooms-summary';
import { messages } from '@/lib/i18n/messages';

import { CHAT_SECTION_HREF, isActive, navItems } from './nav-items';
import styles from './sidebar.module.css';

/** The icon of a section link, pulsing while that section's page is on its way. */
function NavIcon({ children }: { children: ReactNode }) {
  const { pending } = useLinkStatus();
  return <span className={`${styles.icon} ${pending ? styles.pending : ''}`}>{children}</span>;
}

/** The club section's mark: unread messages in any of the member's rooms, kept live. */
function ChatUnread() {
  const { summary } = useRoomsSummary();
  return (
    <span className={styles.iconBadge}>
      <UnreadBadge count={summary?.unreadTotal ?? 0} label />
    </span>
  );
}

/**
 * The five sections, the current one marked (`aria-current="page"`). Pages are rendered on the
 * server with the member's data, so they are fetched when clicked rather than prefetched for
 * every link on every page (five server renders and their backend reads per page view).
 */
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
                prefetch={false}
                className={`${styles.link} ${active ? styles.active : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                <NavIcon>
                  {item.icon}
                  {item.href === CHAT_SECTION_HREF ? <ChatUnread /> : null}
                </NavIcon>
                <span className={styles.label}>{item.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
