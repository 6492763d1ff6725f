'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { CLASSIFICATIONS_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { Classification, ClassificationMap } from '@/lib/contract/exercise';
import { CLASSIFICATIONS } from '@/lib/contract/values';
import { messages } from '@/lib/i18n/messages';
import { useServerFirst } from './use-server-first';

export interface ClassificationOption {
  value: Classification;
  label: string;
}

/**
 * Select options from the server's label → name map, in the fixed UI order (CHEST … ABS). Until
 * the map has loaded (or for a name it leaves out) the catalogue's label is used.
 */
export function classificationOptions(map: ClassificationMap | undefined): ClassificationOption[] {
  const labels = new Map<Classification, string>();
  for (const [label, value] of Object.entries(map ?? {})) labels.set(value, label);
  return CLASSIFICATIONS.map((value) => ({
    value,
    label: labels.get(value) ?? messages.classification[value],
  }));
}

/** The classification options (GET /api/enum/classification, cached for the session). */
export function useClassifications() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? CLASSIFICATIONS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, isLoading } = useSWR(
    key,
    async () => (await loadApi()).fetchClassifications(),
    {
      revalidateOnFocus: false,
      revalidateIfStale: false,
      ...serverFirst,
    },
  );
  return { options: classificationOptions(data), map: data, error: error as unknown, isLoading };
}
