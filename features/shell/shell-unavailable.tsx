import { BrandMark } from '@/components/ui/brand';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { messages } from '@/lib/i18n/messages';

import styles from './not-found.module.css';

/**
 * What the signed-in layout sends when the backend could not answer its login check (down, 5xx):
 * a server-rendered notice with a retry link (a plain reload of the same address), never a blank
 * page. Pages that fail inside the shell use the segment's error boundary instead.
 */
export function ShellUnavailable() {
  return (
    <main id="main" className={styles.page}>
      <Card padding="lg" className={styles.card}>
        <BrandMark />
        <h1 className={styles.title} role="alert">
          {messages.app.pageLoadFailed}
        </h1>
        <p className={styles.description}>{messages.app.pageLoadFailedDetail}</p>
        {/* An empty href is this very address: the retry is a reload, no script needed. */}
        <a href="" className={buttonClassName({ block: true })}>
          {messages.app.retry}
        </a>
      </Card>
    </main>
  );
}
