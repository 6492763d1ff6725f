import 'server-only';
import { unstable_serialize, type Key } from 'swr';
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
