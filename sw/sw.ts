/**
 * The service worker (built into public/sw.js by `serwist build serwist.config.mjs` after
 * `next build`; registered by features/shell/service-worker-registration.tsx in production).
 *
 * - Precache: the app shell (Next's static assets, the icons, the manifest) and the offline page.
 *   No page that carries a member's data.
 * - Page navigations: NetworkFirst (3 s) into the pages cache, the offline page when neither
 *   answers. BFF navigations (OAuth) go to the network.
 * - API reads: NetworkFirst (4 s) into the api cache, session calls excepted; images CacheFirst.
 * - Anything else (writes, SockJS under /chat, RSC fetches) is left to the browser.
 * The rules are sw/routes.ts; the cache names lib/offline/cache-names.ts.
 */
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  type PrecacheEntry,
  Serwist,
  type SerwistGlobalConfig,
  type SerwistPlugin,
  setCacheNameDetails,
} from 'serwist';

import { API_CACHE, CACHE_ID, IMAGES_CACHE, PAGES_CACHE } from '../lib/offline/cache-names';
import {
  isApiRead,
  isBffNavigation,
  isImageRead,
  isPageNavigation,
  isStorable,
  OFFLINE_URL,
} from './routes';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    /** The precache manifest, injected by `serwist build`. */
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

/** Stores only what isStorable allows (a plain 200, never a redirect). */
const storeOnlyPlain200: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (isStorable(response) ? response : null),
};

// Before the Serwist instance: it names its precache when constructed, before it would apply a
// `cacheId` option, which then leaves the precache as `serwist-precache-v2-…`.
setCacheNameDetails({ prefix: CACHE_ID });

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  // A new deploy takes over at once rather than after every tab has closed.
  skipWaiting: true,
  clientsClaim: true,
  // The navigation's request starts while the worker boots; every same-origin navigation is
  // answered below (BFF ones too), so no preload goes unused and no request is made twice.
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    { matcher: isBffNavigation, handler: new NetworkOnly() },
    {
      matcher: isPageNavigation,
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        networkTimeoutSeconds: 3,
        plugins: [storeOnlyPlain200, new ExpirationPlugin({ maxEntries: 50 })],
      }),
    },
    {
      matcher: isApiRead,
      handler: new NetworkFirst({
        cacheName: API_CACHE,
        networkTimeoutSeconds: 4,
        plugins: [storeOnlyPlain200, new ExpirationPlugin({ maxEntries: 300 })],
      }),
    },
    {
      matcher: isImageRead,
      handler: new CacheFirst({
        cacheName: IMAGES_CACHE,
        plugins: [
          storeOnlyPlain200,
          new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true }),
        ],
      }),
    },
  ],
  // Added to every strategy above: a navigation that gets no response shows the offline page.
  fallbacks: {
    entries: [{ url: OFFLINE_URL, matcher: ({ request }) => request.destination === 'document' }],
  },
});

serwist.addEventListeners();
