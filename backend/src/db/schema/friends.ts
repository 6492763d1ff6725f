import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { members } from './members';

/**
 * A friendship between two members: one row per unordered pair (a friendship is symmetric once
 * accepted). `requester_id` sent the request; `status` is REQUEST until the addressee accepts.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requesterId: bigint('requester_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    addresseeId: bigint('addressee_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('REQUEST'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('friendships_pair_key').on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    index('friendships_addressee_idx').on(table.addresseeId),
    check('friendships_status_check', sql`${table.status} in ('REQUEST', 'ACCEPT')`),
    check('friendships_not_self_check', sql`${table.requesterId} <> ${table.addresseeId}`),
  ],
);

export type FriendshipRow = typeof friendships.$inferSelect;
export type NewFriendship = typeof friendships.$inferInsert;
