'use client';

import { useEffect, useState } from 'react';
import { type SWRConfiguration, unstable_serialize, useSWRConfig } from 'swr';

import { useStreamingKeys } from './streamed-fallback';

/**
 * SWR options for a key whose first data the server page handed over as SWR `fallback`: the mount
 * that hydrates it does not ask the backend again. Decided once, at mount: when the cache already
 * holds the key (a later client-side visit), or when the browser is offline, SWR's defaults apply
 * and the hook revalidates as before.
 *
 * A key still streaming in (StreamedFallback) counts as handed over: the mount waits for it. When
 * its read failed on the server, the hook asks then, as its mount would have (`asksOnMount`: false
 * for a read that is never fetched on mount).
 */
export function useServerFirst(
  key: unknown,
  asksOnMount = true,
): Pick<SWRConfiguration, 'revalidateOnMount'> {
  const { cache, fallback, mutate } = useSWRConfig();
  const streaming = useStreamingKeys();
  const serialized = key === null || key === undefined ? null : unstable_serialize(key);
  const [start] = useState(() => {
    if (serialized === null) return null;
    // Offline, the page came from the service worker's cache and its data may be older than the
    // API reads it cached since: those are asked for (and answered from that cache).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
    if (cache.get(serialized)?.data !== undefined) return null;
    if (fallback[serialized] !== undefined) return { key: serialized, streamed: false };
    return streaming.has(serialized) ? { key: serialized, streamed: true } : null;
  });
  // Streamed, then left out: the server could not read it, so the browser asks itself.
  const unanswered =
    start?.streamed === true &&
    start.key === serialized &&
    !streaming.has(start.key) &&
    fallback[start.key] === undefined
      ? start.key
      : null;
  useEffect(() => {
    if (unanswered !== null && asksOnMount && cache.get(unanswered)?.data === undefined) {
      void mutate(unanswered);
    }
  }, [asksOnMount, cache, mutate, unanswered]);
  return start ? { revalidateOnMount: false } : {};
}
