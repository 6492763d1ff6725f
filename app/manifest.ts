import type { MetadataRoute } from 'next';

import { messages } from '@/lib/i18n/messages';

/**
 * The web app manifest (`/manifest.webmanifest`): installable from the browser, opening on the
 * calendar in its own window, with shortcuts to today's log and the clubs. A manifest has one
 * theme colour: the light theme's; the pages' `theme-color` meta tags follow the dark theme too.
 */
export default function manifest(): MetadataRoute.Manifest {
  const text = messages.install;
  return {
    id: '/',
    name: text.name,
    short_name: text.shortName,
    description: messages.app.description,
    lang: 'ko',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f4f4f6',
    theme_color: '#f4f4f6',
    categories: ['health', 'fitness', 'social'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: text.todayShortcut,
        short_name: text.todayShortcut,
        url: '/',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
      {
        name: text.clubShortcut,
        short_name: text.clubShortcut,
        url: '/club',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}
