import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';

import { ROOMS_SUMMARY_KEY } from '@/lib/api/keys';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { RoomsSummary } from '@/lib/contract/unread';
import { LiveEventsProvider } from '@/lib/live/live-events';
import { FakeEventSource } from '@/lib/live/test-event-source';

import { useRoomsSummary } from './use-rooms-summary';

function Total() {
  const { summary } = useRoomsSummary();
  return <p>안 읽음 {summary?.unreadTotal ?? '-'}</p>;
}

const handedOver: RoomsSummary = {
  rooms: [
    {
      roomId: 7,
      clubId: 3,
      clubTitle: '한강 러닝',
      lastReadMessageId: 10,
      unreadCount: 1,
      lastMessage: {
        messageId: 11,
        message: '안녕',
        senderName: '이서연',
        senderId: 2,
        createdDate: '2025-07-19T14:03:27.123',
      },
    },
  ],
  unreadTotal: 1,
};

function chat(messageId: number) {
  return JSON.stringify({
    roomId: 7,
    lastMessage: { ...handedOver.rooms[0].lastMessage, messageId, message: `새 ${messageId}` },
  });
}

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

it('counts live messages on a summary the server handed over, with no request', async () => {
  const fetchSpy = jest.fn();
  (globalThis as { fetch?: unknown }).fetch = fetchSpy;
  resetSessionBridge();
  render(
    <SWRConfig value={{ provider: () => new Map(), fallback: { [ROOMS_SUMMARY_KEY]: handedOver } }}>
      <SessionProvider
        initial={{ check: true, id: 1, name: '테스터', picture: null, expiresIn: 1800 }}
        api={{
          loginCheck: async () => ({ check: true, id: 1, name: '테스터', picture: null }),
          logout: async () => true,
          refreshToken: async () => true,
        }}
      >
        <LiveEventsProvider>
          <Total />
        </LiveEventsProvider>
      </SessionProvider>
    </SWRConfig>,
  );
  expect(screen.getByText('안 읽음 1')).toBeInTheDocument();
  const source = FakeEventSource.instances[0];
  // The stream opens knowing nothing newer than the summary: no read.
  await act(async () => source.emit('ready', '{"latestMessageId":11}'));
  await act(async () => source.emit('chat', chat(12)));
  expect(screen.getByText('안 읽음 2')).toBeInTheDocument();
  await act(async () => source.emit('chat', chat(13)));
  expect(screen.getByText('안 읽음 3')).toBeInTheDocument();
  await act(async () => source.emit('read', '{"roomId":7,"lastReadMessageId":13}'));
  expect(screen.getByText('안 읽음 0')).toBeInTheDocument();
  expect(fetchSpy).not.toHaveBeenCalled();
  delete (globalThis as { fetch?: unknown }).fetch;
});
