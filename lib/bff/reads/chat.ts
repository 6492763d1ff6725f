import 'server-only';
import { cache } from 'react';
import { RECENT_MESSAGES_LIMIT, ROOMS_SUMMARY_KEY, roomPath } from '@/lib/api/keys';
import { chatMessageListSchema, type ChatMessage } from '@/lib/contract/chat';
import { roomsSummarySchema, type RoomsSummary } from '@/lib/contract/unread';
import { readBackend, readBackendOrNull } from '../server-client';

/**
 * GET /api/rooms/{roomId}/recentMessage?limit=: the latest messages, oldest first, or null when the
 * backend knows no such room for this member (404). Members only: the original backend's refusal
 * is 403 (AccessDeniedError); ours answers a stranger 404, like an unknown room.
 */
export const fetchRecentMessages = cache(
  (roomId: number, limit: number = RECENT_MESSAGES_LIMIT): Promise<ChatMessage[] | null> =>
    readBackendOrNull(`${roomPath(roomId, 'recentMessage')}?limit=${limit}`, chatMessageListSchema),
);

/** GET /api/rooms/summary: the member's rooms with their last messages and unread counts. */
export const fetchRoomsSummary = cache((): Promise<RoomsSummary> =>
  readBackend(ROOMS_SUMMARY_KEY, roomsSummarySchema),
);
