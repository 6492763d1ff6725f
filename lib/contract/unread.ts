import './zod-csp';

import * as z from 'zod/mini';

import { idSchema } from './common';
import { UNREAD_COUNT_CAP } from './values';

/**
 * Unread chat (issue 16, additions to the original's wire): each member's read position per room,
 * the rooms' last messages and unread counts, and the live events that keep them current.
 */

export { UNREAD_COUNT_CAP };

/** The newest message of a room, as its club card and the live event show it. */
export const roomLastMessageSchema = z.object({
  messageId: z.number(),
  message: z.string(),
  /** `(탈퇴한 회원)` when the sender deleted their account. */
  senderName: z.string(),
  senderId: z.nullable(z.number()),
  /** ISO local date-time in Asia/Seoul, like `createdDate` of a chat message. */
  createdDate: z.string(),
});
export type RoomLastMessage = z.infer<typeof roomLastMessageSchema>;

/** One joined club's room for the caller: `GET /api/rooms/summary`'s rows. */
export const roomSummarySchema = z.object({
  roomId: z.number(),
  clubId: z.number(),
  clubTitle: z.string(),
  /** The newest message the caller has seen (0: none). */
  lastReadMessageId: z.number(),
  /** Messages after it from others, at most UNREAD_COUNT_CAP. */
  unreadCount: z.number(),
  lastMessage: z.nullable(roomLastMessageSchema),
});
export type RoomSummary = z.infer<typeof roomSummarySchema>;

/** `GET /api/rooms/summary`: every joined club's room, the most recently active first. */
export const roomsSummarySchema = z.object({
  rooms: z.array(roomSummarySchema),
  /** Sum of the rooms' unread counts. */
  unreadTotal: z.number(),
});
export type RoomsSummary = z.infer<typeof roomsSummarySchema>;

/** `PUT /api/rooms/{roomId}/read` body: the newest message the member has now seen. */
export const markReadBodySchema = z.object({ messageId: idSchema });

/** `PUT /api/rooms/{roomId}/read`'s answer. */
export const readPositionSchema = z.object({
  roomId: z.number(),
  lastReadMessageId: z.number(),
  unreadCount: z.number(),
});
export type ReadPosition = z.infer<typeof readPositionSchema>;
