import { eq } from 'drizzle-orm';

import type { MemberProfile } from '@/lib/contract/member';
import { imageVariantKey } from '@/lib/contract/values';

import type { Db } from '../db/client';
import { members } from '../db/schema';
import { notFound } from '../http/reply';
import { recordImageDeletion } from '../storage/pending-deletions';

/**
 * The `picture` of an uploaded profile photo: its smallest WebP variant (320 px wide, enough for
 * the largest avatar at 3×), root-relative, served like every post image (`GET /api/images/{key}`,
 * private and immutable). `picture` stays a URL any client shows as is, as Google's is.
 */
export function pictureUrlOf(key: string): string {
  return `/api/images/${imageVariantKey(key, 320, 'webp')}`;
}

const profileColumns = { id: members.id, name: members.name, picture: members.picture };

/** The member's id, name and picture; 404 when gone. */
export async function memberProfile(db: Db, memberId: number): Promise<MemberProfile> {
  const [row] = await db.select(profileColumns).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound();
  return row;
}

/** Sets the member's own name and marks it edited (sign-in then keeps it). */
export async function updateMemberName(
  db: Db,
  memberId: number,
  name: string,
): Promise<MemberProfile> {
  const [row] = await db
    .update(members)
    .set({ name, nameEdited: true })
    .where(eq(members.id, memberId))
    .returning(profileColumns);
  if (!row) throw notFound();
  return row;
}

/**
 * Sets the member's picture to the stored image `key` (null: no picture, the initial shows) and
 * marks it edited, in one transaction that records the previous uploaded photo's key for deletion
 * (storage/pending-deletions.ts). Returns the member and that previous key, or null when the
 * member is gone (then nothing changed).
 */
export async function replaceMemberPicture(
  db: Db,
  memberId: number,
  key: string | null,
): Promise<{ member: MemberProfile; previousKey: string | null } | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ pictureKey: members.pictureKey })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    if (!current) return null;
    const [member] = await tx
      .update(members)
      .set({
        picture: key === null ? null : pictureUrlOf(key),
        pictureKey: key,
        pictureEdited: true,
      })
      .where(eq(members.id, memberId))
      .returning(profileColumns);
    const previousKey = current.pictureKey;
    if (previousKey !== null && previousKey !== key) await recordImageDeletion(tx, previousKey);
    return { member, previousKey };
  });
}
