import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { AppProviders } from '@/components/app-providers';
import { LOGIN_CHECK_PATH } from '@/lib/api/client';
import { getPublicConfig } from '@/lib/config';
import { messages } from '@/lib/i18n/messages';
import './globals.css';

export const metadata: Metadata = {
  title: { template: `%s | ${messages.app.name}`, default: messages.app.name },
  description: messages.app.description,
  applicationName: messages.app.name,
  formatDetection: { telephone: false },
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

/** Renders per request so that the browser gets the runtime config of this server's environment. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const config = getPublicConfig();
  // Every page's first call is the session check (product.md §4), sent once the scripts have run.
  // Preloading it with the HTML lets it travel while they download; the client's fetch (same URL,
  // cors mode, credentials included) takes the preloaded answer instead of asking again.
  preload(LOGIN_CHECK_PATH, { as: 'fetch', crossOrigin: 'use-credentials' });
  return (
    <html lang="ko">
      <body>
        <a className="skipLink" href="#main">
          {messages.app.skipToContent}
        </a>
        <AppProviders config={config}>{children}</AppProviders>
      </body>
    </html>
  );
}
