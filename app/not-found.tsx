import type { Metadata } from 'next';
import { BrandMark } from '@/components/shell/brand';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { messages } from '@/lib/i18n/messages';
import styles from './not-found.module.css';

export const metadata: Metadata = { title: messages.notFound.title };

export default function NotFound() {
  return (
    <main id="main" className={styles.page}>
      <Card padding="lg" className={styles.card}>
        <BrandMark />
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{messages.notFound.title}</h1>
        <p className={styles.description}>{messages.notFound.description}</p>
        <ButtonLink href="/" block>
          {messages.notFound.backHome}
        </ButtonLink>
      </Card>
    </main>
  );
}
