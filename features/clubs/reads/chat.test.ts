import type { ChatMessage } from '@/lib/contract/chat';
import type { RoomsSummary } from '@/lib/contract/unread';

import { newerMessagesRead, olderMessagesRead, recentMessagesRead, roomsSummaryRead } from './chat';

const message: ChatMessage = {
  messageId: 41,
  message: '내일 7시에 봐요',
  member: { id: 2, name: '이서연', picture: null },
  createdDate: '2025-07-19T14:03:27.123',
};

describe('the chat history reads', () => {
  it('are keyed by the room paths with their query: the latest 20, a batch before, a page after', () => {
    expect(recentMessagesRead.key(5)).toBe('/api/rooms/5/recentMessage?limit=20');
    expect(recentMessagesRead.key(5, 50)).toBe('/api/rooms/5/recentMessage?limit=50');
    expect(olderMessagesRead.key(5, 3)).toBe('/api/rooms/5/olderMessage?messageId=3');
    expect(newerMessagesRead.key(5, 3)).toBe('/api/rooms/5/newerMessage?messageId=3&limit=100');
    expect(newerMessagesRead.key(5, 3, 10)).toBe('/api/rooms/5/newerMessage?messageId=3&limit=10');
  });

  it('hand the messages over as sent (the live broadcast carries the same shape)', async () => {
    const page = [
      message,
      { ...message, messageId: 42, member: { id: 9, name: '(탈퇴한 회원)', picture: null } },
    ];
    for (const read of [recentMessagesRead, olderMessagesRead, newerMessagesRead]) {
      expect(read.toView(page)).toBe(page);
      const schema = await read.schema();
      expect(schema.safeParse(page).success).toBe(true);
      expect(schema.safeParse([{ ...message, messageId: 'x' }]).success).toBe(false);
    }
  });
});

describe('roomsSummaryRead', () => {
  it('is keyed by the summary path and hands the summary over as sent', async () => {
    const summary: RoomsSummary = {
      rooms: [
        {
          roomId: 7,
          clubId: 3,
          clubTitle: '한강 러닝',
          lastReadMessageId: 40,
          unreadCount: 1,
          lastMessage: {
            messageId: 41,
            message: '내일 7시에 봐요',
            senderName: '이서연',
            senderId: 2,
            createdDate: '2025-07-19T14:03:27.123',
          },
        },
        {
          roomId: 8,
          clubId: 4,
          clubTitle: '등산',
          lastReadMessageId: 0,
          unreadCount: 0,
          lastMessage: null,
        },
      ],
      unreadTotal: 1,
    };
    expect(roomsSummaryRead.key()).toBe('/api/rooms/summary');
    expect(roomsSummaryRead.toView(summary)).toBe(summary);
    const schema = await roomsSummaryRead.schema();
    expect(schema.safeParse(summary).success).toBe(true);
    expect(schema.safeParse({ rooms: [] }).success).toBe(false);
  });
});
