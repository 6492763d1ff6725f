import {
  notificationPageSchema,
  notificationSettingsSchema,
  unreadNotificationsSchema,
  type NotificationPage,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@/lib/contract/notification';
import { requestJson } from './client';
import {
  NOTIFICATION_SETTINGS_KEY,
  NOTIFICATIONS_KEY,
  NOTIFICATIONS_READ_PATH,
  NOTIFICATIONS_UNREAD_KEY,
} from './keys';

/** GET /api/notifications?limit=&before=: a page of the member's notifications, newest first. */
export function fetchNotifications(
  before: number | null,
  limit: number,
): Promise<NotificationPage> {
  return requestJson(NOTIFICATIONS_KEY, {
    schema: notificationPageSchema,
    query: { limit, before },
  });
}

/** GET /api/notifications/unread-count: the number the bell shows. */
export async function fetchUnreadNotificationCount(): Promise<number> {
  const { unreadCount } = await requestJson(NOTIFICATIONS_UNREAD_KEY, {
    schema: unreadNotificationsSchema,
  });
  return unreadCount;
}

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

/** GET /api/member/notification-settings. */
export function fetchNotificationSettings(): Promise<NotificationSettings> {
  return requestJson(NOTIFICATION_SETTINGS_KEY, { schema: notificationSettingsSchema });
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
