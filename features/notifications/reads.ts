import {
  NOTIFICATION_SETTINGS_KEY,
  NOTIFICATIONS_KEY,
  NOTIFICATIONS_UNREAD_KEY,
} from '@/lib/api/keys';
import type {
  NotificationItem,
  NotificationPage,
  NotificationSettings,
  UnreadNotifications,
} from '@/lib/contract/notification';
import { defineRead } from '@/lib/reads/define';

export type { NotificationItem, NotificationPage, NotificationSettings };

/**
 * GET /api/notifications/unread-count: the bell's number (the cache holds the number, which the
 * live stream, the list and marking read write too). Never fetched on its own in the browser: the
 * layout hands the first number over and the live stream keeps it current.
 */
export const unreadNotificationCountRead = defineRead({
  key: () => NOTIFICATIONS_UNREAD_KEY,
  schema: async () => (await import('@/lib/contract/notification')).unreadNotificationsSchema,
  toView: ({ unreadCount }: UnreadNotifications): number => unreadCount,
  swr: {
    revalidateOnMount: false,
    revalidateIfStale: false,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  },
});

/**
 * GET /api/notifications?limit=&before=: a page of the member's notifications, newest first; the
 * newest page without `before`, else the items older than it. The list's SWR keys are its pages'
 * (notificationPageKey); this is what each page asks for.
 */
export const notificationPageRead = defineRead({
  key: (before: number | null, limit: number) =>
    `${NOTIFICATIONS_KEY}?limit=${limit}${before === null ? '' : `&before=${before}`}`,
  schema: async () => (await import('@/lib/contract/notification')).notificationPageSchema,
  toView: (page: NotificationPage) => page,
});

/** GET /api/member/notification-settings: which kinds of notification the member gets. */
export const notificationSettingsRead = defineRead({
  key: () => NOTIFICATION_SETTINGS_KEY,
  schema: async () => (await import('@/lib/contract/notification')).notificationSettingsSchema,
  toView: (settings: NotificationSettings) => settings,
});
