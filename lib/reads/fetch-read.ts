import { isHttpStatus } from '@/lib/api/errors';
import { loadApi } from '@/lib/api/load';
import type { ReadDefinition } from './define';

/**
 * A read fetched in the browser outside a hook (the day-log outbox reads the days it confirmed),
 * validated and mapped as useRead does, so what it writes into the SWR cache is the view.
 */
export async function fetchRead<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  ...args: Args
): Promise<View> {
  const [api, schema] = await Promise.all([loadApi(), read.schema()]);
  return read.toView(await api.requestJson(read.key(...args), { schema }));
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
