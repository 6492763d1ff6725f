import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import { memberSummarySchema } from './friend';
import { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, type NotificationKind } from './values';

export { NOTIFICATION_KINDS, NOTIFICATION_LIMITS, type NotificationKind };

/*
 * Notifications (issue 16, additions to the original's wire): a friend request received, a
 * request accepted, a comment on the member's post, likes of it (grouped per post). Strictly the
 * caller's own; the live stream's `notification` event carries the unread count.
 */

export const NOTIFICATION_MESSAGES = {
  limit: `limit은 1부터 ${NOTIFICATION_LIMITS.maxPage} 사이여야 합니다.`,
  setting: '알림 설정은 true 또는 false여야 합니다.',
} as const;

const int = () => z.number().check(z.int());

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/** The post a notification is about, with what its thumbnail needs (as postSchema names it). */
export const notificationPostSchema = z.object({
  id: int(),
  imageUrl: z.nullable(z.string()),
  imageWidth: z.nullable(int()),
  imageHeight: z.nullable(int()),
  imagePlaceholder: z.nullable(z.string()),
});
export type NotificationPost = z.infer<typeof notificationPostSchema>;

/**
 * One item of the list. Likes of the same post are one item: `actors` are the newest likers (at
 * most NOTIFICATION_LIMITS.likers), `actorCount` all of them, `createdDate` the newest like and
 * `read` false while any of them is unread. Every other kind is one notification (`actors` holds
 * its one actor, `actorCount` is 1). `id` is the newest notification's id: the list's order and
 * its keyset cursor (`before`), and the bound of `POST /api/notifications/read`.
 */
export const notificationItemSchema = z.object({
  id: int(),
  kind: notificationKindSchema,
  actors: z.array(memberSummarySchema),
  actorCount: int(),
  /** COMMENT and LIKE: the member's post. */
  post: z.nullable(notificationPostSchema),
  /** COMMENT: the comment, its text cut to NOTIFICATION_LIMITS.commentPreview characters. */
  comment: z.nullable(z.object({ id: int(), text: z.string() })),
  /** ISO local date-time in Asia/Seoul, like a comment's `localDateTime`. */
  createdDate: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** `GET /api/notifications`: a page of items, newest first, and the unread count now. */
export const notificationPageSchema = z.object({
  items: z.array(notificationItemSchema),
  unreadCount: int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `?limit=`: 1–50 digits, NOTIFICATION_LIMITS.defaultPage when absent or empty. */
const limitSchema = z.pipe(
  z.transform((value): unknown => (value === undefined || value === '' ? undefined : value)),
  z.pipe(
    z.optional(
      z.pipe(
        z.pipe(
          z
            .string({ error: NOTIFICATION_MESSAGES.limit })
            .check(z.regex(/^\s*\d{1,9}\s*$/, { error: NOTIFICATION_MESSAGES.limit })),
          z.transform(Number),
        ),
        z
          .number()
          .check(
            z.gte(1, { error: NOTIFICATION_MESSAGES.limit }),
            z.lte(NOTIFICATION_LIMITS.maxPage, { error: NOTIFICATION_MESSAGES.limit }),
          ),
      ),
    ),
    z.transform((value) => value ?? NOTIFICATION_LIMITS.defaultPage),
  ),
);

/** `GET /api/notifications?limit=&before=`: items older than the item `before` (keyset). */
export const notificationListQuerySchema = z.object({
  limit: limitSchema,
  before: z.pipe(
    z.transform((value): unknown => (value === '' ? undefined : value)),
    z.optional(idSchema),
  ),
});

/** `GET /api/notifications/unread-count`, and the answer of `POST /api/notifications/read`. */
export const unreadNotificationsSchema = z.object({ unreadCount: int() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/**
 * `POST /api/notifications/read` body: marks the caller's notifications up to the id `upTo` read
 * (the newest item the member has seen), or all of them without it.
 */
export const markNotificationsReadSchema = z.object({ upTo: z.optional(idSchema) });
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** `GET /api/member/notification-settings`: which kinds the member is notified of. */
export const notificationSettingsSchema = z.object({
  friendRequest: z.boolean(),
  friendAccept: z.boolean(),
  comment: z.boolean(),
  like: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const settingSchema = () => z.optional(z.boolean({ error: NOTIFICATION_MESSAGES.setting }));

/** `PUT /api/member/notification-settings`: the kinds given are set, absent ones kept. */
export const notificationSettingsUpdateSchema = z.object({
  friendRequest: settingSchema(),
  friendAccept: settingSchema(),
  comment: settingSchema(),
  like: settingSchema(),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;
