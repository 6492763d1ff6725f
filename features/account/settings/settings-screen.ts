import 'server-only';

import { notificationSettingsRead } from '@/features/notifications/reads';
import { unlessUnavailable, withEntry } from '@/lib/bff/screens/fallback';
import { serverReadOrNull } from '@/lib/bff/server-read';

/** What /settings' first view needs beyond the layout's (which hands over the training settings). */
export interface SettingsScreen {
  fallback: Record<string, unknown>;
}

/**
 * The settings page's first view (/settings): the notification settings under the key the panel
 * reads them by; left out where the backend has none (the original backend: a 404) or could not
 * answer (the panel then reads them itself).
 */
export async function settingsScreen(): Promise<SettingsScreen> {
  const settings = await unlessUnavailable(serverReadOrNull(notificationSettingsRead));
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, notificationSettingsRead.key(), settings ?? undefined);
  return { fallback };
}
