'use client';

import { useId } from 'react';

import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import type { ClubMemberView } from '@/features/clubs/reads/clubs';
import { messages } from '@/lib/i18n/messages';

import styles from './club-members.module.css';

const text = messages.clubPage;

export interface ClubMembersProps {
  members: ClubMemberView[] | undefined;
  error: unknown;
  onRetry: () => void;
  /** Everyone in the club (the list may hold fewer: `외 N명` says how many more). */
  memberCount: number;
  /** The signed-in member, marked `나`. */
  memberId: number | undefined;
}

/** A club's members: pictures and names, the owner first and marked `방장`, the member `나`. */
export function ClubMembers({ members, error, onRetry, memberCount, memberId }: ClubMembersProps) {
  const headingId = useId();
  let content;
  if (members) {
    const more = memberCount - members.length;
    content = (
      <>
        <ul className={styles.list}>
          {members.map((member) => (
            <li key={member.id} className={styles.member}>
              <Avatar name={member.name} picture={member.picture} size="sm" decorative />
              <span className={styles.name}>{member.name}</span>
              {member.role === 'OWNER' ? (
                <span className={styles.tag}>{text.ownerLabel}</span>
              ) : null}
              {member.id === memberId ? (
                <span className={`${styles.tag} ${styles.me}`}>{text.me}</span>
              ) : null}
            </li>
          ))}
        </ul>
        {more > 0 ? <p className={styles.more}>{text.membersMore(more)}</p> : null}
      </>
    );
  } else if (error) {
    content = <InlineLoadError message={text.membersLoadFailed} error={error} onRetry={onRetry} />;
  } else {
    content = (
      <div aria-hidden="true" className={styles.list}>
        <Skeleton />
        <Skeleton />
        <Skeleton short />
      </div>
    );
  }
  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <h2 className={styles.heading} id={headingId}>
        {text.membersHeading} <span className={styles.count}>{text.membersTotal(memberCount)}</span>
      </h2>
      {content}
    </Card>
  );
}
