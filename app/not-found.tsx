import type { Metadata } from 'next';

import { BrandMark } from '@/components/ui/brand';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import notice from '@/components/ui/notice-page.module.css';
import styles from '@/features/shell/not-found.module.css';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = { title: messages.notFound.title };

export default function NotFound() {
  return (
    <main id="main" className={notice.page}>
      <Card padding="lg" className={notice.card}>
        <BrandMark />
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={notice.title}>{messages.notFound.title}</h1>
        <p className={`${notice.description} ${styles.lastDescription}`}>
          {messages.notFound.description}
        </p>
        <ButtonLink href="/" block>
          {messages.notFound.backHome}
        </ButtonLink>
      </Card>
    </main>
  );
}
