import {
  clubDetailSchema,
  clubListItemsSchema,
  clubMemberListSchema,
  clubSchema,
  type Club,
  type ClubCreate,
  type ClubDetail,
  type ClubListItem,
  type ClubMember,
} from '@/lib/contract/club';
import { api, requestJson } from './client';
import { CLUBS_KEY, clubKey, clubMembersKey, clubOfRoomKey, type ClubSearch } from './keys';

/**
 * GET /api/clubs[?name=&isMyClubs=]: all clubs when `search` is null. This backend adds each
 * club's `isMember` and `memberCount` (absent from the original's answer).
 */
export function fetchClubs(search: ClubSearch | null): Promise<ClubListItem[]> {
  return requestJson(CLUBS_KEY, {
    schema: clubListItemsSchema,
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
  return requestJson(clubOfRoomKey(roomId), { schema: clubSchema });
}

/** GET /api/club/{id} (issue 29): a club's page read, for any signed-in member. */
export function fetchClub(clubId: number): Promise<ClubDetail> {
  return requestJson(clubKey(clubId), { schema: clubDetailSchema });
}

/** GET /api/club/{id}/members (issue 29): the owner first, then in the order they joined. */
export function fetchClubMembers(clubId: number): Promise<ClubMember[]> {
  return requestJson(clubMembersKey(clubId), { schema: clubMemberListSchema });
}

/** DELETE /api/club/{id}/leave: the owner leaving deletes the club, its room and messages. */
export async function leaveClub(clubId: number): Promise<void> {
  await api.delete(`/api/club/${clubId}/leave`);
}

/** DELETE /api/club/{id} (issue 29): the owner deletes the club; anyone else gets 403. */
export async function deleteClub(clubId: number): Promise<void> {
  await api.delete(clubKey(clubId));
}
