import { CHAT_TICKET_PATH, type ChatTicket, chatTicketSchema } from '@/lib/contract/chat';

import { requestJson } from './client';

/**
 * POST /api/chat/ticket: a single-use ticket for a SockJS endpoint on another origin (CHAT_URL),
 * minted from the session (the handshake there carries no cookie; CONNECT carries the ticket).
 */
export function createChatTicket(): Promise<ChatTicket> {
  return requestJson(CHAT_TICKET_PATH, { method: 'POST', schema: chatTicketSchema });
}
