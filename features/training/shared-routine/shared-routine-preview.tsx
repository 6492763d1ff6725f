import type { Route } from 'next';

import { BrandMark } from '@/components/ui/brand';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoginIcon } from '@/components/ui/icons';
import notice from '@/components/ui/notice-page.module.css';
import type { SharedRoutinePreview } from '@/features/training/reads/routines';
import { messages } from '@/lib/i18n/messages';

import styles from './shared-routine.module.css';

/**
 * A share link opened without a session (issue 27): the routine's name and counts only (what the
 * link preview shows; nothing of the owner's) and `로그인`, which comes back to the full page.
 * `preview` null: the link is unknown or revoked.
 */
export function SharedRoutinePreviewPage({
  preview,
  loginHref,
}: {
  preview: SharedRoutinePreview | null;
  loginHref: string;
}) {
  return (
    <main id="main" className={notice.page}>
      <Card padding="lg" className={notice.card}>
        <BrandMark />
        {preview ? (
          <>
            <p className={styles.kicker}>{messages.sharedRoutine.pageTitle}</p>
            <h1 className={notice.title}>{preview.routineName}</h1>
            <p className={notice.description}>
              {messages.sharedRoutine.summary(preview.exerciseCount, preview.setCount)}
            </p>
            <p className={`${notice.description} ${styles.signInBody}`}>
              {messages.sharedRoutine.signInBody}
            </p>
            <ButtonLink href={loginHref as Route} block icon={<LoginIcon />}>
              {messages.sharedRoutine.signInTitle}
            </ButtonLink>
          </>
        ) : (
          <>
            <h1 className={notice.title}>{messages.sharedRoutine.notFoundTitle}</h1>
            <p className={`${notice.description} ${styles.signInBody}`}>
              {messages.sharedRoutine.notFoundBody}
            </p>
            <ButtonLink href={loginHref as Route} block variant="secondary">
              {messages.sharedRoutine.signIn}
            </ButtonLink>
          </>
        )}
      </Card>
    </main>
  );
}
