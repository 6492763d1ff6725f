import { desc, eq, lt } from 'drizzle-orm';

import type { Post } from '@/lib/contract/post';
import type { Db } from '../db/client';
import { posts } from '../db/schema';

const postColumns = {
  id: posts.id,
  text: posts.text,
  imageUrl: posts.imageKey,
  imageWidth: posts.imageWidth,
  imageHeight: posts.imageHeight,
  imagePlaceholder: posts.imagePlaceholder,
};

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

/** The newest posts of everyone (the primary key's index, backwards). */
export async function latestPosts(db: Db, limit: number): Promise<Post[]> {
  return db.select(postColumns).from(posts).orderBy(desc(posts.id)).limit(limit);
}

/** Keyset page: posts older than `beforeId`, newest first; the same cost at any depth. */
export async function postsBefore(db: Db, beforeId: number, limit: number): Promise<Post[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(lt(posts.id, beforeId))
    .orderBy(desc(posts.id))
    .limit(limit);
}

/** A member's posts, newest first (index (member_id, id)). */
export async function memberPosts(db: Db, memberId: number): Promise<Post[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(eq(posts.memberId, memberId))
    .orderBy(desc(posts.id));
}

export async function postExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).limit(1);
  return rows.length > 0;
}
