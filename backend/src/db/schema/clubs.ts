import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { members } from './members';

/** A club. `owner_id` is its creator; the owner leaving deletes the club, its room and messages. */
export const clubs = pgTable(
  'clubs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    location: text('location').notNull(),
    schedule: text('schedule').notNull(),
    highlight: text('highlight').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('clubs_owner_idx').on(table.ownerId)],
);

/** A membership: one row per (club, member); `role` OWNER for the creator, MEMBER otherwise. */
export const clubMembers = pgTable(
  'club_members',
  {
    clubId: bigint('club_id', { mode: 'number' })
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('MEMBER'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The member's read position in the club's room (issue 16): the id of the newest message they
     * have seen; messages after it from others are unread. Set to the room's newest message on join,
     * so a newcomer does not start with the whole history unread; gone with the membership.
     */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.clubId, table.memberId] }),
    index('club_members_member_idx').on(table.memberId),
    check('club_members_role_check', sql`${table.role} in ('OWNER', 'MEMBER')`),
  ],
);

/** The chat room of a club, one-to-one; deleted with its club. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clubId: bigint('club_id', { mode: 'number' })
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_rooms_club_key').on(table.clubId)],
);

/**
 * A chat message. It references the sender as a member (not a membership), so a member's messages
 * stay after they leave; they go with the room. A deleted account leaves its messages with no
 * sender (`member_id` null, shown as `(탈퇴한 회원)`), so conversations keep their sense. Pages are
 * read by (room_id, id).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: bigint('room_id', { mode: 'number' })
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, {
      onDelete: 'set null',
    }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_messages_room_id_idx').on(table.roomId, table.id),
    index('chat_messages_member_idx').on(table.memberId),
  ],
);

export type ClubRow = typeof clubs.$inferSelect;
export type NewClub = typeof clubs.$inferInsert;
export type ClubMemberRow = typeof clubMembers.$inferSelect;
export type ChatRoomRow = typeof chatRooms.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessage = typeof chatMessages.$inferInsert;
