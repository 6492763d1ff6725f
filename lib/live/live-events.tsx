'use client';

import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';

import { LIVE_EVENTS_PATH } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { LiveEventData, LiveEventName } from '@/lib/contract/live';
import { LIVE_EVENT } from '@/lib/contract/values';
import { useOnline } from '@/lib/net/use-online';

import { LiveBus } from './live-bus';

const LiveContext = createContext<LiveBus | null>(null);

/** Waits before opening the stream again after a refused connection: 5 s, doubling, up to a minute. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(60_000, 5_000 * 2 ** attempt);
}

const EVENT_NAMES = Object.values(LIVE_EVENT);

/**
 * Opens the member's live stream (`GET /api/events`) while they are signed in and the browser is
 * online, and hands its events to `useLiveEvent` listeners. The browser reconnects by itself after
 * a dropped stream (the server ends it when the access token expires; the BFF refreshes on the way
 * back); a refused one (401, 5xx) is tried again with a growing delay.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useSession();
  const online = useOnline();
  const [bus] = useState(() => new LiveBus());

  useEffect(() => {
    if (!isAuthenticated || !online || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    const connect = () => {
      const current = new EventSource(LIVE_EVENTS_PATH);
      source = current;
      for (const name of EVENT_NAMES) {
        current.addEventListener(name, (event) => {
          attempt = 0;
          let data: unknown;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {
            return;
          }
          bus.emit(name, data as LiveEventData[typeof name]);
        });
      }
      current.onerror = () => {
        // CONNECTING: the browser retries on its own. CLOSED: it gave up (an HTTP error).
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        retry = setTimeout(connect, reconnectDelayMs(attempt));
        attempt += 1;
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [bus, isAuthenticated, online]);

  return <LiveContext.Provider value={bus}>{children}</LiveContext.Provider>;
}

/**
 * Calls `handler` with each live event named `name` (the latest handler; no resubscription when it
 * changes). Outside a LiveEventsProvider it never fires.
 */
export function useLiveEvent<N extends LiveEventName>(
  name: N,
  handler: (data: LiveEventData[N]) => void,
): void {
  const bus = useContext(LiveContext);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!bus) return;
    return bus.on(name, (data) => latest.current(data));
  }, [bus, name]);
}
