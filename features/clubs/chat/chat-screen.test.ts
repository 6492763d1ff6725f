/** @jest-environment node */
import { recentMessagesRead, roomsSummaryRead } from '@/features/clubs/reads/chat';
import { clubsRead } from '@/features/clubs/reads/clubs';
import { AccessDeniedError, BackendReadError } from '@/lib/bff/server-client';
import type { ChatMessage } from '@/lib/contract/chat';
import type { Club } from '@/lib/contract/club';
import type { RoomsSummary } from '@/lib/contract/unread';
import type { ReadDefinition } from '@/lib/reads/define';

import { chatRoomStart } from './chat-screen';

// notFound() and redirect() end rendering by throwing; the sentinels say which one ran.
class NotFoundSignal extends Error {}
class RedirectSignal extends Error {}
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFoundSignal();
  },
}));

// The backend's answers per read: the room's history (null for its 404), the club list before
// any search, and the rooms summary.
const fetchRecentMessages = jest.fn<Promise<ChatMessage[] | null>, [number]>();
const fetchClubs = jest.fn<Promise<Club[]>, []>();
const fetchRoomsSummary = jest.fn<Promise<RoomsSummary>, []>();
type AnyRead = ReadDefinition<readonly unknown[], unknown, unknown>;
jest.mock('@/lib/bff/server-read', () => ({
  serverRead: (read: AnyRead, ...args: unknown[]) => {
    if (read === clubsRead && args[0] === null) return fetchClubs();
    if (read === roomsSummaryRead) return fetchRoomsSummary();
    throw new Error(`unexpected read ${read.key(...args)}`);
  },
  serverReadOrNull: (read: AnyRead, ...args: unknown[]) => {
    if (read === recentMessagesRead) return fetchRecentMessages(...(args as [number]));
    throw new Error(`unexpected read ${read.key(...args)}`);
  },
}));

const message: ChatMessage = {
  messageId: 1,
  message: '안녕',
  member: { id: 2, name: '이서연', picture: null },
  createdDate: '2025-07-19T14:03:27.123',
};
const club = (chatRoomId: number): Club => ({
  id: 3,
  title: '한강 러닝',
  content: 'c',
  location: 'l',
  schedule: 's',
  highlight: 'h',
  chatRoomId,
});

beforeEach(() => {
  fetchRecentMessages.mockReset();
  fetchClubs.mockReset();
  fetchRoomsSummary.mockReset();
  fetchRoomsSummary.mockRejectedValue(new BackendReadError('/api/rooms/summary', 404));
});

const summaryWith = (roomId: number, lastReadMessageId: number): RoomsSummary => ({
  rooms: [
    {
      roomId: 9,
      clubId: 1,
      clubTitle: '다른 방',
      lastReadMessageId: 99,
      unreadCount: 0,
      lastMessage: null,
    },
    {
      roomId,
      clubId: 3,
      clubTitle: '한강 러닝',
      lastReadMessageId,
      unreadCount: 2,
      lastMessage: null,
    },
  ],
  unreadTotal: 2,
});

describe('chatRoomStart', () => {
  it("a member's room: its latest messages, in one read", async () => {
    fetchRecentMessages.mockResolvedValue([message]);
    await expect(chatRoomStart(5)).resolves.toEqual({
      refused: false,
      messages: [message],
      lastReadMessageId: null,
    });
    expect(fetchRecentMessages).toHaveBeenCalledWith(5);
    expect(fetchClubs).not.toHaveBeenCalled();
  });

  it("the member's read position in the room, for the divider", async () => {
    fetchRecentMessages.mockResolvedValue([message]);
    fetchRoomsSummary.mockResolvedValue(summaryWith(5, 41));
    await expect(chatRoomStart(5)).resolves.toEqual({
      refused: false,
      messages: [message],
      lastReadMessageId: 41,
    });
  });

  it('403 (a backend that says so): the refused state', async () => {
    fetchRecentMessages.mockRejectedValue(new AccessDeniedError('/api/rooms/5/recentMessage'));
    await expect(chatRoomStart(5)).resolves.toEqual({ refused: true });
  });

  it("404 for a room a club owns (this backend's answer to a stranger): the refused state", async () => {
    fetchRecentMessages.mockResolvedValue(null);
    fetchClubs.mockResolvedValue([club(4), club(5)]);
    await expect(chatRoomStart(5)).resolves.toEqual({ refused: true });
  });

  it('404 for a room no club owns: not found', async () => {
    fetchRecentMessages.mockResolvedValue(null);
    fetchClubs.mockResolvedValue([club(4)]);
    await expect(chatRoomStart(5)).rejects.toBeInstanceOf(NotFoundSignal);
  });

  it('backend down: the error boundary, without a second read', async () => {
    fetchRecentMessages.mockRejectedValue(new BackendReadError('/api/rooms/5/recentMessage', 0));
    await expect(chatRoomStart(5)).rejects.toBeInstanceOf(BackendReadError);
    expect(fetchClubs).not.toHaveBeenCalled();
  });

  it('signed out (a redirect to /login): passed on, without a second read', async () => {
    fetchRecentMessages.mockRejectedValue(new RedirectSignal());
    await expect(chatRoomStart(5)).rejects.toBeInstanceOf(RedirectSignal);
    expect(fetchClubs).not.toHaveBeenCalled();
  });
});
