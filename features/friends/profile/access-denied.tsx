import { type ReactNode, useId } from 'react';

import { ButtonLink } from '@/components/ui/button';
import { HomeIcon, LockIcon } from '@/components/ui/icons';
import { messages } from '@/lib/i18n/messages';

import styles from './access-denied.module.css';

/**
 * The access-denied block of a friend's profile: `접근 권한이 없습니다`, why, and a `홈으로 돌아가기`
 * link to `/` (client-side). `children` (issue 29) sit between the reason and the link: on a
 * stranger's profile, a friendly line and `친구 요청`, which make it a locked state rather than an
 * error. A server component; client components may render it too.
 */
export function AccessDenied({ children }: { children?: ReactNode }) {
  const titleId = useId();
  return (
    <div className={styles.denied} role="region" aria-labelledby={titleId}>
      <span className={styles.icon} aria-hidden="true">
        <LockIcon />
      </span>
      <h2 className={styles.title} id={titleId}>
        {messages.friendProfile.deniedTitle}
      </h2>
      <p className={styles.body}>{messages.friendProfile.deniedBody}</p>
      {children}
      <ButtonLink href="/" variant={children ? 'ghost' : 'secondary'} icon={<HomeIcon />}>
        {messages.friendProfile.backHome}
      </ButtonLink>
    </div>
  );
}
