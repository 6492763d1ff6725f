import 'server-only';

import { cache } from 'react';
import { unstable_serialize } from 'swr';

import type { ReadDefinition } from '@/lib/reads/define';

import { readBackend, readBackendOrNull } from './server-client';

/**
 * One backend GET per path and render (React's per-request cache), however many parts ask;
 * `orNull` reads a 404 as null instead of notFound().
 */
const readPath = cache(
  async (
    path: string,
    schema: Parameters<typeof readBackend>[1],
    orNull: boolean,
  ): Promise<unknown> => (orNull ? readBackendOrNull(path, schema) : readBackend(path, schema)),
);

/**
 * `read` for `args`, as the member behind this request, mapped to its view. Failures are
 * readBackend's: 401 → /login, 403 → AccessDeniedError, 404 → notFound(), else BackendReadError.
 */
export async function serverRead<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  ...args: Args
): Promise<View> {
  const wire = (await readPath(read.key(...args), await read.schema(), false)) as Wire;
  return read.toView(wire);
}

/**
 * As serverRead, but a 404 is null instead of notFound(): for a page that tells an unknown
 * resource from a refused one (or from a backend without the read) itself.
 */
export async function serverReadOrNull<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  ...args: Args
): Promise<View | null> {
  const wire = (await readPath(read.key(...args), await read.schema(), true)) as Wire | null;
  return wire === null ? null : read.toView(wire);
}

/** The SWR fallback entry of `read` for `args`: the serialized key the browser's useRead asks. */
export function readFallbackKey<Args extends readonly unknown[]>(
  read: ReadDefinition<Args, unknown, unknown>,
  ...args: Args
): string {
  return unstable_serialize(read.key(...args));
}
