import Link from 'next/link';
import type { ReactNode } from 'react';

import { Avatar, type AvatarSize } from '@/components/ui/avatar';
import type { MemberSummary } from '@/lib/contract/friend';
import { friendProfilePath } from '@/lib/routes';

import styles from './member-row.module.css';

export interface MemberLinkProps {
  member: MemberSummary;
  /** id of the name, so that buttons beside it can be described by it. */
  nameId?: string;
  size?: AvatarSize;
  /** Stack the avatar above the name (suggestion cards). */
  stacked?: boolean;
  className?: string;
}

/**
 * A member's avatar (picture, or the name's first letter) and name, as one client-side link to
 * their profile (`/friendProfile/{id}`).
 */
export function MemberLink({ member, nameId, size = 'md', stacked, className }: MemberLinkProps) {
  return (
    <Link
      href={friendProfilePath(member.id)}
      // A list of members would otherwise render every one's profile on the server in advance.
      prefetch={false}
      className={[styles.link, stacked ? styles.stacked : '', className].filter(Boolean).join(' ')}
    >
      <span className={styles.avatar} aria-hidden="true">
        <Avatar name={member.name} picture={member.picture} size={size} />
      </span>
      <span className={styles.name} id={nameId}>
        {member.name}
      </span>
    </Link>
  );
}

export interface MemberRowProps {
  member: MemberSummary;
  nameId?: string;
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** A list row: the member's link on the left, actions on the right (below on very narrow screens). */
export function MemberRow({ member, nameId, actions }: MemberRowProps) {
  return (
    <div className={styles.row}>
      <MemberLink member={member} nameId={nameId} className={styles.grow} />
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
