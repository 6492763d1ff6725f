import { clubKey, clubMembersKey, clubOfRoomKey, type ClubSearch, clubsKey } from '@/lib/api/keys';
import type { Club, ClubDetail, ClubListItem, ClubMember } from '@/lib/contract/club';
import { defineRead } from '@/lib/reads/define';

/**
 * A club of the list. `isMember` and `memberCount` are this backend's additions: absent (unknown)
 * from the original's answer.
 */
export type ClubEntry = ClubListItem;
/** A club's page: its fields, owner and member count, and the member's place in it. */
export type ClubDetailView = ClubDetail;
/** A member of a club, with their role. */
export type ClubMemberView = ClubMember;
/** The club that owns a chat room. */
export type RoomClubView = Club;

/**
 * GET /api/clubs[?name=&isMyClubs=]: every club while `search` is null (the list's first view,
 * which the server page hands over), else filtered by name and membership.
 */
export const clubsRead = defineRead({
  key: (search: ClubSearch | null) => clubsKey(search),
  schema: async () => (await import('@/lib/contract/club')).clubListItemsSchema,
  toView: (clubs: ClubListItem[]): ClubEntry[] => clubs,
});

/** GET /api/club/{id}: a club's page read, for any signed-in member; an unknown club is 404. */
export const clubRead = defineRead({
  key: (clubId: number) => clubKey(clubId),
  schema: async () => (await import('@/lib/contract/club')).clubDetailSchema,
  toView: (club: ClubDetail): ClubDetailView => club,
});

/** GET /api/club/{id}/members: the owner first, then in the order they joined. */
export const clubMembersRead = defineRead({
  key: (clubId: number) => clubMembersKey(clubId),
  schema: async () => (await import('@/lib/contract/club')).clubMemberListSchema,
  toView: (members: ClubMember[]): ClubMemberView[] => members,
});

/**
 * GET /api/club/chatRoom/{roomId}: the club of a chat room (members only). Neither retried nor
 * asked again on focus: a room the member left stays 404.
 */
export const clubOfRoomRead = defineRead({
  key: (roomId: number) => clubOfRoomKey(roomId),
  schema: async () => (await import('@/lib/contract/club')).clubSchema,
  toView: (club: Club): RoomClubView => club,
  swr: { revalidateOnFocus: false, shouldRetryOnError: false },
});
