'use client';

import { useEffect } from 'react';
import { useSWRConfig } from 'swr';

import { dispatchUnauthorized } from '@/lib/api/events';
import { loadApi } from '@/lib/api/load';
import { useSession } from '@/lib/auth';

import { dayOutbox, setCacheMutator } from './day-outbox';
import { claimOfflineData, clearLogoutPending, isLogoutPending } from './offline-data';

/** After the page settled (the warm-up must not compete with the first view). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 10_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 3_000);
  return () => window.clearTimeout(handle);
}

/** Finishes a logout made offline: tells the server, then ends the session here too. */
async function finishPendingLogout(): Promise<void> {
  if (!navigator.onLine) return;
  const api = await loadApi();
  if (await api.logout()) {
    clearLogoutPending();
    dispatchUnauthorized();
  }
}

/**
 * Connects the signed-in member to the offline parts (renders nothing): opens the day-log outbox
 * for them, lets it write fresh days into the SWR cache, passes the browser's online/offline and
 * focus events on, and warms the service worker's cache with this and last month's home data.
 */
export function OfflineConnector() {
  const { user } = useSession();
  const memberId = user?.id;
  const { mutate } = useSWRConfig();

  useEffect(() => {
    setCacheMutator(mutate);
  }, [mutate]);

  useEffect(() => {
    if (memberId === undefined) return;
    let cancelled = false;
    let cancelIdle = () => {};
    void (async () => {
      if (isLogoutPending()) {
        await finishPendingLogout();
        return;
      }
      await claimOfflineData(memberId);
      if (cancelled) return;
      await dayOutbox().open(memberId);
      if (cancelled) return;
      cancelIdle = whenIdle(
        () =>
          void import('@/lib/offline/warm-cache')
            .then(({ warmOfflineCache }) => warmOfflineCache())
            .catch(() => undefined),
      );
    })();
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, [memberId]);

  useEffect(() => {
    const outbox = dayOutbox();
    const online = () => {
      outbox.setBrowserOnline(true);
      if (isLogoutPending()) void finishPendingLogout();
    };
    const offline = () => outbox.setBrowserOnline(false);
    const visible = () => {
      if (document.visibilityState === 'visible') outbox.kick();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);

  return null;
}
