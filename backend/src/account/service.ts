import { asc, eq } from 'drizzle-orm';

import { leaveClub, type LeaveResult } from '../club/service';
import type { Db } from '../db/client';
import { chatRooms, clubMembers, clubs, members, posts } from '../db/schema';
import { recordImageDeletions } from '../storage/pending-deletions';

/** What a deleted account leaves for after the commit: rooms to revoke, images to delete. */
export interface DeletedAccount {
  /**
   * Every club room the member was in, as leaving it turned out: an owned club is deleted with its
   * room and messages (`clubDeleted`), any other club only loses the membership.
   */
  rooms: LeaveResult[];
  /** Image keys of the member's posts, recorded in `pending_image_deletions`. */
  imageKeys: string[];
}

/**
 * Deletes a member's account in one transaction (issue 16, `계정 삭제`):
 *
 * 1. locks the member row (`FOR UPDATE`): any insert that references the member (a post, a
 *    comment, a club, a refresh token of a sign-in) needs a key-share lock on it, so none can
 *    slip in while the account goes, and a second deletion waits, then finds nothing;
 * 2. leaves every club the member belongs to by the leave rule of `DELETE /api/club/{id}/leave`
 *    (club/service.ts `leaveClub`, in a savepoint): a club they own is deleted with its room and
 *    messages, in another club only the membership goes;
 * 3. records the image key of each of their posts (and of their uploaded profile photo) for deletion (the objects, with every variant,
 *    are deleted after the commit: storage/pending-deletions.ts);
 * 4. deletes the member row. The foreign keys do the rest: exercises, routines, day logs and their
 *    sets, posts (with their comments, likes and notifications), the member's comments and likes
 *    on others' posts, friendships and requests both ways, notifications as recipient or actor,
 *    refresh-token families and tokens, idempotency keys, club memberships cascade; the member's
 *    messages in other members' clubs keep a null sender (`(탈퇴한 회원)`, chat/service.ts).
 *
 * Returns null when the member does not exist (deleted meanwhile).
 */
export async function deleteAccount(db: Db, memberId: number): Promise<DeletedAccount | null> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: members.id })
      .from(members)
      .where(eq(members.id, memberId))
      .for('update');
    if (!member) return null;

    const memberships = await tx
      .select({ clubId: clubMembers.clubId })
      .from(clubMembers)
      .where(eq(clubMembers.memberId, memberId))
      .orderBy(asc(clubMembers.clubId));
    const rooms: LeaveResult[] = [];
    for (const { clubId } of memberships) rooms.push(await leaveClub(tx, memberId, clubId));
    // A club the member owns without being its member (this backend always makes the owner one;
    // rows written otherwise) goes with the member row (owner_id cascades): its room closes too.
    const ownedElsewise = await tx
      .select({ roomId: chatRooms.id })
      .from(clubs)
      .innerJoin(chatRooms, eq(chatRooms.clubId, clubs.id))
      .where(eq(clubs.ownerId, memberId));
    for (const { roomId } of ownedElsewise) rooms.push({ roomId, clubDeleted: true });

    const images = await tx
      .select({ key: posts.imageKey })
      .from(posts)
      .where(eq(posts.memberId, memberId));
    // And the uploaded profile photo (issue 29).
    const [own] = await tx
      .select({ key: members.pictureKey })
      .from(members)
      .where(eq(members.id, memberId));
    const imageKeys = images.map((row) => row.key);
    if (own?.key) imageKeys.push(own.key);
    await recordImageDeletions(tx, imageKeys);

    await tx.delete(members).where(eq(members.id, memberId));
    return { rooms, imageKeys };
  });
}
