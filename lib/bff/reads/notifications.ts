import 'server-only';
import { cache } from 'react';
import { NOTIFICATION_SETTINGS_KEY, NOTIFICATIONS_UNREAD_KEY } from '@/lib/api/keys';
import {
  notificationSettingsSchema,
  unreadNotificationsSchema,
  type NotificationSettings,
} from '@/lib/contract/notification';
import { readBackendOrNull } from '../server-client';

/**
 * GET /api/notifications/unread-count as the member behind this request, once per request: the
 * bell's first number. Null where the backend has no notifications (the original Spring backend).
 */
export const unreadNotificationCount = cache(async (): Promise<number | null> => {
  const answer = await readBackendOrNull(NOTIFICATIONS_UNREAD_KEY, unreadNotificationsSchema);
  return answer?.unreadCount ?? null;
});

/** GET /api/member/notification-settings, once per request; null where the backend has none. */
export const notificationSettings = cache((): Promise<NotificationSettings | null> =>
  readBackendOrNull(NOTIFICATION_SETTINGS_KEY, notificationSettingsSchema),
);
