import 'server-only';
import { NOTIFICATION_SETTINGS_KEY } from '@/lib/api/keys';
import { notificationSettings } from '../reads/notifications';
import { unlessUnavailable, withEntry } from './fallback';

/** What /settings' first view needs beyond the layout's (which hands over the training settings). */
export interface SettingsScreen {
  fallback: Record<string, unknown>;
}

/**
 * The settings page's first view (/settings): the notification settings under
 * useNotificationSettings' key (`NOTIFICATION_SETTINGS_KEY`); left out where the backend has none
 * (the original backend) or could not answer (the panel then reads them itself).
 */
export async function settingsScreen(): Promise<SettingsScreen> {
  const settings = await unlessUnavailable(notificationSettings());
  const fallback: Record<string, unknown> = {};
  withEntry(fallback, NOTIFICATION_SETTINGS_KEY, settings ?? undefined);
  return { fallback };
}
