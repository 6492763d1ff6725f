import { NOTIFICATION_LIMITS } from '@/lib/contract/values';

import {
  notificationPageRead,
  notificationSettingsRead,
  unreadNotificationCountRead,
} from './reads';

describe('unreadNotificationCountRead', () => {
  it('is keyed by its backend path and hands the count over as a number', () => {
    expect(unreadNotificationCountRead.key()).toBe('/api/notifications/unread-count');
    expect(unreadNotificationCountRead.toView({ unreadCount: 7 })).toBe(7);
  });

  it('is never fetched on its own in the browser (the layout and the live stream feed it)', () => {
    expect(unreadNotificationCountRead.swr).toEqual({
      revalidateOnMount: false,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
    });
  });

  it('refuses a count of the wrong shape', async () => {
    const schema = await unreadNotificationCountRead.schema();
    expect(schema.safeParse({ unreadCount: '7' }).success).toBe(false);
  });
});

describe('notificationPageRead', () => {
  const page = {
    items: [
      {
        id: 31,
        kind: 'LIKE' as const,
        actors: [{ id: 12, name: '이서연', picture: null }],
        actorCount: 3,
        post: {
          id: 5,
          imageUrl: 'a.png',
          imageWidth: 800,
          imageHeight: 600,
          imagePlaceholder: null,
        },
        comment: null,
        createdDate: '2026-11-25T09:30:00',
        read: false,
      },
    ],
    unreadCount: 1,
  };

  it('asks the newest page, and the page older than an item, as the list did', () => {
    const limit = NOTIFICATION_LIMITS.defaultPage;
    expect(notificationPageRead.key(null, limit)).toBe(`/api/notifications?limit=${limit}`);
    expect(notificationPageRead.key(31, limit)).toBe(`/api/notifications?limit=${limit}&before=31`);
  });

  it('hands the page over as answered, after its schema accepted it', async () => {
    const schema = await notificationPageRead.schema();
    expect(schema.safeParse(page).success).toBe(true);
    expect(notificationPageRead.toView(page)).toBe(page);
  });
});

describe('notificationSettingsRead', () => {
  it('is keyed by its backend path and hands the settings over as answered', async () => {
    const settings = { friendRequest: true, friendAccept: false, comment: true, like: false };
    expect(notificationSettingsRead.key()).toBe('/api/member/notification-settings');
    expect(notificationSettingsRead.toView(settings)).toBe(settings);
    const schema = await notificationSettingsRead.schema();
    expect(schema.safeParse({ friendRequest: true }).success).toBe(false);
  });
});
