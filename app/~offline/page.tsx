import type { Metadata } from 'next';

import { BrandMark } from '@/components/ui/brand';
import { buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { WifiOffIcon } from '@/components/ui/icons';
import notice from '@/components/ui/notice-page.module.css';
import { InstallButton } from '@/features/account/install/install-button';
import { messages } from '@/lib/i18n/messages';

import styles from './page.module.css';
import { RetryButton } from './retry-button';

export const metadata: Metadata = {
  title: messages.offlinePage.title,
  robots: { index: false },
};

// The service worker precaches this page at install and shows it for a navigation that gets neither
// the network nor a cached copy of its page (sw/sw.ts). It is rendered per request like every page
// (app/layout.tsx): the precached copy keeps the Content-Security-Policy header it was served with,
// whose nonce is the one its scripts carry, so it runs offline under its own policy.

/**
 * The offline page: what still works without the connection, a way to today's log, a retry, and
 * `앱 설치` when the browser offers it.
 */
export default function OfflinePage() {
  const text = messages.offlinePage;
  return (
    <main id="main" className={notice.page}>
      <Card padding="lg" className={notice.card}>
        <BrandMark />
        <WifiOffIcon className={styles.icon} />
        <h1 className={notice.title}>{text.title}</h1>
        <p className={notice.description}>{text.available}</p>
        <p className={notice.description}>{text.unavailable}</p>
        <div className={styles.actions}>
          {/* A full page load, not a client-side transition: it goes through the service worker,
              which has the cached page; a transition would first try the page's RSC payload. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/" className={buttonClassName({ block: true })}>
            {text.openToday}
          </a>
          <RetryButton label={text.retry} />
          {/* Only while the browser offers installing (beforeinstallprompt). */}
          <InstallButton variant="ghost" block />
        </div>
      </Card>
    </main>
  );
}
