import {
  clubListSchema,
  clubSchema,
  type Club,
  type ClubCreate,
  type ClubFilter,
} from '@/lib/contract/club';
import { api, requestJson } from './client';

/** Path (and first element of every SWR key) of the club list. */
export const CLUBS_KEY = '/api/clubs';

/** A club search: no query on first open; then the search text and the filter (`0` all, `1` mine). */
export interface ClubSearch {
  name: string;
  isMyClubs: ClubFilter;
}

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
