import type { FastifyInstance } from 'fastify';

import {
  markNotificationsReadSchema,
  notificationListQuerySchema,
  type NotificationPage,
  notificationSettingsUpdateSchema,
  type UnreadNotifications,
} from '@/lib/contract/notification';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import type { LiveHub } from '../live/hub';
import { sendUnreadCount } from './push';
import {
  listNotifications,
  markRead,
  notificationSettings,
  unreadCount,
  updateNotificationSettings,
} from './service';

/**
 * The caller's notifications (issue 16, additions to the wire): the list (likes grouped per post,
 * keyset pages), the unread count, marking read (told to the member's other tabs live), and which
 * kinds the member gets. Strictly the caller's own: no route takes another member's id.
 */
export async function notificationRoutes(
  app: FastifyInstance,
  options: { db: Db; live: LiveHub },
): Promise<void> {
  const { db, live } = options;

  app.get('/api/notifications', async (request): Promise<NotificationPage> => {
    const member = requireMember(request);
    const { limit, before } = notificationListQuerySchema.parse(request.query ?? {});
    const [items, count] = await Promise.all([
      listNotifications(db, member.id, limit, before),
      unreadCount(db, member.id),
    ]);
    return { items, unreadCount: count };
  });

  app.get('/api/notifications/unread-count', async (request): Promise<UnreadNotifications> => {
    const member = requireMember(request);
    return { unreadCount: await unreadCount(db, member.id) };
  });

  app.post('/api/notifications/read', async (request): Promise<UnreadNotifications> => {
    const member = requireMember(request);
    const { upTo } = markNotificationsReadSchema.parse(request.body ?? {});
    const changed = await markRead(db, member.id, upTo);
    const count = await unreadCount(db, member.id);
    // The member's other tabs and devices clear their badge too.
    if (changed) await sendUnreadCount(live, member.id, count, request.log);
    return { unreadCount: count };
  });

  app.get('/api/member/notification-settings', async (request) =>
    notificationSettings(db, requireMember(request).id),
  );

  app.put('/api/member/notification-settings', async (request) => {
    const member = requireMember(request);
    const update = notificationSettingsUpdateSchema.parse(request.body ?? {});
    return updateNotificationSettings(db, member.id, update);
  });
}
