import 'server-only';
import { cache } from 'react';
import { RECENT_MESSAGES_LIMIT, roomPath } from '@/lib/api/chat';
import { chatMessageListSchema, type ChatMessage } from '@/lib/contract/chat';
import { readBackend } from '../server-client';

/**
 * GET /api/rooms/{roomId}/recentMessage?limit=: the latest messages, oldest first (members only:
 * a stranger's read is 403, AccessDeniedError).
 */
export const fetchRecentMessages = cache(
  (roomId: number, limit: number = RECENT_MESSAGES_LIMIT): Promise<ChatMessage[]> =>
    readBackend(`${roomPath(roomId, 'recentMessage')}?limit=${limit}`, chatMessageListSchema),
);
