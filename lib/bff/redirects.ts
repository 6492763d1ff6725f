import type { BffSettings } from './settings';

/**
 * Upstream redirects. The original backend answers an unauthenticated /api call with a 302 to its
 * sign-in flow; the browser's fetch would follow it into an OAuth page, so the BFF turns it into a
 * 401. Redirects of the OAuth flow itself pass through, pointed at the app origin.
 */

/** True when `location` starts the sign-in flow: `/oauth2/authorization/…` or a `…/login` page. */
export function isSignInRedirect(location: string): boolean {
  if (location.includes('/oauth2/authorization/')) return true;
  let end = location.length;
  const query = location.indexOf('?');
  if (query >= 0) end = query;
  const hash = location.indexOf('#');
  if (hash >= 0 && hash < end) end = hash;
  return location.slice(0, end).endsWith('/login');
}

/** A Location on the backend's origin moved to the app origin; anything else unchanged. */
export function rewriteLocation(location: string, settings: BffSettings): string {
  const origin = settings.backendOrigin;
  if (!location.startsWith(origin)) return location;
  const next = location.charCodeAt(origin.length);
  // Only the exact origin: `http://backend:8080` must not match `http://backend:80800`.
  if (
    location.length !== origin.length &&
    next !== 47 /* / */ &&
    next !== 63 /* ? */ &&
    next !== 35 /* # */
  ) {
    return location;
  }
  return settings.publicBase + (location.slice(origin.length) || '/');
}
