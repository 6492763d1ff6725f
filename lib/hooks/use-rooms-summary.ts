'use client';

import useSWR from 'swr';
import { loadApi } from '@/lib/api/load';
import { ROOMS_SUMMARY_KEY } from '@/lib/api/keys';
import { useSession } from '@/lib/auth';
import type { ChatLiveEvent, ReadLiveEvent } from '@/lib/contract/live';
import type { RoomsSummary } from '@/lib/contract/unread';
import { LIVE_EVENT, UNREAD_COUNT_CAP } from '@/lib/contract/values';
import { useLiveEvent } from '@/lib/live/live-events';
import { isRoomInView } from '@/lib/live/viewed-room';
import { useServerFirst } from './use-server-first';

/**
 * The summary after a message arrived live: the room's last message, one more unread unless it is
 * the member's own or the room is on screen (`inView`: seen as it arrives, read up to it).
 */
export function withMessage(
  summary: RoomsSummary,
  event: ChatLiveEvent,
  memberId: number | null,
  inView = false,
): RoomsSummary {
  const room = summary.rooms.find((candidate) => candidate.roomId === event.roomId);
  if (!room || (room.lastMessage && room.lastMessage.messageId >= event.lastMessage.messageId)) {
    return summary;
  }
  const own = event.lastMessage.senderId !== null && event.lastMessage.senderId === memberId;
  const unreadCount =
    own || inView || event.lastMessage.messageId <= room.lastReadMessageId
      ? room.unreadCount
      : Math.min(UNREAD_COUNT_CAP, room.unreadCount + 1);
  const lastReadMessageId = inView
    ? Math.max(room.lastReadMessageId, event.lastMessage.messageId)
    : room.lastReadMessageId;
  const updated = { ...room, lastMessage: event.lastMessage, unreadCount, lastReadMessageId };
  // The most recently active room first, as the backend orders them.
  const rooms = [updated, ...summary.rooms.filter((other) => other !== room)];
  return { rooms, unreadTotal: summary.unreadTotal - room.unreadCount + unreadCount };
}

/** The summary after the member read a room up to a message (here or on another device). */
export function withRead(summary: RoomsSummary, event: ReadLiveEvent): RoomsSummary {
  const room = summary.rooms.find((candidate) => candidate.roomId === event.roomId);
  if (!room || room.lastReadMessageId >= event.lastReadMessageId) return summary;
  // Read to the newest message: nothing left. Part-way (rare): counted again by the next read.
  const caughtUp = !room.lastMessage || event.lastReadMessageId >= room.lastMessage.messageId;
  const unreadCount = caughtUp ? 0 : room.unreadCount;
  const updated = { ...room, lastReadMessageId: event.lastReadMessageId, unreadCount };
  return {
    rooms: summary.rooms.map((other) => (other === room ? updated : other)),
    unreadTotal: summary.unreadTotal - room.unreadCount + unreadCount,
  };
}

/**
 * The member's rooms with their last messages and unread counts (GET /api/rooms/summary), kept
 * current by the live stream: a message or a read adjusts the cached summary at once, a change of
 * rooms or a reopened stream (which may have missed events) reads it again.
 */
export function useRoomsSummary() {
  const { isAuthenticated, user } = useSession();
  const key = isAuthenticated ? ROOMS_SUMMARY_KEY : null;
  const serverFirst = useServerFirst(key);
  const { data, error, mutate } = useSWR(
    key,
    async () => (await loadApi()).fetchRoomsSummary(),
    serverFirst,
  );
  const memberId = user?.id ?? null;
  useLiveEvent(LIVE_EVENT.chat, (event) => {
    const inView = isRoomInView(event.roomId);
    void mutate((current) => (current ? withMessage(current, event, memberId, inView) : current), {
      revalidate: false,
    });
  });
  useLiveEvent(LIVE_EVENT.read, (event) => {
    void mutate((current) => (current ? withRead(current, event) : current), {
      revalidate: false,
    });
  });
  const reread = () => void mutate();
  useLiveEvent(LIVE_EVENT.rooms, reread);
  useLiveEvent(LIVE_EVENT.ready, reread);
  return { summary: data, error: error as unknown, mutate };
}
