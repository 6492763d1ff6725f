import type { ClubCreate } from '@/lib/contract/club';

import { api } from './client';
import { clubKey } from './keys';

/** POST /api/club: creates the club (the caller becomes its owner) and its chat room. */
export async function createClub(body: ClubCreate): Promise<void> {
  await api.post('/api/club', body);
}

/** POST /api/club/{id}/join: idempotent on this backend; the original refuses a second club (403). */
export async function joinClub(clubId: number): Promise<void> {
  await api.post(`/api/club/${clubId}/join`);
}

/** DELETE /api/club/{id}/leave: the owner leaving deletes the club, its room and messages. */
export async function leaveClub(clubId: number): Promise<void> {
  await api.delete(`/api/club/${clubId}/leave`);
}

/** DELETE /api/club/{id} (issue 29): the owner deletes the club; anyone else gets 403. */
export async function deleteClub(clubId: number): Promise<void> {
  await api.delete(clubKey(clubId));
}
