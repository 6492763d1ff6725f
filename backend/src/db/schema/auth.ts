import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { members } from './members';

/** One family of rotating refresh tokens per sign-in (one per device). */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('refresh_token_families_member_idx').on(table.memberId)],
);

/**
 * A refresh token, stored only as its sha256. Once rotated it keeps its successor encrypted
 * (AES-256-GCM) so that a reuse within the grace window can be answered with the same successor.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    successorSealed: text('successor_sealed'),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
