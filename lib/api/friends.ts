import { api } from './client';
import { friendshipPath } from './keys';

/** POST /api/friend/request/{memberId}: asks that member to be friends. */
export async function sendFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/request/${memberId}`);
}

/** POST /api/friend/accept/{memberId}: accepts the request `memberId` (the requester) sent. */
export async function acceptFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/accept/${memberId}`);
}

/** POST /api/friend/cancel/{memberId}: rejects the request `memberId` (the requester) sent. */
export async function rejectFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/cancel/${memberId}`);
}

/** POST /api/friend/cancel/{memberId}: withdraws the request the caller sent to `memberId`. */
export async function cancelFriendRequest(memberId: number): Promise<void> {
  await api.post(`/api/friend/cancel/${memberId}`);
}

/** DELETE /api/friend/{memberId}: ends the friendship with `memberId`, for both. */
export async function endFriendship(memberId: number): Promise<void> {
  await api.delete(friendshipPath(memberId));
}
