import { Readable } from 'node:stream';

import type { Db } from '../db/client';
import { comments, friendships, posts } from '../db/schema';
import type { ImageStorage, StoredImage } from '../storage/image-storage';
import { gradientPng, type Rgb } from './png';

export interface PostSeed {
  memberId: number;
  text: string;
  /** PNG bytes; a generated 32×24 image when absent. */
  image?: Buffer;
  createdAt?: Date;
}

export interface StoredPost {
  id: number;
  memberId: number;
  text: string;
  imageKey: string;
  imageWidth: number;
  imageHeight: number;
  imagePlaceholder: string;
}

export interface CommentSeed {
  postId: number;
  memberId: number;
  text: string;
  createdAt?: Date;
}

let sequence = 0;

const PALETTE: Rgb[] = [
  [239, 83, 80],
  [255, 167, 38],
  [102, 187, 106],
  [66, 165, 245],
  [171, 71, 188],
  [38, 166, 154],
];

export function buildPost(overrides: Partial<PostSeed> & { memberId: number }): PostSeed {
  sequence += 1;
  return { text: `게시글${sequence}`, ...overrides };
}

/**
 * Stores each post's image (generated when absent) through the storage's image pipeline, as an
 * upload is, then inserts the posts in order (one statement).
 */
export async function insertPosts(
  db: Db,
  images: ImageStorage,
  seeds: PostSeed[],
): Promise<StoredPost[]> {
  if (seeds.length === 0) return [];
  const stored: StoredImage[] = [];
  for (const [i, seed] of seeds.entries()) {
    const png = seed.image ?? gradientPng(32, 24, PALETTE[i % PALETTE.length]);
    stored.push(await images.put(Readable.from([png])));
  }
  const rows = await db
    .insert(posts)
    .values(
      seeds.map((seed, i) => ({
        memberId: seed.memberId,
        text: seed.text,
        imageKey: stored[i].key,
        imageWidth: stored[i].width,
        imageHeight: stored[i].height,
        imagePlaceholder: stored[i].placeholder,
        ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
      })),
    )
    .returning({ id: posts.id });
  return seeds.map((seed, i) => ({
    id: rows[i].id,
    memberId: seed.memberId,
    text: seed.text,
    imageKey: stored[i].key,
    imageWidth: stored[i].width,
    imageHeight: stored[i].height,
    imagePlaceholder: stored[i].placeholder,
  }));
}

export async function insertComments(db: Db, seeds: CommentSeed[]): Promise<number[]> {
  if (seeds.length === 0) return [];
  const rows = await db
    .insert(comments)
    .values(seeds.map((seed) => ({ ...seed })))
    .returning({ id: comments.id });
  return rows.map((row) => row.id);
}

/** A friendship row: `accepted` makes it a friendship, otherwise a pending request. */
export async function insertFriendship(
  db: Db,
  requesterId: number,
  addresseeId: number,
  accepted: boolean,
): Promise<number> {
  const [row] = await db
    .insert(friendships)
    .values({
      requesterId,
      addresseeId,
      status: accepted ? 'ACCEPT' : 'REQUEST',
      acceptedAt: accepted ? new Date() : null,
    })
    .returning({ id: friendships.id });
  return row.id;
}
