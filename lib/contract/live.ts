import * as z from 'zod/mini';

import { roomLastMessageSchema } from './unread';

/**
 * The member's live stream (`GET /api/events`, server-sent events; issue 16). Each event's SSE
 * name is its `type`; its data is this JSON. Events say what changed; the client adjusts its
 * cached reads, or reads again where a delta is not enough.
 */

/** The SSE event names. */
export const LIVE_EVENT = {
  /** The stream is open: whatever happened while it was closed must be read again. */
  ready: 'ready',
  /** A message arrived in one of the member's rooms (their own included). */
  chat: 'chat',
  /** The member read a room (on any device). */
  read: 'read',
  /** The member's set of rooms changed (joined, left, a club deleted). */
  rooms: 'rooms',
  /** The member's notifications changed (one arrived, or they were read elsewhere). */
  notification: 'notification',
} as const;
export type LiveEventName = (typeof LIVE_EVENT)[keyof typeof LIVE_EVENT];

export const chatLiveEventSchema = z.object({
  roomId: z.number(),
  lastMessage: roomLastMessageSchema,
});
export type ChatLiveEvent = z.infer<typeof chatLiveEventSchema>;

export const readLiveEventSchema = z.object({
  roomId: z.number(),
  lastReadMessageId: z.number(),
});
export type ReadLiveEvent = z.infer<typeof readLiveEventSchema>;

export const notificationLiveEventSchema = z.object({
  /** The member's unread notifications now. */
  unreadCount: z.number(),
});
export type NotificationLiveEvent = z.infer<typeof notificationLiveEventSchema>;

/** The data of each event, by name. */
export interface LiveEventData {
  ready: Record<string, never>;
  chat: ChatLiveEvent;
  read: ReadLiveEvent;
  rooms: Record<string, never>;
  notification: NotificationLiveEvent;
}
