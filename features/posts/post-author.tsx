'use client';

import type { Route } from 'next';
import Link from 'next/link';

import { Avatar } from '@/components/ui/avatar';
import { useSession } from '@/lib/auth';
import type { Post } from '@/lib/contract/post';
import { fullDateTimeLabel, relativeTimeLabel } from '@/lib/relative-time';
import { friendProfilePath } from '@/lib/routes';

import styles from './post-author.module.css';

/** Where the author's profile lives: /profile for the member's own posts. */
export function authorProfileHref(memberId: number, own: boolean): Route {
  return own ? '/profile' : friendProfilePath(memberId);
}

/**
 * A post's byline (issue 29): the author's avatar and name as one link to their profile, and when
 * it was written (`방금 전`, `N분 전`…, the full date and time as its title). The original backend
 * sends neither: then it shows what it has, or nothing.
 */
export function PostAuthor({ post }: { post: Post }) {
  const { user } = useSession();
  const { member, createdDate } = post;
  if (!member && !createdDate) return null;
  const own = post.mine ?? (member !== undefined && user?.id === member.id);
  return (
    <div className={styles.byline}>
      {member ? (
        <Link href={authorProfileHref(member.id, own)} prefetch={false} className={styles.author}>
          <Avatar name={member.name} picture={member.picture} size="sm" decorative />
          <span className={styles.name}>{member.name}</span>
        </Link>
      ) : null}
      {createdDate ? (
        // The label counts from the moment it is drawn: the server's and the browser's may differ
        // by a minute.
        <time
          className={styles.time}
          dateTime={createdDate}
          title={fullDateTimeLabel(createdDate)}
          suppressHydrationWarning
        >
          {relativeTimeLabel(createdDate)}
        </time>
      ) : null}
    </div>
  );
}
