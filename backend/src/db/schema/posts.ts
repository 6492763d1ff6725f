import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

import { members } from './members';

/**
 * A post: a text and one image (its storage key). Feeds are read newest first by id (ids increase
 * with time): the primary key serves the global feed and its keyset pages, (member_id, id) a
 * member's posts.
 */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    imageKey: text('image_key').notNull(),
    /** The display image's upright size and ThumbHash (base64); null for images stored before the pipeline. */
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imagePlaceholder: text('image_placeholder'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('posts_member_id_idx').on(table.memberId, table.id)],
);

/** A comment on a post, answered oldest first. */
export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('comments_post_id_idx').on(table.postId, table.id),
    index('comments_member_idx').on(table.memberId),
  ],
);

/**
 * A member's like of a post (issue 16): at most one per member and post (the primary key, which
 * also serves a post's count and "does the caller like it"); `member_id` is indexed for the
 * cascade when a member goes. Gone with the post or the member.
 */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.memberId] }),
    index('post_likes_member_id_idx').on(table.memberId),
  ],
);

/**
 * Image keys whose objects are to be deleted: written in the same transaction that stops a post
 * from naming them (a replaced or deleted image), and removed once the storage has deleted the
 * objects, so that a crash in between leaves a record to finish from instead of an orphan.
 */
export const pendingImageDeletions = pgTable('pending_image_deletions', {
  imageKey: text('image_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PostRow = typeof posts.$inferSelect;
export type NewPost = typeof posts.$inferInsert;
export type CommentRow = typeof comments.$inferSelect;
export type NewComment = typeof comments.$inferInsert;
export type PostLikeRow = typeof postLikes.$inferSelect;
