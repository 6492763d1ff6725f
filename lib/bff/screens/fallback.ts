import 'server-only';

import { type Key, unstable_serialize } from 'swr';

import type { FallbackEntries, StreamedEntries } from '@/lib/hooks/streamed-fallback';

import { BackendReadError } from '../server-client';

/** Building a page's SWR fallback from server reads (lib/bff/screens). */

/**
 * A read whose failure the screen shows in place (a dash for its count and an inline error with
 * retry) rather than in the error boundary: undefined leaves its key out of the
 * fallback, so the browser asks again and shows the error there. 401/403/404 still end the page.
 */
export async function unlessUnavailable<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof BackendReadError) return undefined;
    throw error;
  }
}

/** Adds `value` under the serialized SWR `key` unless it is undefined. */
export function withEntry(fallback: Record<string, unknown>, key: Key, value: unknown): void {
  if (value !== undefined) fallback[unstable_serialize(key)] = value;
}

/**
 * A decoration's read (an unread badge, a day's record badges), started beside a screen's primary
 * reads: its value, or undefined when it fails in any way. It may stream in after the page has
 * been sent, when a failure can no longer end the page: its key is then left to the browser.
 */
export function decoration<T>(read: Promise<T>): Promise<T | undefined> {
  return read.catch(() => undefined);
}

/** A screen's decorations, for StreamedFallback: those read by now, and those still under way. */
export interface Decorations {
  fallback: FallbackEntries;
  streamed: StreamedEntries;
}

/**
 * Splits `decorations` (serialized key → `decoration(...)`), once the primary reads are done:
 * those that have answered by then (after one turn of the event loop, which waits for no read)
 * come with the first HTML as before; the slower ones stream in after it, so none holds it back.
 * A failed one (undefined) is left out.
 */
export async function settleDecorations(decorations: StreamedEntries): Promise<Decorations> {
  const answered = new Map<string, unknown>();
  for (const [key, promise] of Object.entries(decorations)) {
    void promise.then((value) => answered.set(key, value));
  }
  await new Promise((resolve) => setImmediate(resolve));
  const result: Decorations = { fallback: {}, streamed: {} };
  for (const [key, promise] of Object.entries(decorations)) {
    if (!answered.has(key)) result.streamed[key] = promise;
    else withEntry(result.fallback, key, answered.get(key));
  }
  return result;
}
