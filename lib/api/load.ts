/**
 * The browser API client, loaded on first use. Pages render their first view on the server and
 * hand it over as SWR fallback, so a signed-in page's first load makes no API call; the client and
 * the zod/mini schemas it validates with (~21 kB gzip) are fetched with the first request, mutation
 * or login check instead of on every page's first load. Keys and paths live in ./keys, errors in
 * ./errors (both zod-free, imported statically).
 */
export type Api = typeof import('./index');

/** Resolves with lib/api's full client (every fetcher and mutation); the chunk loads once. */
export function loadApi(): Promise<Api> {
  return import('./index');
}
