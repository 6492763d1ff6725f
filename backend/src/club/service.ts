import { and, asc, desc, eq, exists, ilike, type SQL, sql } from 'drizzle-orm';

import type {
  Club,
  ClubCreate,
  ClubDetail,
  ClubListItem,
  ClubMember,
  ClubRole,
} from '@/lib/contract/club';

import { newestMessageIdOfClub } from '../chat/unread';
import type { Db } from '../db/client';
import { chatRooms, clubMembers, clubs, members } from '../db/schema';
import { ApiError, MESSAGES } from '../http/errors';
import { notFound } from '../http/reply';

const clubColumns = {
  id: clubs.id,
  title: clubs.title,
  content: clubs.content,
  location: clubs.location,
  schedule: clubs.schedule,
  highlight: clubs.highlight,
  chatRoomId: chatRooms.id,
};

function clubQuery(db: Db) {
  return db.select(clubColumns).from(clubs).innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id));
}

/** The club's member count and whether `memberId` is among them (issue 29's additions). */
function membershipColumns(memberId: number) {
  return {
    memberCount:
      sql<number>`(select count(*) from ${clubMembers} where ${clubMembers.clubId} = ${clubs.id})`.mapWith(
        Number,
      ),
    isMember:
      sql<boolean>`exists (select 1 from ${clubMembers} where ${clubMembers.clubId} = ${clubs.id} and ${clubMembers.memberId} = ${memberId})`.mapWith(
        (value: unknown) => value === true || value === 't',
      ),
  };
}

/** LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Clubs newest first; `name` filters titles (contains, case-insensitive), `mine` to the member's.
 * Each carries, beside `ClubDto`'s fields, its member count and whether the caller belongs.
 */
export async function listClubs(
  db: Db,
  memberId: number,
  filter: { name?: string; mine: boolean },
): Promise<ClubListItem[]> {
  const conditions: SQL[] = [];
  const name = filter.name?.trim();
  if (name) conditions.push(ilike(clubs.title, containsPattern(name)));
  if (filter.mine) {
    conditions.push(
      exists(
        db
          .select({ clubId: clubMembers.clubId })
          .from(clubMembers)
          .where(and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.memberId, memberId))),
      ),
    );
  }
  return db
    .select({ ...clubColumns, ...membershipColumns(memberId) })
    .from(clubs)
    .innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
    .where(and(...conditions))
    .orderBy(desc(clubs.id));
}

/**
 * One club for any signed-in member (clubs are searchable): its fields, owner, member count and
 * the caller's place in it. Unknown club → 404.
 */
export async function clubDetail(db: Db, memberId: number, clubId: number): Promise<ClubDetail> {
  const [row] = await db
    .select({
      ...clubColumns,
      ...membershipColumns(memberId),
      ownerId: members.id,
      ownerName: members.name,
      ownerPicture: members.picture,
    })
    .from(clubs)
    .innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
    .innerJoin(members, eq(members.id, clubs.ownerId))
    .where(eq(clubs.id, clubId));
  if (!row) throw notFound();
  const { ownerId, ownerName, ownerPicture, ...club } = row;
  return {
    ...club,
    owner: { id: ownerId, name: ownerName, picture: ownerPicture },
    isOwner: ownerId === memberId,
  };
}

/**
 * A club's members for any signed-in member: the owner first, then in the order they joined, at
 * most `limit`. Unknown club → 404.
 */
export async function clubMembersOf(db: Db, clubId: number, limit: number): Promise<ClubMember[]> {
  const [club] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      picture: members.picture,
      role: clubMembers.role,
    })
    .from(clubMembers)
    .innerJoin(members, eq(members.id, clubMembers.memberId))
    .where(eq(clubMembers.clubId, clubId))
    .orderBy(
      sql`case when ${clubMembers.role} = 'OWNER' then 0 else 1 end`,
      asc(clubMembers.joinedAt),
      asc(members.id),
    )
    .limit(limit);
  return rows.map((row) => ({ ...row, role: row.role as ClubRole }));
}

