'use client';

import './globals.css';

import { useEffect } from 'react';

import { BrandMark } from '@/components/ui/brand';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import notice from '@/components/ui/notice-page.module.css';
import { messages } from '@/lib/i18n/messages';

/**
 * The last boundary: an error in the root layout itself, which app/(app)/error.tsx sits inside and
 * so cannot catch. It replaces the whole document, hence its own <html>. Retry reloads the page,
 * since the failure came from the server render the browser cannot redo on its own.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang="ko">
      <body>
        <main id="main" className={notice.page}>
          <Card padding="lg" className={notice.card}>
            <BrandMark />
            <h1 className={notice.title}>{messages.app.pageLoadFailed}</h1>
            <p className={notice.description} role="alert">
              {messages.app.pageLoadFailedDetail}
            </p>
            <Button block onClick={() => window.location.reload()}>
              {messages.app.retry}
            </Button>
          </Card>
        </main>
      </body>
    </html>
  );
}
