'use client';

import useSWR from 'swr';
import { NOTIFICATION_SETTINGS_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { useSession } from '@/lib/auth';
import { useServerFirst } from './use-server-first';

/**
 * Which kinds of notification the member gets (GET /api/member/notification-settings), under
 * NOTIFICATION_SETTINGS_KEY; the profile page hands the first answer over as SWR fallback. No
 * request while signed out.
 */
export function useNotificationSettings() {
  const { isAuthenticated } = useSession();
  const key = isAuthenticated ? NOTIFICATION_SETTINGS_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchNotificationSettings(),
    serverFirst,
  );
  return { settings: data, error: error as unknown, mutate };
}
