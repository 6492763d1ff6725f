import { type ReadPosition, readPositionSchema } from '@/lib/contract/unread';

import { requestJson } from './client';
import { roomReadPath } from './keys';

/** PUT /api/rooms/{roomId}/read: the member has seen the room up to `messageId`. */
export function markRoomRead(roomId: number, messageId: number): Promise<ReadPosition> {
  return requestJson(roomReadPath(roomId), {
    method: 'PUT',
    json: { messageId },
    schema: readPositionSchema,
  });
}
