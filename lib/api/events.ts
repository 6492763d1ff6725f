/**
 * Window event fired whenever the browser session must be treated as gone: the session provider
 * then clears the session and its expiry timer.
 */
export const AUTH_UNAUTHORIZED_EVENT = 'auth:unauthorized';

/** Dispatches `auth:unauthorized` on the window (no-op outside the browser). */
export function dispatchUnauthorized(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new Event(AUTH_UNAUTHORIZED_EVENT));
}
