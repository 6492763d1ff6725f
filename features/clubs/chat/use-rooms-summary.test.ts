import type { ChatLiveEvent } from '@/lib/contract/live';
import type { RoomsSummary, RoomSummary } from '@/lib/contract/unread';
import { UNREAD_COUNT_CAP } from '@/lib/contract/values';

import { isBehind, withMessage, withRead } from './use-rooms-summary';

const ME = 1;

function room(roomId: number, overrides: Partial<RoomSummary> = {}): RoomSummary {
  return {
    roomId,
    clubId: roomId * 10,
    clubTitle: `클럽 ${roomId}`,
    lastReadMessageId: 100,
    unreadCount: 0,
    lastMessage: {
      messageId: 100,
      message: '예전',
      senderName: '이서연',
      senderId: 2,
      createdDate: '2025-07-19T14:00:00',
    },
    ...overrides,
  };
}

const summary = (...rooms: RoomSummary[]): RoomsSummary => ({
  rooms,
  unreadTotal: rooms.reduce((sum, r) => sum + r.unreadCount, 0),
});

function chat(roomId: number, messageId: number, senderId: number | null = 2): ChatLiveEvent {
  return {
    roomId,
    lastMessage: {
      messageId,
      message: `메시지 ${messageId}`,
      senderName: senderId === null ? '(탈퇴한 회원)' : '이서연',
      senderId,
      createdDate: '2025-07-19T14:05:00',
    },
  };
}

describe('withMessage', () => {
  it('counts another member’s message, makes it the last and moves the room first', () => {
    const next = withMessage(summary(room(1), room(2, { unreadCount: 3 })), chat(2, 101), ME);
    expect(next.rooms.map((r) => r.roomId)).toEqual([2, 1]);
    expect(next.rooms[0].unreadCount).toBe(4);
    expect(next.rooms[0].lastMessage?.message).toBe('메시지 101');
    expect(next.unreadTotal).toBe(4);
  });

  it('does not count the member’s own message', () => {
    const next = withMessage(summary(room(1)), chat(1, 101, ME), ME);
    expect(next.rooms[0].unreadCount).toBe(0);
    expect(next.rooms[0].lastMessage?.messageId).toBe(101);
  });

  it('does not count a message of the room on screen, and moves the read position to it', () => {
    const next = withMessage(summary(room(1, { unreadCount: 0 })), chat(1, 101), ME, true);
    expect(next.rooms[0]).toMatchObject({ unreadCount: 0, lastReadMessageId: 101 });
    expect(next.rooms[0].lastMessage?.messageId).toBe(101);
  });

  it('counts a deleted member’s message (no sender id)', () => {
    expect(withMessage(summary(room(1)), chat(1, 101, null), ME).unreadTotal).toBe(1);
  });

  it('applies each message once, whoever else applied it (several listeners, replays)', () => {
    const once = withMessage(summary(room(1)), chat(1, 101), ME);
    expect(withMessage(once, chat(1, 101), ME)).toBe(once);
    expect(withMessage(once, chat(1, 99), ME)).toBe(once);
  });

  it('ignores rooms it does not know (the summary is read again on a rooms event)', () => {
    const before = summary(room(1));
    expect(withMessage(before, chat(9, 101), ME)).toBe(before);
  });

  it('stops at the cap', () => {
    const next = withMessage(summary(room(1, { unreadCount: UNREAD_COUNT_CAP })), chat(1, 101), ME);
    expect(next.rooms[0].unreadCount).toBe(UNREAD_COUNT_CAP);
  });
});

describe('withRead', () => {
  it('clears a room read to its newest message', () => {
    const next = withRead(summary(room(1, { unreadCount: 5 }), room(2, { unreadCount: 1 })), {
      roomId: 1,
      lastReadMessageId: 100,
    });
    // lastReadMessageId is already 100 in the fixture: nothing moves.
    expect(next.unreadTotal).toBe(6);
    const moved = withRead(
      summary(room(1, { unreadCount: 5, lastReadMessageId: 90 }), room(2, { unreadCount: 1 })),
      { roomId: 1, lastReadMessageId: 100 },
    );
    expect(moved.rooms[0]).toMatchObject({ unreadCount: 0, lastReadMessageId: 100 });
    expect(moved.unreadTotal).toBe(1);
  });

  it('never moves the position back', () => {
    const before = summary(room(1, { lastReadMessageId: 100 }));
    expect(withRead(before, { roomId: 1, lastReadMessageId: 50 })).toBe(before);
  });
});

describe('isBehind', () => {
  it('is behind when the stream knows a newer message than any the summary holds', () => {
    const held = summary(room(1), room(2, { lastMessage: null }));
    expect(isBehind(held, 101)).toBe(true);
    expect(isBehind(held, 100)).toBe(false);
    expect(isBehind(summary(), 0)).toBe(false);
  });

  it('reads again when the backend could not say', () => {
    expect(isBehind(summary(room(1)), null)).toBe(true);
    expect(isBehind(summary(room(1)), undefined)).toBe(true);
  });
});
