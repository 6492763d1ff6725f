import {
  NEWER_MESSAGES_LIMIT,
  RECENT_MESSAGES_LIMIT,
  roomPath,
  ROOMS_SUMMARY_KEY,
} from '@/lib/api/keys';
import type { ChatMessage } from '@/lib/contract/chat';
import type { RoomsSummary } from '@/lib/contract/unread';
import { defineRead } from '@/lib/reads/define';

// A history page is what the live broadcast carries too (the store merges both), so its view is
// the wire message itself.

/**
 * GET /api/rooms/{roomId}/recentMessage?limit=: the latest messages, oldest first. Members only:
 * this backend answers a stranger (and an unknown room) 404, the original 403.
 */
export const recentMessagesRead = defineRead({
  key: (roomId: number, limit: number = RECENT_MESSAGES_LIMIT) =>
    `${roomPath(roomId, 'recentMessage')}?limit=${limit}`,
  schema: async () => (await import('@/lib/contract/chat')).chatMessageListSchema,
  toView: (messages: ChatMessage[]) => messages,
});

/** GET /api/rooms/{roomId}/olderMessage?messageId=: the batch before `messageId`, oldest first. */
export const olderMessagesRead = defineRead({
  key: (roomId: number, messageId: number) =>
    `${roomPath(roomId, 'olderMessage')}?messageId=${messageId}`,
  schema: async () => (await import('@/lib/contract/chat')).chatMessageListSchema,
  toView: (messages: ChatMessage[]) => messages,
});

/** GET /api/rooms/{roomId}/newerMessage?messageId=&limit=: messages after `messageId`, oldest first. */
export const newerMessagesRead = defineRead({
  key: (roomId: number, messageId: number, limit: number = NEWER_MESSAGES_LIMIT) =>
    `${roomPath(roomId, 'newerMessage')}?messageId=${messageId}&limit=${limit}`,
  schema: async () => (await import('@/lib/contract/chat')).chatMessageListSchema,
  toView: (messages: ChatMessage[]) => messages,
});

/**
 * GET /api/rooms/summary: the member's rooms with their last messages and unread counts (an
 * addition of this backend). The live stream adjusts it in place, on the wire's own shape.
 */
export const roomsSummaryRead = defineRead({
  key: () => ROOMS_SUMMARY_KEY,
  schema: async () => (await import('@/lib/contract/unread')).roomsSummarySchema,
  toView: (summary: RoomsSummary) => summary,
});
