/**
 * Leaves the current document for `path` with a full page load, without a history entry
 * (`location.replace`): nothing of this document (the SWR cache, open sockets, the session store)
 * outlives it. For endings such as a deleted account, where a client-side navigation would keep
 * the member's data in memory. A module of its own so that tests can replace it.
 */
export function replaceLocation(path: string): void {
  window.location.replace(path);
}
