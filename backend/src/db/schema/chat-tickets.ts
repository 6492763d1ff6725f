import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

import { members } from './members';

/**
 * A chat ticket (chat/tickets.ts): what a browser whose SockJS endpoint is on another origin
 * (CHAT_URL) authenticates its STOMP CONNECT with, since the session cookie never reaches that
 * origin. Minted from the member's session, stored only as its sha256, used once (the row is
 * deleted by the CONNECT that uses it, on whichever instance), valid until `expires_at` (about a
 * minute). Expired rows are deleted as new tickets are minted.
 */
export const chatTickets = pgTable(
  'chat_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The session (refresh family, `sid`) of the minting access token; null without one. */
    sessionId: text('session_id'),
    /** When the minting access token expires: the connection the ticket opens ends then. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_tickets_expires_idx').on(table.expiresAt)],
);

export type ChatTicketRow = typeof chatTickets.$inferSelect;
