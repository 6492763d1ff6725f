import './zod-csp';

import * as z from 'zod/mini';

import { roomLastMessageSchema } from './unread';
import { LIVE_EVENT } from './values';

export { LIVE_EVENT };

/**
 * The member's live stream (`GET /api/events`, server-sent events; issue 16). Each event's SSE
 * name is its `type`; its data is this JSON. Events say what changed; the client adjusts its
 * cached reads, or reads again where a delta is not enough.
 */

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

/** `ready`: the stream is open. */
export interface ReadyLiveEvent {
  /**
   * The newest message in any of the member's rooms when the stream opened (null when the backend
   * could not say): a summary holding nothing as new is behind and must be read again.
   */
  latestMessageId?: number | null;
}

/** The data of each event, by name. */
export interface LiveEventData {
  ready: ReadyLiveEvent;
  chat: ChatLiveEvent;
  read: ReadLiveEvent;
  rooms: Record<string, never>;
  notification: NotificationLiveEvent;
}
