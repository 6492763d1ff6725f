/**
 * A small module-level bridge between the session store (lib/auth) and non-React code such as the
 * fetch wrapper. The store writes its state here synchronously on every change, so a request
 * replayed right after a refresh already sees the cleared `needTokenRefresh` flag.
 */

export interface SessionSnapshot {
  isAuthenticated: boolean;
  needTokenRefresh: boolean;
}

export type RefreshHandler = () => Promise<boolean>;

const initialSnapshot: SessionSnapshot = { isAuthenticated: false, needTokenRefresh: false };

let snapshot: SessionSnapshot = initialSnapshot;
let refreshHandler: RefreshHandler | null = null;
let inFlight: Promise<boolean> | null = null;

/** The session as the request guard sees it. */
export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

/** Called by the session store on every state change. */
export function setSessionSnapshot(next: SessionSnapshot): void {
  snapshot = { isAuthenticated: next.isAuthenticated, needTokenRefresh: next.needTokenRefresh };
}

/** Registers the function that refreshes the token (the session store's `refresh`); null removes it. */
export function setRefreshHandler(handler: RefreshHandler | null): void {
  refreshHandler = handler;
}

/**
 * Runs the registered refresh once for all concurrent callers (single flight). Resolves false when
 * no handler is registered; rejects when the handler throws.
 */
export function runRefresh(): Promise<boolean> {
  if (!refreshHandler) return Promise.resolve(false);
  if (!inFlight) {
    const handler = refreshHandler;
    inFlight = (async () => {
      try {
        return await handler();
      } finally {
        inFlight = null;
      }
    })();
  }
  return inFlight;
}

/** Restores the initial state; for tests. */
export function resetSessionBridge(): void {
  snapshot = initialSnapshot;
  refreshHandler = null;
  inFlight = null;
}
