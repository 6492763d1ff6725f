import { clubListSchema, clubSchema, type Club, type ClubCreate } from '@/lib/contract/club';
import { api, requestJson } from './client';
import { CLUBS_KEY, type ClubSearch } from './keys';

/** GET /api/clubs[?name=&isMyClubs=]: all clubs when `search` is null. */
export function fetchClubs(search: ClubSearch | null): Promise<Club[]> {
  return requestJson(CLUBS_KEY, {
    schema: clubListSchema,
    query: search ? { name: search.name, isMyClubs: search.isMyClubs } : undefined,
  });
}

/** POST /api/club: creates the club (the caller becomes its owner) and its chat room. */
export async function createClub(body: ClubCreate): Promise<void> {
  await api.post('/api/club', body);
}

/** POST /api/club/{id}/join: idempotent on this backend; the original refuses a second club (403). */
export async function joinClub(clubId: number): Promise<void> {
  await api.post(`/api/club/${clubId}/join`);
}

/** GET /api/club/chatRoom/{roomId}: the club that owns a chat room. */
export function fetchClubByChatRoom(roomId: number): Promise<Club> {
  return requestJson(`/api/club/chatRoom/${roomId}`, { schema: clubSchema });
}

/** DELETE /api/club/{id}/leave: the owner leaving deletes the club, its room and messages. */
export async function leaveClub(clubId: number): Promise<void> {
  await api.delete(`/api/club/${clubId}/leave`);
}
