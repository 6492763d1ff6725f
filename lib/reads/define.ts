import type { SWRConfiguration } from 'swr';
import type * as z from 'zod/mini';

/**
 * One GET of the backend, defined once: its key, its wire schema and its mapper to the type the
 * UI reads. The server page reads it with `serverRead` (lib/bff/server-read.ts) and hands the
 * mapped value over as SWR fallback under the same key; the browser reads it with `useRead`
 * (lib/hooks/use-read.ts), which maps what it fetches the same way. So a read is written once,
 * and components see only the view type.
 *
 * A definition is zod-free at its import: its schema comes through `schema()`, a dynamic import,
 * so the first render of a page (which only hydrates the server's fallback) never loads zod.
 */
export interface ReadDefinition<Args extends readonly unknown[], Wire, View> {
  /** The backend path for `args` (with its query): also the SWR key and the BFF's path. */
  key(...args: Args): string;
  /** The wire schema of the answer, loaded on demand. */
  schema(): Promise<z.ZodMiniType<Wire>>;
  /** Wire to view; pure, so the server's fallback and the browser's fetch agree. */
  toView(wire: Wire): View;
  /** SWR options this read always wants in the browser (a read that never goes stale, say). */
  swr?: SWRConfiguration;
}

/** Declares a read (an identity function: it gives the definition its inferred types). */
export function defineRead<Args extends readonly unknown[], Wire, View>(
  definition: ReadDefinition<Args, Wire, View>,
): ReadDefinition<Args, Wire, View> {
  return definition;
}