/** Creates the club, its owner membership and its chat room (one transaction). */
export async function createClub(db: Db, memberId: number, input: ClubCreate): Promise<Club> {
  return db.transaction(async (tx) => {
    const [club] = await tx
      .insert(clubs)
      .values({ ownerId: memberId, ...input })
      .returning();
    await tx.insert(clubMembers).values({ clubId: club.id, memberId, role: 'OWNER' });
    const [room] = await tx
      .insert(chatRooms)
      .values({ clubId: club.id, title: club.title })
      .returning({ id: chatRooms.id });
    return {
      id: club.id,
      title: club.title,
      content: club.content,
      location: club.location,
      schedule: club.schedule,
      highlight: club.highlight,
      chatRoomId: room.id,
    };
  });
}

/**
 * Joins a club; joining again changes nothing. A newcomer's read position starts at the room's
 * newest message: the history is there to scroll, not unread. Unknown club → 404.
 */
export async function joinClub(
  db: Db,
  memberId: number,
  clubId: number,
): Promise<{ roomId: number; isNew: boolean }> {
  const [club] = await db
    .select({ roomId: chatRooms.id })
    .from(clubs)
    .innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
    .where(eq(clubs.id, clubId));
  if (!club) throw notFound();
  const inserted = await db
    .insert(clubMembers)
    .values({
      clubId,
      memberId,
      role: 'MEMBER',
      lastReadMessageId: newestMessageIdOfClub(clubId),
    })
    .onConflictDoNothing()
    .returning({ clubId: clubMembers.clubId });
  return { roomId: club.roomId, isNew: inserted.length > 0 };
}

/** The club of a chat room, for its members only (others and unknown rooms → 404). */
export async function clubByRoom(db: Db, memberId: number, roomId: number): Promise<Club> {
  const [club] = await clubQuery(db)
    .innerJoin(
      clubMembers,
      and(eq(clubMembers.clubId, clubs.id), eq(clubMembers.memberId, memberId)),
    )
    .where(eq(chatRooms.id, roomId));
  if (!club) throw notFound();
  return club;
}

/**
 * Deletes a club with its room, messages and memberships: its owner only. Unknown club → 404;
 * anyone else (a member or not: the club itself is public) → 403, and nothing changes.
 */
export async function deleteClub(
  db: Db,
  memberId: number,
  clubId: number,
): Promise<{ roomId: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ownerId: clubs.ownerId, roomId: chatRooms.id })
      .from(clubs)
      .innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
      .where(eq(clubs.id, clubId));
    if (!row) throw notFound();
    if (row.ownerId !== memberId) throw new ApiError(403, MESSAGES.forbidden);
    await tx.delete(clubs).where(eq(clubs.id, clubId));
    return { roomId: row.roomId };
  });
}

export interface LeaveResult {
  roomId: number;
  /** True when the owner left and the club (room, messages, memberships) was deleted. */
  clubDeleted: boolean;
}

/**
 * Leaves a club. The owner leaving deletes the club with its room, messages and memberships; any
 * other member only loses the membership (their messages stay). Not a member → 404.
 */
export async function leaveClub(db: Db, memberId: number, clubId: number): Promise<LeaveResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ role: clubMembers.role, ownerId: clubs.ownerId, roomId: chatRooms.id })
      .from(clubMembers)
      .innerJoin(clubs, eq(clubs.id, clubMembers.clubId))
      .innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.memberId, memberId)));
    if (!row) throw notFound();
    if (row.role === 'OWNER' || row.ownerId === memberId) {
      await tx.delete(clubs).where(eq(clubs.id, clubId));
      return { roomId: row.roomId, clubDeleted: true };
    }
    await tx
      .delete(clubMembers)
      .where(and(eq(clubMembers.clubId, clubId), eq(clubMembers.memberId, memberId)));
    return { roomId: row.roomId, clubDeleted: false };
  });
}
