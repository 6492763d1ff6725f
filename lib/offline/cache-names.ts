/**
 * The service worker's cache names (sw/sw.ts), shared with the app so that signing out can delete
 * what the worker stored of a member. Every name starts with `everyhealth-`; the precache is
 * `everyhealth-precache-v2-<scope>` (Serwist's name with CACHE_ID as prefix).
 */

/** Prefix of every cache the service worker owns (Serwist's `cacheId`). */
export const CACHE_ID = 'everyhealth';

/** Page navigations (HTML, rendered with the member's data): NetworkFirst. */
export const PAGES_CACHE = 'everyhealth-pages';

/** Same-origin `GET /api/**` reads (the member's data): NetworkFirst. */
export const API_CACHE = 'everyhealth-api';

/** `GET /api/images/**` (immutable, content-addressed): CacheFirst. */
export const IMAGES_CACHE = 'everyhealth-images';

/** The runtime caches, all holding a member's data: what to delete at logout. */
export const MEMBER_CACHES = [PAGES_CACHE, API_CACHE, IMAGES_CACHE] as const;

/**
 * Deletes the runtime caches (the precached app shell stays: it holds no member data). Resolves
 * when done; does nothing where the Cache API is missing (old browsers, http on a LAN address).
 */
export async function deleteMemberCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(MEMBER_CACHES.map((name) => caches.delete(name)));
}
