import './globals.css';

import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';

import { ServiceWorkerRegistration } from '@/features/shell/service-worker-registration';
import { messages } from '@/lib/i18n/messages';

export const metadata: Metadata = {
  title: { template: `%s | ${messages.app.name}`, default: messages.app.name },
  description: messages.app.description,
  applicationName: messages.app.name,
  formatDetection: { telephone: false },
  // iOS reads neither the manifest's icons nor its display mode: its own tags (and
  // app/apple-icon.png) say the same.
  appleWebApp: { capable: true, title: messages.install.shortName, statusBarStyle: 'default' },
};

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  colorScheme: 'light dark',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#f4f4f6' },
    { media: '(prefers-color-scheme: dark)', color: '#111114' },
  ],
};

/**
 * The document around every page. Its only client code is the service worker's registration (a
 * few hundred bytes, run after load); the signed-in providers live in app/(app)/layout.tsx, so
 * /login ships little more than the framework's runtime.
 *
 * Every page renders per request (`connection()`), the offline and not-found pages included: the
 * Content-Security-Policy's nonce (proxy.ts) is new on every request, and Next stamps it on its
 * scripts only while rendering; a page prerendered at build would carry scripts without it, which
 * the policy blocks.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="ko">
      <body>
        <a className="skipLink" href="#main">
          {messages.app.skipToContent}
        </a>
        {children}
        <ServiceWorkerRegistration />
      </body>
    </html>
  );
}
