/**
 * Which request paths the BFF forwards, and the refusal of anything that could step outside them.
 * WHATWG URL parsing already folds `..`, `%2e%2e` and friends, so a `Request` for `/api/../x`
 * arrives as `/x` and fails the prefix check; the segment check below is the second line, for
 * encoded slashes/backslashes, double encoding and callers that hand over raw paths.
 */

/** Path prefixes the BFF forwards to the backend; everything else is the app's own. */
export const FORWARDED_PREFIXES = ['/api/', '/oauth2/', '/login/oauth2/'] as const;

export type UpstreamPath =
  { ok: true; path: string; search: string; isApi: boolean } | { ok: false };

// Cheap pre-filter: only paths with an escape, a backslash or a dot segment get the slow check.
const SUSPICIOUS = /%|\\|(?:^|\/)\.\.?(?:\/|$)/;
const ENCODED_DANGER = /%(?:2e|2f|5c|00)/i;

function segmentsAreSafe(path: string): boolean {
  if (path.includes('\\')) return false;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..') return false;
    if (decoded.includes('/') || decoded.includes('\\') || decoded.includes('\0')) return false;
    // Double encoding (`%252e%252e`, `%252f`) would become an escape at a decoding upstream.
    if (ENCODED_DANGER.test(decoded)) return false;
  }
  return true;
}

/** Path and query of an absolute URL, without allocating a URL object. */
export function splitRequestUrl(url: string): { path: string; search: string } {
  const scheme = url.indexOf('//');
  let start = url.indexOf('/', scheme < 0 ? 0 : scheme + 2);
  if (start < 0) start = url.length;
  let end = url.indexOf('#', start);
  if (end < 0) end = url.length;
  const query = url.indexOf('?', start);
  if (query >= 0 && query < end) {
    return { path: url.slice(start, query) || '/', search: url.slice(query, end) };
  }
  return { path: url.slice(start, end) || '/', search: '' };
}

/** The path to forward for `url`, or `{ok:false}` when it is not ours or tries to escape. */
export function upstreamPath(url: string): UpstreamPath {
  const { path, search } = splitRequestUrl(url);
  const isApi = path.startsWith('/api/');
  if (!isApi && !path.startsWith('/oauth2/') && !path.startsWith('/login/oauth2/')) {
    return { ok: false };
  }
  if (SUSPICIOUS.test(path) && !segmentsAreSafe(path)) return { ok: false };
  return { ok: true, path, search, isApi };
}
