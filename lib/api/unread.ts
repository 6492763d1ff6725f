import {
  readPositionSchema,
  roomsSummarySchema,
  type ReadPosition,
  type RoomsSummary,
} from '@/lib/contract/unread';
import { requestJson } from './client';
import { ROOMS_SUMMARY_KEY, roomReadPath } from './keys';

/** GET /api/rooms/summary: the member's rooms with their last messages and unread counts. */
export function fetchRoomsSummary(): Promise<RoomsSummary> {
  return requestJson(ROOMS_SUMMARY_KEY, { schema: roomsSummarySchema });
}

/** PUT /api/rooms/{roomId}/read: the member has seen the room up to `messageId`. */
export function markRoomRead(roomId: number, messageId: number): Promise<ReadPosition> {
  return requestJson(roomReadPath(roomId), {
    method: 'PUT',
    json: { messageId },
    schema: readPositionSchema,
  });
}
