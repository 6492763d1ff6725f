import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import { INVALID_CHARACTER_MESSAGE } from './errors';
import { type MemberSummary, memberSummarySchema } from './friend';
import { hasLoneSurrogate, hasNul } from './text';
import {
  CHAT_ENDPOINT,
  CHAT_LIMITS,
  CHAT_TICKET_HEADER,
  CHAT_TICKET_PATH,
  CHAT_TICKET_SECONDS,
  chatSendBody,
  DELETED_SENDER,
  isDeletedSender,
  roomSendDestination,
  roomTopic,
} from './values';

export {
  CHAT_ENDPOINT,
  CHAT_LIMITS,
  CHAT_TICKET_HEADER,
  CHAT_TICKET_PATH,
  CHAT_TICKET_SECONDS,
  chatSendBody,
  DELETED_SENDER,
  isDeletedSender,
  roomSendDestination,
  roomTopic,
};

export const CHAT_MESSAGES = {
  blank: '메시지를 입력해주세요.',
  tooLong: `메시지는 ${CHAT_LIMITS.messageMax}자 이하로 입력해주세요.`,
  limit: `limit은 1 이상 ${CHAT_LIMITS.pageMax} 이하이어야 합니다.`,
  messageId: 'messageId가 필요합니다.',
  invalidCharacter: INVALID_CHARACTER_MESSAGE,
} as const;

/** The text of a chat message: trimmed, 1–1000 characters. */
export const chatTextSchema = z.string({ error: CHAT_MESSAGES.blank }).check(
  z.trim(),
  z.minLength(CHAT_LIMITS.messageMin, { error: CHAT_MESSAGES.blank }),
  z.maxLength(CHAT_LIMITS.messageMax, { error: CHAT_MESSAGES.tooLong }),
  // PostgreSQL text cannot hold NUL: refused here rather than failing the insert. A lone UTF-16
  // surrogate (a JSON `"\ud800"` escape) has no UTF-8 form: the database would keep U+FFFD while
  // the broadcast carried the surrogate, so the live view and the history would differ.
  z.refine((text) => !hasNul(text) && !hasLoneSurrogate(text), {
    error: CHAT_MESSAGES.invalidCharacter,
  }),
);

/** The sender as embedded in a message: a `MemberDto`. */
export const chatMemberSchema = memberSummarySchema;
export type ChatMember = MemberSummary;

/**
 * `ChatMessageResponse` (REST history) and the `body` of a live broadcast. `createdDate` is an ISO
 * local date-time in Asia/Seoul without offset (`2025-07-19T14:03:27.123`).
 */
export const chatMessageSchema = z.object({
  messageId: z.number().check(z.int()),
  message: z.string(),
  member: chatMemberSchema,
  createdDate: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatMessageListSchema = z.array(chatMessageSchema);

/** The JSON body of a MESSAGE frame on `/topic/public/rooms/{id}`: a serialised ResponseEntity. */
export const chatBroadcastSchema = z.object({
  headers: z.record(z.string(), z.unknown()),
  body: chatMessageSchema,
  statusCode: z.literal('OK'),
  statusCodeValue: z.literal(200),
});
export type ChatBroadcast = z.infer<typeof chatBroadcastSchema>;

/** Wraps a stored message as the broadcast body. */
export function chatBroadcast(message: ChatMessage): ChatBroadcast {
  return { headers: {}, body: message, statusCode: 'OK', statusCodeValue: 200 };
}

const limitSchema = z.pipe(
  z.transform((value): unknown =>
    value === undefined || value === '' ? CHAT_LIMITS.pageDefault : value,
  ),
  z.coerce
    .number({ error: CHAT_MESSAGES.limit })
    .check(
      z.int({ error: CHAT_MESSAGES.limit }),
      z.gte(1, { error: CHAT_MESSAGES.limit }),
      z.lte(CHAT_LIMITS.pageMax, { error: CHAT_MESSAGES.limit }),
    ),
);

/** `GET /api/rooms/{roomId}/recentMessage?limit=` query. */
export const recentMessagesQuerySchema = z.object({ limit: limitSchema });
/** `GET /api/rooms/{roomId}/olderMessage|newerMessage?messageId=&limit=` query. */
export const pagedMessagesQuerySchema = z.object({
  messageId: idSchema,
  limit: limitSchema,
});

/**
 * A chat ticket: single use, valid until `expiresAt` (an ISO instant), bound to the member and
 * session it was minted from. The browser sends it in CONNECT when the SockJS endpoint is on
 * another origin, whose handshake never carries the session cookie.
 */
export const chatTicketSchema = z.object({
  ticket: z.string().check(z.minLength(1)),
  expiresAt: z.iso.datetime(),
});
export type ChatTicket = z.infer<typeof chatTicketSchema>;
