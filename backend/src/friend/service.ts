import { and, eq, or } from 'drizzle-orm';

import type { Db } from '../db/client';
import { friendships } from '../db/schema';

/** True when `a` and `b` have an accepted friendship, whoever sent the request (decisions.md §4). */
export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(
      and(
        eq(friendships.status, 'ACCEPT'),
        or(
          and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
          and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
