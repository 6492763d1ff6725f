'use client';

import { useState } from 'react';
import { unstable_serialize, useSWRConfig, type SWRConfiguration } from 'swr';

/**
 * SWR options for a key whose first data the server page handed over as SWR `fallback`: the mount
 * that hydrates it does not ask the backend again. Decided once, at mount: when the cache already
 * holds the key (a later client-side visit), or when the browser is offline, SWR's defaults apply
 * and the hook revalidates as before.
 */
export function useServerFirst(key: unknown): Pick<SWRConfiguration, 'revalidateOnMount'> {
  const { cache, fallback } = useSWRConfig();
  const [fromServer] = useState(() => {
    if (key === null || key === undefined) return false;
    // Offline, the page came from the service worker's cache and its data may be older than the
    // API reads it cached since: those are asked for (and answered from that cache).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
    const serialized = unstable_serialize(key);
    return fallback[serialized] !== undefined && cache.get(serialized)?.data === undefined;
  });
  return fromServer ? { revalidateOnMount: false } : {};
}
