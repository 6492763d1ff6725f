import type { NotificationItem } from '@/lib/contract/notification';

import { notificationHref } from './notification-panel';

const accepted = (actors: Array<{ id: number }>) =>
  ({ kind: 'FRIEND_ACCEPT', actors }) as unknown as NotificationItem;

describe('notificationHref', () => {
  it("leads an accepted request to the new friend's profile", () => {
    expect(notificationHref(accepted([{ id: 5 }]))).toBe('/friendProfile/5');
  });

  it('leads to the friends page when the friend is gone (no /friendProfile/ without an id)', () => {
    expect(notificationHref(accepted([]))).toBe('/friend');
  });
});
