import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';

import { type ChatMember, type ChatMessage, DELETED_SENDER } from '@/lib/contract/chat';

import type { Db } from '../db/client';
import { chatMessages, chatRooms, clubMembers, members } from '../db/schema';
import { seoulTimestamp } from '../http/errors';
import { notFound } from '../http/reply';

/** True when `memberId` belongs to the club owning room `roomId`. */
export async function isRoomMember(db: Db, roomId: number, memberId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(chatRooms)
    .innerJoin(clubMembers, eq(clubMembers.clubId, chatRooms.clubId))
    .where(and(eq(chatRooms.id, roomId), eq(clubMembers.memberId, memberId)))
    .limit(1);
  return rows.length > 0;
}

/** 404 unless the member belongs to the room's club (unknown rooms look the same). */
export async function requireRoomMember(db: Db, roomId: number, memberId: number): Promise<void> {
  if (!(await isRoomMember(db, roomId, memberId))) throw notFound();
}

/**
 * Stores a message if (and only if) the sender belongs to the room's club, in one statement, so
 * a member who has just left cannot post. Returns the stored message, or null for a non-member.
 */
export async function storeMessage(
  db: Db,
  roomId: number,
  sender: ChatMember,
  text: string,
  now: Date = new Date(),
): Promise<ChatMessage | null> {
  const result = (await db.execute(sql`
    insert into ${chatMessages} (room_id, member_id, message, created_at)
    select ${roomId}, ${sender.id}, ${text}, ${now.toISOString()}::timestamptz
    where exists (
      select 1 from ${chatRooms} r join ${clubMembers} cm on cm.club_id = r.club_id
      where r.id = ${roomId} and cm.member_id = ${sender.id}
    )
    returning id`)) as unknown as { rows: Array<{ id: number | string }> };
  const row = result.rows[0];
  if (!row) return null;
  return {
    messageId: Number(row.id),
    message: text,
    member: { id: sender.id, name: sender.name, picture: sender.picture },
    createdDate: seoulTimestamp(now),
  };
}

const messageColumns = {
  id: chatMessages.id,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  memberId: members.id,
  name: members.name,
  picture: members.picture,
};

type MessageRow = {
  id: number;
  message: string;
  createdAt: Date;
  /** Null when the sender deleted their account (the message stays, its sender does not). */
  memberId: number | null;
  name: string | null;
  picture: string | null;
};

/**
 * `ChatMessageResponse` in the original's field order. A deleted account's message keeps the
 * `member` object's shape, as DELETED_SENDER (`{"id":0,"name":"(탈퇴한 회원)","picture":null}`).
 */
function toResponse(row: MessageRow) {
  return {
    message: row.message,
    messageId: row.id,
    createdDate: seoulTimestamp(row.createdAt),
    member:
      row.memberId === null || row.name === null
        ? { ...DELETED_SENDER }
        : { id: row.memberId, name: row.name, picture: row.picture },
  };
}

/** Messages with their senders; a left join, as a deleted account leaves its messages sender-less. */
function baseQuery(db: Db) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(members, eq(members.id, chatMessages.memberId));
}

/** The newest `limit` messages of the room, oldest first. */
export async function recentMessages(db: Db, roomId: number, limit: number) {
  const rows = await baseQuery(db)
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toResponse);
}

/** The `limit` messages just before `messageId`, oldest first. */
export async function olderMessages(db: Db, roomId: number, messageId: number, limit: number) {
  const rows = await baseQuery(db)
    .where(and(eq(chatMessages.roomId, roomId), lt(chatMessages.id, messageId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
  return rows.reverse().map(toResponse);
}

/** The first `limit` messages after `messageId`, oldest first (catching up after a reconnect). */
export async function newerMessages(db: Db, roomId: number, messageId: number, limit: number) {
  const rows = await baseQuery(db)
    .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.id, messageId)))
    .orderBy(asc(chatMessages.id))
    .limit(limit);
  return rows.map(toResponse);
}
