/**
 * What the browser may keep of a member's pages.
 *
 * Pages are answered `private, no-cache` instead of Next's `no-store` for dynamic pages: stored by
 * the browser (never by a shared cache), never reused without asking the server. Chromium keeps
 * no `no-store` page that used fetch or a WebSocket in its back/forward cache, and in this app
 * the document is whichever page was loaded first, the client router doing the rest; so a page
 * that opened a chat room (which closes its socket on pagehide to be kept, issue 26) can only be
 * restored when no page is `no-store`. Next keeps a Cache-Control the proxy set (app-page-runtime:
 * it only adds its own to a response without one).
 *
 * What was kept goes when the session ends: an accepted sign-out (POST /api/logout) or account
 * deletion (DELETE /api/member) also answers `Clear-Site-Data: "cache"`, which empties the HTTP
 * cache and the back/forward cache of the origin, so that Back after signing out shows no
 * member's page.
 */
export const PAGE_CACHE_CONTROL = 'private, no-cache';

const SESSION_ENDING = new Set(['POST /api/logout', 'POST /api/logout/', 'DELETE /api/member']);

export const CLEAR_CACHE_HEADER = ['Clear-Site-Data', '"cache"'] as const;

/** Whether this answer of the backend ended the browser's session. */
export function endsSession(method: string, path: string, status: number): boolean {
  return status >= 200 && status < 300 && SESSION_ENDING.has(`${method} ${path}`);
}
