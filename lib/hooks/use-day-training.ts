'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { dayRecordsKey, previousSessionsKey, TRAINING_SETTINGS_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { WeightUnit } from '@/lib/shared/training/units';
import { useServerFirst } from './use-server-first';

/**
 * The gym loop's extras of a day log, read after the log itself (they decorate it; the log shows
 * without them): the record badges of its sets, and, for the member's own day, what they lifted
 * the last time for each exercise. `enabled` is false while the day has no record.
 */
export function useDayRecords(date: string, enabled: boolean, friendId?: number) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && enabled ? dayRecordsKey(date, friendId) : null;
  const serverFirst = useServerFirst(key);
  const { data } = useSWR(
    key,
    async () => (await loadApi()).fetchDayRecords(date, friendId),
    serverFirst,
  );
  return data;
}

export function usePreviousSessions(date: string, enabled: boolean) {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated && enabled ? previousSessionsKey(date) : null;
  const serverFirst = useServerFirst(key);
  const { data } = useSWR(
    key,
    async () => (await loadApi()).fetchPreviousSessions(date),
    serverFirst,
  );
  return data;
}

/**
 * The member's training settings (kg/lb, auto 완료, rest seconds): handed over by the signed-in
 * layout's server read, so no request on hydration.
 */
export function useTrainingSettings() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? TRAINING_SETTINGS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchTrainingSettings(),
    serverFirst,
  );
  return { settings: data, mutate };
}

/** The unit the member reads and types weights in (kg until the settings say otherwise). */
export function useWeightUnit(): WeightUnit {
  return useTrainingSettings().settings?.weightUnit ?? 'kg';
}
