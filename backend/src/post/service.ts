import { and, desc, eq, lt, sql } from 'drizzle-orm';

import type { MemberSummary } from '@/lib/contract/friend';
import type { Liker, LikeState, Post } from '@/lib/contract/post';

import type { Db } from '../db/client';
import { members, postLikes, posts } from '../db/schema';
import { seoulTimestamp } from '../http/errors';
import { notFound } from '../http/reply';
import { notifyPostAuthor, withdrawLike } from '../notification/service';
import { recordImageDeletion } from '../storage/pending-deletions';

/** The most likers `GET /api/post/{id}/likes` answers. */
export const LIKERS_LIMIT = 100;

/*
 * The subqueries name their tables explicitly: Drizzle writes a one-table select's columns
 * unqualified, which inside a subquery on post_likes would resolve to post_likes' own columns.
 */

/** How many members like the post of the current row (the primary key of post_likes, by prefix). */
const likeCountOfRow = sql<number>`(select count(*)::int from ${postLikes} as "pl" where "pl"."post_id" = ${posts}."id")`;

/**
 * Whether `viewerId` likes the post of the current row: one primary key lookup per row. A scalar
 * subquery rather than EXISTS, which PostgreSQL may run as a hashed subplan that first reads all
 * of the viewer's likes (the cost of a feed page would grow with how much the viewer ever liked).
 */
const likedOfRow = (viewerId: number) =>
  sql<boolean>`coalesce((select true from ${postLikes} as "pl" where "pl"."post_id" = ${posts}."id" and "pl"."member_id" = ${viewerId}), false)`;

/**
 * The author of the current row as `MemberDto` (issue 29's addition): one primary key lookup on
 * members, as one JSON value so that it also works in an UPDATE's RETURNING.
 */
const memberOfRow = sql<MemberSummary>`(select json_build_object('id', "m"."id", 'name', "m"."name", 'picture', "m"."picture") from ${members} as "m" where "m"."id" = ${posts}."member_id")`;

/** The driver's timestamptz (a Date, or its text from a raw JSON path) as Seoul `LocalDateTime`. */
function seoulDateTimeOf(value: Date | string): string {
  return seoulTimestamp(value instanceof Date ? value : new Date(value));
}

/**
 * The columns of a post as `viewerId` sees it (postSchema): the original's, the image additions,
 * the issue 16 additions, and issue 29's author and creation time, computed in the same statement
 * by correlated subqueries on post_likes' and members' primary keys. They run once per answered
 * row (after the LIMIT), so the feed's keyset pages stay a backwards walk of the posts' primary
 * key, whatever the depth.
 */
function postColumns(viewerId: number) {
  return {
    id: posts.id,
    text: posts.text,
    imageUrl: posts.imageKey,
    imageWidth: posts.imageWidth,
    imageHeight: posts.imageHeight,
    imagePlaceholder: posts.imagePlaceholder,
    likeCount: likeCountOfRow.mapWith(Number),
    liked: likedOfRow(viewerId).mapWith(Boolean),
    mine: sql<boolean>`(${posts}."member_id" = ${viewerId})`.mapWith(Boolean),
    member: memberOfRow.mapWith(memberOf),
    createdDate: sql<string>`${posts}."created_at"`.mapWith(seoulDateTimeOf),
  };
}

/** The JSON author as the drivers hand it (parsed by PGlite and node-postgres alike). */
function memberOf(value: MemberSummary | string): MemberSummary {
  const member = typeof value === 'string' ? (JSON.parse(value) as MemberSummary) : value;
  return { id: Number(member.id), name: member.name, picture: member.picture };
}

/** The stored image a post names: its key and what the pipeline measured. */
export interface PostImage {
  key: string;
  width: number;
  height: number;
  placeholder: string;
}

/** Inserts a post with its stored image; returns its id. */
export async function createPost(
  db: Db,
  memberId: number,
  text: string,
  image: PostImage,
): Promise<number> {
  const [row] = await db
    .insert(posts)
    .values({
      memberId,
      text,
      imageKey: image.key,
      imageWidth: image.width,
      imageHeight: image.height,
      imagePlaceholder: image.placeholder,
    })
    .returning({ id: posts.id });
  return row.id;
}

/** The newest posts of everyone (the primary key's index, backwards), as `viewerId` sees them. */
export async function latestPosts(db: Db, viewerId: number, limit: number): Promise<Post[]> {
  return db.select(postColumns(viewerId)).from(posts).orderBy(desc(posts.id)).limit(limit);
}

