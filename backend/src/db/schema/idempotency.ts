import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

import { members } from './members';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One `Idempotency-Key` of a member's write (http/idempotency.ts): reserved with a null status
 * while the first request runs, then holding its answer so that a retry is answered the same
 * without running again. Rows older than IDEMPOTENCY_KEY_TTL_HOURS count as absent.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of method, URL and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Null while the first request is still running. */
    status: integer('status'),
    contentType: text('content_type'),
    /** `Preference-Applied` of the answer, replayed with it (a representation stays one). */
    preferenceApplied: text('preference_applied'),
    body: bytea('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
