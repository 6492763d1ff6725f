import {
  CHAT_TICKET_PATH,
  chatMessageListSchema,
  chatTicketSchema,
  type ChatMessage,
  type ChatTicket,
} from '@/lib/contract/chat';
import { requestJson } from './client';
import { NEWER_MESSAGES_LIMIT, RECENT_MESSAGES_LIMIT, roomPath } from './keys';

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

/**
 * POST /api/chat/ticket: a single-use ticket for a SockJS endpoint on another origin (CHAT_URL),
 * minted from the session (the handshake there carries no cookie; CONNECT carries the ticket).
 */
export function createChatTicket(): Promise<ChatTicket> {
  return requestJson(CHAT_TICKET_PATH, { method: 'POST', schema: chatTicketSchema });
}
