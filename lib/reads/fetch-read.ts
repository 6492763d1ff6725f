import { isHttpStatus } from '@/lib/api/errors';
import { loadApi } from '@/lib/api/load';

import type { ReadDefinition } from './define';

/**
 * A read's answer at `path` (its key for some arguments) as the browser fetches it: validated
 * with its schema and mapped to its view, as the server did for the fallback. useRead fetches
 * through it, and so do hooks that keep SWR keys of their own (paging, array keys). Errors are
 * the client's (ApiError).
 */
export async function fetchReadAt<Wire, View>(
  read: Pick<ReadDefinition<never[], Wire, View>, 'schema' | 'toView'>,
  path: string,
): Promise<View> {
  const [api, schema] = await Promise.all([loadApi(), read.schema()]);
  return read.toView(await api.requestJson(path, { schema }));
}

/** `read` for `args` fetched once in the browser, outside SWR (a history page, a lookup). */
export function fetchRead<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  ...args: Args
): Promise<View> {
  return fetchReadAt(read, read.key(...args));
}

/**
 * Like fetchRead, but a 404 answers null: a record that may be gone (a day whose last entry was
 * deleted since its month was read) or a read the original backend does not have.
 */
export async function fetchReadOrNull<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  ...args: Args
): Promise<View | null> {
  try {
    return await fetchRead(read, ...args);
  } catch (error) {
    if (isHttpStatus(error, 404)) return null;
    throw error;
  }
}
