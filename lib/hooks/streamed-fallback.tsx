'use client';

import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { SWRConfig } from 'swr';

/** SWR fallback entries by serialized key, as a server page hands them over. */
export type FallbackEntries = Record<string, unknown>;

/** A decoration's read still under way on the server: its value, or undefined when it failed. */
export type StreamedEntries = Record<string, Promise<unknown>>;

const NONE: FallbackEntries = {};
const NO_STREAMS: StreamedEntries = {};
const NOT_WAITING: ReadonlySet<string> = new Set();

/** The keys whose server read is still streaming in (useServerFirst does not ask for them). */
const StreamingKeys = createContext<ReadonlySet<string>>(NOT_WAITING);

/** The serialized SWR keys a StreamedFallback above is still waiting for. */
export function useStreamingKeys(): ReadonlySet<string> {
  return useContext(StreamingKeys);
}

/**
 * A page's decorations (the shell's unread badges, the day log's record badges) as SWR fallback
 * that may arrive after the page: `fallback` holds those the server had read by the first HTML,
 * `streamed` the reads still under way, whose promises the server resolves in the same response.
 * Each joins the fallback when it answers, so the hooks that show it (mounted all along, in the
 * primary tree, which React hydrates before any streamed part) wait for it instead of asking the
 * backend at hydration (useServerFirst). A read that fails, or a promise that rejects, leaves its
 * key out: the hooks waiting for it then ask as they would have without a server answer.
 */
export function StreamedFallback({
  fallback = NONE,
  streamed = NO_STREAMS,
  children,
}: {
  fallback?: FallbackEntries;
  streamed?: StreamedEntries;
  children: ReactNode;
}) {
  const parent = useContext(StreamingKeys);
  // Every answer so far (`answers`), kept across a refresh of the page, which brings new ones and
  // new promises: a badge the cache does not hold yet never blinks out while its read runs again.
  const [state, setState] = useState(() => ({
    from: fallback,
    answers: fallback,
    settled: new Set<Promise<unknown>>() as ReadonlySet<Promise<unknown>>,
  }));
  if (state.from !== fallback) {
    setState({ ...state, from: fallback, answers: { ...state.answers, ...fallback } });
  }
  const { answers, settled } = state;

  useEffect(() => {
    let current = true;
    for (const [key, promise] of Object.entries(streamed)) {
      const settle = (value: unknown) => {
        if (!current) return;
        // A failure keeps an earlier answer (a refresh's read failing): the key is only left out
        // when nothing was ever read for it.
        setState((before) => ({
          ...before,
          answers: value === undefined ? before.answers : { ...before.answers, [key]: value },
          settled: new Set(before.settled).add(promise),
        }));
      };
      promise.then(settle, () => settle(undefined));
    }
    return () => {
      current = false;
    };
  }, [streamed]);

  // Waiting: a read under way for a key nothing was read for yet.
  const streaming = useMemo(() => {
    const waiting = Object.entries(streamed)
      .filter(([key, promise]) => !settled.has(promise) && answers[key] === undefined)
      .map(([key]) => key);
    return waiting.length === 0 ? parent : new Set([...parent, ...waiting]);
  }, [answers, parent, settled, streamed]);
  const config = useMemo(() => ({ fallback: answers }), [answers]);

  return (
    <StreamingKeys.Provider value={streaming}>
      <SWRConfig value={config}>{children}</SWRConfig>
    </StreamingKeys.Provider>
  );
}
