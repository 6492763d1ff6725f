import type { Route } from 'next';
import type { ReactNode } from 'react';

import { ClubIcon, ExerciseIcon, HomeIcon, PostIcon, RoutineIcon } from '@/components/ui/icons';
import { messages } from '@/lib/i18n/messages';

export interface NavItem {
  href: Route;
  label: string;
  icon: ReactNode;
  /** Other path prefixes that belong to this section. */
  also?: readonly string[];
}

/** The section of clubs and their chat rooms, which shows the unread-messages badge. */
export const CHAT_SECTION_HREF = '/club';

/** The main sections, in sidebar order. */
export const navItems: readonly NavItem[] = [
  { href: '/', label: messages.nav.home, icon: <HomeIcon /> },
  { href: '/post', label: messages.nav.post, icon: <PostIcon /> },
  { href: '/exercise', label: messages.nav.exercise, icon: <ExerciseIcon /> },
  { href: '/routine', label: messages.nav.routine, icon: <RoutineIcon /> },
  { href: CHAT_SECTION_HREF, label: messages.nav.club, icon: <ClubIcon />, also: ['/chat'] },
];

function underPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** True when `pathname` is in the item's section ('/' only matches itself). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.href === '/') return pathname === '/';
  return (
    underPrefix(pathname, item.href) ||
    (item.also ?? []).some((prefix) => underPrefix(pathname, prefix))
  );
}
