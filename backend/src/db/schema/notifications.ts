import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { members } from './members';
import { comments, posts } from './posts';

/**
 * Something that happened to a member (issue 16): a friend request received (`FRIEND_REQUEST`),
 * a request accepted (`FRIEND_ACCEPT`), a comment on their post (`COMMENT`, with the post and the
 * comment) or a like of their post (`LIKE`, with the post; one row per liker and post, grouped
 * when listed). `read_at` is set when the member opens the list. Everything about it goes with the
 * recipient, the actor, the post or the comment.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: bigint('actor_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    postId: bigint('post_id', { mode: 'number' }).references(() => posts.id, {
      onDelete: 'cascade',
    }),
    commentId: bigint('comment_id', { mode: 'number' }).references(() => comments.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_recipient_idx').on(table.recipientId, table.id),
    index('notifications_actor_idx').on(table.actorId),
    index('notifications_post_idx').on(table.postId),
    index('notifications_comment_idx').on(table.commentId),
    // Liking, unliking and liking again notifies once.
    uniqueIndex('notifications_like_key')
      .on(table.recipientId, table.postId, table.actorId)
      .where(sql`${table.kind} = 'LIKE'`),
    check(
      'notifications_kind_check',
      sql`${table.kind} in ('FRIEND_REQUEST', 'FRIEND_ACCEPT', 'COMMENT', 'LIKE')`,
    ),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;
