import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import type { PlateInventories } from '@/lib/contract/training';

/** A member, keyed by the identity provider's issuer and subject. */
export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    name: text('name').notNull(),
    picture: text('picture'),
    /**
     * The member edited their name / picture (issue 29): sign-in then keeps it instead of
     * refreshing it from the identity provider (otherwise both are refreshed at every sign-in).
     */
    nameEdited: boolean('name_edited').notNull().default(false),
    pictureEdited: boolean('picture_edited').notNull().default(false),
    /** The storage key of an uploaded profile photo (its variants are what `picture` names). */
    pictureKey: text('picture_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** How weights are shown and typed ('kg' | 'lb'); stored weights are always kilograms. */
    weightUnit: text('weight_unit').notNull().default('kg'),
    /** Ticking the last set of a day ticks the day's 완료 too. */
    autoCompleteDay: boolean('auto_complete_day').notNull().default(true),
    /** Rest after a ticked set, for exercises without their own. */
    restSeconds: integer('rest_seconds').notNull().default(90),
    /**
     * The member's bar and plates per unit (issue 27 point 5), `{kg?, lb?}` as the settings wire
     * has them; null until set (the app then uses a commercial gym's).
     */
    plateInventory: jsonb('plate_inventory').$type<PlateInventories>(),
    /** Which notifications the member gets (issue 16); each kind on by default. */
    notifyFriendRequest: boolean('notify_friend_request').notNull().default(true),
    notifyFriendAccept: boolean('notify_friend_accept').notNull().default(true),
    notifyComment: boolean('notify_comment').notNull().default(true),
    notifyLike: boolean('notify_like').notNull().default(true),
  },
  (table) => [
    uniqueIndex('members_issuer_subject_key').on(table.issuer, table.subject),
    check('members_weight_unit_check', sql`${table.weightUnit} in ('kg', 'lb')`),
  ],
);

export type Member = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
