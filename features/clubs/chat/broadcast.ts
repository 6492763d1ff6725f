import { chatBroadcastSchema, type ChatMessage } from '@/lib/contract/chat';

/**
 * Parses a MESSAGE frame of the room topic: the stored message is the envelope's `body`. Kept out
 * of the room's store because its schema brings zod: chat-room-deps.ts loads it with the STOMP
 * client.
 */
export function parseBroadcastFrame(frameBody: string): ChatMessage | null {
  try {
    const parsed = chatBroadcastSchema.safeParse(JSON.parse(frameBody));
    if (parsed.success) return parsed.data.body;
    console.error('chat: unexpected broadcast', parsed.error);
  } catch (error) {
    console.error('chat: broadcast is not JSON', error);
  }
  return null;
}
