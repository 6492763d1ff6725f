'use client';

import { roomsSummaryRead } from '@/features/clubs/reads/chat';
import { useSession } from '@/lib/auth';
import type { ChatLiveEvent, ReadLiveEvent } from '@/lib/contract/live';
import type { RoomsSummary } from '@/lib/contract/unread';
import { LIVE_EVENT, UNREAD_COUNT_CAP } from '@/lib/contract/values';
import { useRead } from '@/lib/hooks/use-read';
import { useLiveEvent } from '@/lib/live/live-events';
import { isRoomInView } from '@/lib/live/viewed-room';

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

/** True when `latestMessageId` (from the stream) is newer than every last message the summary holds. */
export function isBehind(
  summary: RoomsSummary,
  latestMessageId: number | null | undefined,
): boolean {
  if (latestMessageId === null || latestMessageId === undefined) return true;
  const held = summary.rooms.reduce(
    (newest, room) => Math.max(newest, room.lastMessage?.messageId ?? 0),
    0,
  );
  return latestMessageId > held;
}

/**
 * The member's rooms with their last messages and unread counts (roomsSummaryRead, read as any
 * read is), kept current by the live stream: a message or a read adjusts the cached summary at
 * once, a change of rooms or a reopened stream (which may have missed events) reads it again.
 */
export function useRoomsSummary() {
  const { user } = useSession();
  const { data, error, mutate } = useRead(roomsSummaryRead, []);
  const memberId = user?.id ?? null;
  // The updaters below start from `data` when the cache is still empty: a summary the server
  // handed over lives in SWR's fallback, which the cache (and so `mutate`'s argument) does not hold.
  useLiveEvent(LIVE_EVENT.chat, (event) => {
    const inView = isRoomInView(event.roomId);
    void mutate(
      (current = data) => (current ? withMessage(current, event, memberId, inView) : current),
      { revalidate: false },
    );
  });
  useLiveEvent(LIVE_EVENT.read, (event) => {
    void mutate((current = data) => (current ? withRead(current, event) : current), {
      revalidate: false,
    });
  });
  useLiveEvent(LIVE_EVENT.rooms, () => void mutate());
  // A (re)opened stream tells the newest message the member could know of; a summary that holds
  // nothing as new missed something while no stream was open (the moments between the server's
  // render and the stream, or a reconnect) and is read again. Otherwise it stays: hydration and a
  // quiet reconnect send no read.
  useLiveEvent(LIVE_EVENT.ready, (event) => {
    if (!data || isBehind(data, event.latestMessageId)) void mutate();
  });
  return { summary: data, error: error as unknown, mutate };
}
