import type { ChatMessage } from '@/lib/contract/chat';
import type { RoomLastMessage } from '@/lib/contract/unread';

/** How much of a message a club card and a live event carry. */
export const LAST_MESSAGE_PREVIEW_CHARS = 100;

/** A stored message as a room's last message (the text cut to its preview length). */
export function lastMessageOf(message: ChatMessage): RoomLastMessage {
  return {
    messageId: message.messageId,
    message: previewText(message.message),
    senderName: message.member.name,
    senderId: message.member.id || null,
    createdDate: message.createdDate,
  };
}

/** The first LAST_MESSAGE_PREVIEW_CHARS code points of a text. */
export function previewText(text: string): string {
  const points = Array.from(text);
  return points.length <= LAST_MESSAGE_PREVIEW_CHARS
    ? text
    : points.slice(0, LAST_MESSAGE_PREVIEW_CHARS).join('');
}
