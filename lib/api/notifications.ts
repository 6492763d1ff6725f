import {
  type NotificationSettings,
  notificationSettingsSchema,
  type NotificationSettingsUpdate,
  unreadNotificationsSchema,
} from '@/lib/contract/notification';

import { requestJson } from './client';
import { NOTIFICATION_SETTINGS_KEY, NOTIFICATIONS_READ_PATH } from './keys';

/**
 * POST /api/notifications/read: marks the member's notifications up to `upTo` (the newest item
 * seen) read, all of them without it; answers the unread count left.
 */
export async function markNotificationsRead(upTo?: number): Promise<number> {
  const { unreadCount } = await requestJson(NOTIFICATIONS_READ_PATH, {
    method: 'POST',
    json: upTo === undefined ? {} : { upTo },
    schema: unreadNotificationsSchema,
  });
  return unreadCount;
}

/** PUT /api/member/notification-settings: the kinds given are set; answers them all. */
export function updateNotificationSettings(
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  return requestJson(NOTIFICATION_SETTINGS_KEY, {
    method: 'PUT',
    json: update,
    schema: notificationSettingsSchema,
  });
}
