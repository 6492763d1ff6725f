import { and, asc, eq, sql } from 'drizzle-orm';

import type { Comment } from '@/lib/contract/comment';

import type { Db } from '../db/client';
import { comments, members } from '../db/schema';
import { seoulTimestamp } from '../http/errors';
import { notFound } from '../http/reply';
import { notifyPostAuthor, withdrawComment } from '../notification/service';
import { postExists } from '../post/service';

/** The columns of a comment as `viewerId` sees it (`mine`: issue 16's addition). */
function commentColumns(viewerId: number) {
  return {
    id: comments.id,
    name: members.name,
    text: comments.text,
    mine: sql<boolean>`(${comments}."member_id" = ${viewerId})`.mapWith(Boolean),
    createdAt: comments.createdAt,
  };
}

function toComment(row: {
  id: number;
  name: string;
  text: string;
  mine: boolean;
  createdAt: Date;
}): Comment {
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    mine: row.mine,
    localDateTime: seoulTimestamp(row.createdAt),
  };
}

/** A post's comments, oldest first, as `viewerId` sees them; an unknown post is 404. */
export async function listComments(db: Db, viewerId: number, postId: number): Promise<Comment[]> {
  const rows = await db
    .select(commentColumns(viewerId))
    .from(comments)
    .innerJoin(members, eq(members.id, comments.memberId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.id));
  // Comments imply their post; only an empty answer needs the existence check (one query, not two).
  if (rows.length === 0 && !(await postExists(db, postId))) throw notFound();
  return rows.map(toComment);
}

/**
 * Adds a comment and notifies the post's author (unless it is the commenter, or they turned
 * comments off), in one transaction. Returns the author when notified (their count changed).
 */
export async function addComment(
  db: Db,
  memberId: number,
  postId: number,
  text: string,
): Promise<number | null> {
  if (!(await postExists(db, postId))) throw notFound();
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(comments)
      .values({ postId, memberId, text })
      .returning({ id: comments.id });
    return notifyPostAuthor(tx, 'COMMENT', memberId, postId, comment.id);
  });
}

/** The author's comment, else 404 (another member's looks like an unknown one). */
const authored = (memberId: number, commentId: number) =>
  and(eq(comments.id, commentId), eq(comments.memberId, memberId));

/** The author changes a comment's text; answers the comment (issue 16). */
export async function updateComment(
  db: Db,
  memberId: number,
  commentId: number,
  text: string,
): Promise<Comment> {
  const [row] = await db
    .update(comments)
    .set({ text })
    .from(members)
    .where(and(authored(memberId, commentId), eq(members.id, comments.memberId)))
    .returning(commentColumns(memberId));
  if (!row) throw notFound();
  return toComment(row);
}

/**
 * The author deletes a comment (issue 16) and its notification. Returns the member whose unread
 * count that changed, if any.
 */
export async function deleteComment(
  db: Db,
  memberId: number,
  commentId: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    // Before the comment, whose foreign key would take the notification along unseen; another
    // member's comment throws below, which rolls this back.
    const recipient = await withdrawComment(tx, commentId);
    const deleted = await tx
      .delete(comments)
      .where(authored(memberId, commentId))
      .returning({ id: comments.id });
    if (deleted.length === 0) throw notFound();
    return recipient;
  });
}
