'use client';

import { useEffect } from 'react';

/** The service worker's script (built by `serwist build`, sw/sw.ts) and the scope it controls. */
const SW_URL = '/sw.js';
const SW_SCOPE = '/';

/**
 * How long after `load` the registration may wait for an idle main thread. The install downloads
 * the whole precache (the app's static files, ~470 kB gzip), which should not compete with the
 * page's own requests and hydration on a first visit.
 */
const IDLE_TIMEOUT_MS = 5_000;

function register(): void {
  navigator.serviceWorker.register(SW_URL, { scope: SW_SCOPE }).catch(() => {
    // No service worker (private mode, blocked): the app works online as before.
  });
}

/** Runs `task` when the main thread is idle (soon after, where requestIdleCallback is missing). */
function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1_000);
  return () => window.clearTimeout(timer);
}

/**
 * Registers the service worker once the page has loaded and the main thread is idle (so it never
 * competes with the first paint or the page's own requests), in production builds only. In
 * development it removes one that an earlier production run on the same origin left behind: it
 * would serve stale pages and cache `next dev`'s chunks. Renders nothing.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    if (process.env.NODE_ENV !== 'production') {
      void navigator.serviceWorker
        .getRegistrations()
        .then((registrations) => registrations.forEach((r) => void r.unregister()));
      return;
    }
    let cancel = () => {};
    const onLoad = () => {
      cancel = whenIdle(register);
    };
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      window.removeEventListener('load', onLoad);
      cancel();
    };
  }, []);
  return null;
}
