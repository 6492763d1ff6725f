'use client';

import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';

import { ROOMS_SUMMARY_KEY } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import type { RoomsSummary } from '@/lib/contract/unread';
import { setViewedRoom } from '@/lib/live/viewed-room';

import { withRead } from './use-rooms-summary';

/** How long the newest message must stay in view before it counts as read (a burst sends one write). */
export const MARK_READ_DELAY_MS = 400;

/**
 * Marks the room read up to `lastMessageId` while the member is looking at it: when the room opens,
 * when a message arrives while the tab is visible, and when the tab becomes visible again. The
 * cached summary (nav badge, 내 채팅방) drops the room's count at once; the backend tells the
 * member's other tabs. Failures are left for the next message or visit (a backend without read
 * positions, the original, answers 404 every time).
 */
export function useMarkRoomRead(roomId: number, lastMessageId: number | null, enabled: boolean) {
  const { mutate, fallback } = useSWRConfig();
  // A summary the server handed over is SWR fallback, not yet in the cache `mutate` starts from.
  const handedOver = fallback[ROOMS_SUMMARY_KEY] as RoomsSummary | undefined;
  const sentRef = useRef(0);

  useEffect(() => (enabled ? setViewedRoom(roomId) : undefined), [enabled, roomId]);

  useEffect(() => {
    if (!enabled || lastMessageId === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      if (document.visibilityState !== 'visible' || lastMessageId <= sentRef.current) return;
      sentRef.current = lastMessageId;
      void mutate(
        ROOMS_SUMMARY_KEY,
        (current: RoomsSummary | undefined = handedOver) =>
          current ? withRead(current, { roomId, lastReadMessageId: lastMessageId }) : current,
        { revalidate: false },
      );
      loadApi()
        .then((api) => api.markRoomRead(roomId, lastMessageId))
        .catch((error: unknown) => {
          sentRef.current = 0;
          console.warn('chat: marking the room read failed', error);
        });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(send, MARK_READ_DELAY_MS);
    };
    schedule();
    document.addEventListener('visibilitychange', schedule);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', schedule);
    };
  }, [enabled, handedOver, lastMessageId, mutate, roomId]);
}
