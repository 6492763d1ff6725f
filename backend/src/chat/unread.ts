import { sql } from 'drizzle-orm';

import { DELETED_SENDER } from '@/lib/contract/chat';
import {
  type ReadPosition,
  type RoomsSummary,
  type RoomSummary,
  UNREAD_COUNT_CAP,
} from '@/lib/contract/unread';

import type { Db } from '../db/client';
import { chatMessages, chatRooms, clubMembers, clubs, members } from '../db/schema';
import { seoulTimestamp } from '../http/errors';
import { notFound } from '../http/reply';
import { previewText } from '../live/last-message';

type Rows<T> = { rows: T[] };

/**
 * Messages of room `r.id` after the membership `cm`'s read position that others sent, counted up
 * to the cap: the count walks (room_id, id) from the read position and stops there.
 */
const unreadCount = (memberId: number) => sql`(select count(*) from (
    select 1 from ${chatMessages} m
    where m.room_id = r.id and m.id > cm.last_read_message_id
      and m.member_id is distinct from ${memberId}
    limit ${UNREAD_COUNT_CAP}
  ) unread)`;

interface SummaryRow {
  room_id: number | string;
  club_id: number | string;
  club_title: string;
  last_read_message_id: number | string;
  unread_count: number | string;
  message_id: number | string | null;
  message: string | null;
  sender_id: number | string | null;
  sender_name: string | null;
  created_at: Date | string | null;
}

/** Every joined club's room with its last message and the caller's unread count. */
export async function roomsSummary(db: Db, memberId: number): Promise<RoomsSummary> {
  const result = (await db.execute(sql`
    select r.id as room_id, r.club_id, c.title as club_title, cm.last_read_message_id,
      ${unreadCount(memberId)} as unread_count,
      last.id as message_id, last.message, last.member_id as sender_id,
      last.name as sender_name, last.created_at
    from ${clubMembers} cm
    join ${chatRooms} r on r.club_id = cm.club_id
    join ${clubs} c on c.id = cm.club_id
    left join lateral (
      select m.id, m.message, m.member_id, m.created_at, sender.name
      from ${chatMessages} m left join ${members} sender on sender.id = m.member_id
      where m.room_id = r.id
      order by m.id desc
      limit 1
    ) last on true
    where cm.member_id = ${memberId}
    order by coalesce(last.id, 0) desc, r.id desc`)) as unknown as Rows<SummaryRow>;
  const rooms = result.rows.map(toSummary);
  return { rooms, unreadTotal: rooms.reduce((sum, room) => sum + room.unreadCount, 0) };
}

function toSummary(row: SummaryRow): RoomSummary {
  return {
    roomId: Number(row.room_id),
    clubId: Number(row.club_id),
    clubTitle: row.club_title,
    lastReadMessageId: Number(row.last_read_message_id),
    unreadCount: Number(row.unread_count),
    lastMessage:
      row.message_id === null
        ? null
        : {
            messageId: Number(row.message_id),
            message: previewText(row.message ?? ''),
            senderId: row.sender_id === null ? null : Number(row.sender_id),
            senderName: row.sender_id === null ? DELETED_SENDER.name : (row.sender_name ?? ''),
            createdDate: seoulTimestamp(new Date(row.created_at ?? 0)),
          },
  };
}

/**
 * Moves the member's read position in the room forward to `messageId` (never back, never past the
 * room's newest message). Not a member of the room's club, or no such room → 404.
 */
export async function markRead(
  db: Db,
  memberId: number,
  roomId: number,
  messageId: number,
): Promise<ReadPosition> {
  const result = (await db.execute(sql`
    update ${clubMembers} cm
    set last_read_message_id = greatest(cm.last_read_message_id, least(${messageId}::bigint,
      (select coalesce(max(m.id), 0) from ${chatMessages} m where m.room_id = r.id)))
    from ${chatRooms} r
    where r.id = ${roomId} and cm.club_id = r.club_id and cm.member_id = ${memberId}
    returning cm.last_read_message_id, ${unreadCount(memberId)} as unread_count`)) as unknown as Rows<{
    last_read_message_id: number | string;
    unread_count: number | string;
  }>;
  const row = result.rows[0];
  if (!row) throw notFound();
  return {
    roomId,
    lastReadMessageId: Number(row.last_read_message_id),
    unreadCount: Number(row.unread_count),
  };
}

/** The rooms of the member's clubs (what their live stream follows). */
export async function memberRoomIds(db: Db, memberId: number): Promise<number[]> {
  const result = (await db.execute(sql`
    select r.id from ${clubMembers} cm join ${chatRooms} r on r.club_id = cm.club_id
    where cm.member_id = ${memberId}`)) as unknown as Rows<{ id: number | string }>;
  return result.rows.map((row) => Number(row.id));
}

/** The newest message id in any of the member's rooms (0 for none). */
export async function newestMessageIdOfMember(db: Db, memberId: number): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce(max(last.id), 0) as id
    from ${clubMembers} cm
    join ${chatRooms} r on r.club_id = cm.club_id
    cross join lateral (
      select m.id from ${chatMessages} m where m.room_id = r.id order by m.id desc limit 1
    ) last
    where cm.member_id = ${memberId}`)) as unknown as Rows<{ id: number | string }>;
  return Number(result.rows[0]?.id ?? 0);
}

/** The room's newest message id (0 for none): where a newcomer's read position starts. */
export const newestMessageIdOfClub = (clubId: number) =>
  sql`(select coalesce(max(m.id), 0) from ${chatMessages} m
    join ${chatRooms} r on r.id = m.room_id where r.club_id = ${clubId})`;
