import { loadApi } from '@/lib/api/load';
import type { ReadDefinition } from './define';

/**
 * `read` for `args` fetched once in the browser, outside SWR (a chat history page, a lookup before
 * a mutation): validated with its schema and mapped to its view, as useRead does. Errors are the
 * client's (ApiError).
 */
export async function fetchRead<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  ...args: Args
): Promise<View> {
  const [api, schema] = await Promise.all([loadApi(), read.schema()]);
  return read.toView(await api.requestJson(read.key(...args), { schema }));
}
