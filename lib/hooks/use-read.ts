'use client';

import useSWR, { type SWRConfiguration } from 'swr';

import { useSession } from '@/lib/auth';
import type { ReadDefinition } from '@/lib/reads/define';
import { fetchReadAt } from '@/lib/reads/fetch-read';

import { useServerFirst } from './use-server-first';

/**
 * A read (lib/reads) in the browser: its key while signed in and given `args` (null waits), the
 * server page's fallback first, in the HTML or streamed in after it, with no request at hydration
 * (useServerFirst), then SWR's usual
 * revalidation, the read's own SWR options and the caller's on top. What it fetches is validated
 * with the read's schema and mapped to its view, as the server did for the fallback.
 */
export function useRead<Args extends readonly unknown[], Wire, View>(
  read: ReadDefinition<Args, Wire, View>,
  args: Args | null,
  options?: SWRConfiguration,
) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && args !== null ? read.key(...args) : null;
  const own = { ...read.swr, ...options };
  const serverFirst = useServerFirst(key, own.revalidateOnMount !== false);
  return useSWR<View>(key, (path: string) => fetchReadAt(read, path), { ...own, ...serverFirst });
}
