import { asc, eq } from 'drizzle-orm';

import type { Comment } from '@/lib/contract/comment';
import type { Db } from '../db/client';
import { comments, members } from '../db/schema';
import { seoulTimestamp } from '../http/errors';
import { notFound } from '../http/reply';
import { postExists } from '../post/service';

/** A post's comments, oldest first; an unknown post is 404. */
export async function listComments(db: Db, postId: number): Promise<Comment[]> {
  const rows = await db
    .select({
      id: comments.id,
      name: members.name,
      text: comments.text,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(members, eq(members.id, comments.memberId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.id));
  // Comments imply their post; only an empty answer needs the existence check (one query, not two).
  if (rows.length === 0 && !(await postExists(db, postId))) throw notFound();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    text: row.text,
    localDateTime: seoulTimestamp(row.createdAt),
  }));
}

export async function addComment(
  db: Db,
  memberId: number,
  postId: number,
  text: string,
): Promise<void> {
  if (!(await postExists(db, postId))) throw notFound();
  await db.insert(comments).values({ postId, memberId, text });
}