/** Keyset page: posts older than `beforeId`, newest first; the same cost at any depth. */
export async function postsBefore(
  db: Db,
  viewerId: number,
  beforeId: number,
  limit: number,
): Promise<Post[]> {
  return db
    .select(postColumns(viewerId))
    .from(posts)
    .where(lt(posts.id, beforeId))
    .orderBy(desc(posts.id))
    .limit(limit);
}

/** A member's posts, newest first (index (member_id, id)), as `viewerId` sees them. */
export async function memberPosts(db: Db, viewerId: number, memberId: number): Promise<Post[]> {
  return db
    .select(postColumns(viewerId))
    .from(posts)
    .where(eq(posts.memberId, memberId))
    .orderBy(desc(posts.id));
}

export async function postExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).limit(1);
  return rows.length > 0;
}

/**
 * The author changes a post's text (the image stays); answers the post as the author sees it.
 * Another member's post or an unknown id is 404 alike (never revealing another member's data).
 */
export async function updatePost(
  db: Db,
  memberId: number,
  postId: number,
  text: string,
): Promise<Post> {
  const [post] = await db
    .update(posts)
    .set({ text })
    .where(and(eq(posts.id, postId), eq(posts.memberId, memberId)))
    .returning(postColumns(memberId));
  if (!post) throw notFound();
  return post;
}

/**
 * The author deletes a post; its comments and likes go with it (foreign keys, on delete
 * cascade). Its image key is recorded for deletion in the same transaction, so that the objects
 * are deleted even when the process stops before it deletes them (finishImageDeletion now,
 * drainPendingDeletions at the next start otherwise). Returns the key. Another member's post or
 * an unknown id is 404.
 */
export async function deletePost(db: Db, memberId: number, postId: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(posts)
      .where(and(eq(posts.id, postId), eq(posts.memberId, memberId)))
      .returning({ imageKey: posts.imageKey });
    if (!row) throw notFound();
    await recordImageDeletion(tx, row.imageKey);
    return row.imageKey;
  });
}

/**
 * Likes (`liked`) or unlikes a post as `memberId`; either is idempotent. Every post is in
 * everyone's feed (`GET /api/posts`), so any signed-in member may like any post; an unknown post
 * is 404 (a post deleted meanwhile fails the foreign key, which answers 404 too). A new like
 * notifies the post's author (once per liker and post); taking it back removes that notification
 * while unread. Answers the caller's like and the count after the change, and the member whose
 * notification count changed (to push once committed).
 */
export async function setLike(
  db: Db,
  memberId: number,
  postId: number,
  liked: boolean,
): Promise<LikeState & { notified: number | null }> {
  return db.transaction(async (tx) => {
    let notified: number | null = null;
    if (liked) {
      const added = await tx
        .insert(postLikes)
        .values({ postId, memberId })
        .onConflictDoNothing()
        .returning({ postId: postLikes.postId });
      if (added.length > 0) notified = await notifyPostAuthor(tx, 'LIKE', memberId, postId);
    } else {
      const removed = await tx
        .delete(postLikes)
        .where(and(eq(postLikes.postId, postId), eq(postLikes.memberId, memberId)))
        .returning({ postId: postLikes.postId });
      if (removed.length > 0) notified = await withdrawLike(tx, memberId, postId);
    }
    const [row] = await tx
      .select({ likeCount: likeCountOfRow.mapWith(Number) })
      .from(posts)
      .where(eq(posts.id, postId));
    if (!row) throw notFound();
    return { liked, likeCount: row.likeCount, notified };
  });
}

/** The members who like a post, newest like first, at most LIKERS_LIMIT; unknown post 404. */
export async function postLikers(db: Db, postId: number): Promise<Liker[]> {
  const rows = await db
    .select({ id: members.id, name: members.name, picture: members.picture })
    .from(postLikes)
    .innerJoin(members, eq(members.id, postLikes.memberId))
    .where(eq(postLikes.postId, postId))
    .orderBy(desc(postLikes.createdAt), desc(postLikes.memberId))
    .limit(LIKERS_LIMIT);
  // Likes imply their post; only an empty answer needs the existence check.
  if (rows.length === 0 && !(await postExists(db, postId))) throw notFound();
  return rows;
}
