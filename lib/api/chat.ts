import { CHAT_LIMITS, chatMessageListSchema, type ChatMessage } from '@/lib/contract/chat';
import { requestJson } from './client';

/** Latest messages fetched on entering a room (product.md §9). */
export const RECENT_MESSAGES_LIMIT = 20;
/** Page size of the catch-up after a reconnect (the backend's maximum). */
export const NEWER_MESSAGES_LIMIT = CHAT_LIMITS.pageMax;

/** Path of a room's message history (`recentMessage`, `olderMessage`, `newerMessage`). */
export const roomPath = (roomId: number, what: string) => `/api/rooms/${roomId}/${what}`;

/** GET /api/rooms/{roomId}/recentMessage?limit=: the latest messages, oldest first. */
export function fetchRecentMessages(
  roomId: number,
  limit: number = RECENT_MESSAGES_LIMIT,
): Promise<ChatMessage[]> {
  return requestJson(roomPath(roomId, 'recentMessage'), {
    schema: chatMessageListSchema,
    query: { limit },
  });
}

/** GET /api/rooms/{roomId}/olderMessage?messageId=: messages before `messageId`, oldest first. */
export function fetchOlderMessages(roomId: number, messageId: number): Promise<ChatMessage[]> {
  return requestJson(roomPath(roomId, 'olderMessage'), {
    schema: chatMessageListSchema,
    query: { messageId },
  });
}

/** GET /api/rooms/{roomId}/newerMessage?messageId=&limit=: messages after `messageId`, oldest first. */
export function fetchNewerMessages(
  roomId: number,
  messageId: number,
  limit: number = NEWER_MESSAGES_LIMIT,
): Promise<ChatMessage[]> {
  return requestJson(roomPath(roomId, 'newerMessage'), {
    schema: chatMessageListSchema,
    query: { messageId, limit },
  });
}
