import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import {
  type Friend,
  FRIEND_MESSAGES,
  type FriendRelation,
  MEMBER_SEARCH_LIMIT,
  type MemberSearchHit,
  type MemberSummary,
  SUGGESTED_FRIENDS_LIMIT,
} from '@/lib/contract/friend';

import type { Db } from '../db/client';
import { type FriendshipRow, friendships, members } from '../db/schema';
import { ApiError } from '../http/errors';
import { notFound } from '../http/reply';
import { notifyMember, settleFriendRequest, withdrawFriendRequest } from '../notification/service';

/** True when `a` and `b` have an accepted friendship, whoever sent the request. */
export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  if (a === b) return false;
  const row = await pairRow(db, a, b);
  return row?.status === 'ACCEPT';
}

/** The one row of the unordered pair {a, b}, if any. */
async function pairRow(db: Db, a: number, b: number): Promise<FriendshipRow | undefined> {
  const [row] = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
        and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
      ),
    )
    .limit(1);
  return row;
}

const summaryColumns = { id: members.id, name: members.name, picture: members.picture };

/** `MemberDto` of any member, or 404. */
export async function memberSummary(db: Db, id: number): Promise<MemberSummary> {
  const [row] = await db.select(summaryColumns).from(members).where(eq(members.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * Lets `memberId` see `friendId`'s data only through an accepted friendship: an unknown member is
 * 404 (never 500), a known one who is not a friend 403. Friends cost one query; the member
 * lookup runs only when the friendship check fails.
 */
export async function requireFriendship(db: Db, memberId: number, friendId: number): Promise<void> {
  if (await areFriends(db, memberId, friendId)) return;
  await memberSummary(db, friendId);
  throw new ApiError(403, FRIEND_MESSAGES.notFriend);
}

const badRequest = (message: string) => new ApiError(400, message);

/** A transaction on the database. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Accepts the pending request `row` (the caller being its addressee) and notifies its requester;
 * the addressee's own notification of the request is done with. Returns the members whose
 * notification counts changed.
 */
async function accept(tx: Tx, row: FriendshipRow): Promise<number[]> {
  const accepted = await tx
    .update(friendships)
    .set({ status: 'ACCEPT', acceptedAt: new Date() })
    .where(and(eq(friendships.id, row.id), eq(friendships.status, 'REQUEST')))
    .returning({ id: friendships.id });
  // Accepted meanwhile by a concurrent call, which notified.
  if (accepted.length === 0) return [];
  const changed: number[] = [];
  if (await notifyMember(tx, 'FRIEND_ACCEPT', row.requesterId, row.addresseeId)) {
    changed.push(row.requesterId);
  }
  if (await settleFriendRequest(tx, row.requesterId, row.addresseeId)) {
    changed.push(row.addresseeId);
  }
  return changed;
}

/**
 * The caller asks `targetId` (who is notified). When the target had already asked the caller, the
 * request is accepted instead. Returns the members whose notification counts changed (to push
 * once committed).
 */
export async function requestFriend(db: Db, callerId: number, targetId: number): Promise<number[]> {
  if (callerId === targetId) throw badRequest(FRIEND_MESSAGES.self);
  await memberSummary(db, targetId);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const row = await pairRow(db, callerId, targetId);
    if (row?.status === 'ACCEPT') throw badRequest(FRIEND_MESSAGES.alreadyFriends);
    if (row && row.requesterId === callerId) throw badRequest(FRIEND_MESSAGES.alreadySent);
    if (row) return db.transaction((tx) => accept(tx, row));
    const changed = await db.transaction(async (tx) => {
      const created = await tx
        .insert(friendships)
        .values({ requesterId: callerId, addresseeId: targetId })
        .onConflictDoNothing()
        .returning({ id: friendships.id });
      if (created.length === 0) return null;
      return (await notifyMember(tx, 'FRIEND_REQUEST', targetId, callerId)) ? [targetId] : [];
    });
    if (changed) return changed;
    // Lost a race with a concurrent request of the same pair: decide again on the stored row.
  }
  throw badRequest(FRIEND_MESSAGES.alreadySent);
}

/**
 * The caller accepts the pending request of `requesterId` (who is notified); an unknown member is
 * 404. Returns the members whose notification counts changed.
 */
export async function acceptFriend(
  db: Db,
  callerId: number,
  requesterId: number,
): Promise<number[]> {
  if (callerId === requesterId) throw badRequest(FRIEND_MESSAGES.self);
  const row = await pairRow(db, callerId, requesterId);
  if (!row) await memberSummary(db, requesterId); // a row means the member exists; else maybe 404
  if (row?.status === 'ACCEPT') throw badRequest(FRIEND_MESSAGES.alreadyFriends);
  if (!row || row.requesterId !== requesterId) throw badRequest(FRIEND_MESSAGES.notRequested);
  return db.transaction((tx) => accept(tx, row));
}

/**
 * Removes a pending request between the caller and `otherId`, whichever way it goes, and its
 * notification; an unknown member is 404. Returns the members whose notification counts changed.
 */
export async function cancelFriend(db: Db, callerId: number, otherId: number): Promise<number[]> {
  if (callerId === otherId) throw badRequest(FRIEND_MESSAGES.self);
  const row = await pairRow(db, callerId, otherId);
  if (!row) await memberSummary(db, otherId); // a row means the member exists; else maybe 404
  if (!row || row.status !== 'REQUEST') throw badRequest(FRIEND_MESSAGES.notPending);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(friendships)
      .where(and(eq(friendships.id, row.id), eq(friendships.status, 'REQUEST')))
      .returning({ id: friendships.id });
    if (removed.length === 0) throw badRequest(FRIEND_MESSAGES.notPending);
    return (await withdrawFriendRequest(tx, row.requesterId, row.addresseeId))
      ? [row.addresseeId]
      : [];
  });
}

const other = alias(members, 'other');

/** The caller's friends: `member` is the caller, `friend` the other member. */
export async function listFriends(db: Db, caller: MemberSummary): Promise<Friend[]> {
  const otherId = sql<number>`case when ${friendships.requesterId} = ${caller.id} then ${friendships.addresseeId} else ${friendships.requesterId} end`;
  const rows = await db
    .select({
      id: friendships.id,
      friend: { id: other.id, name: other.name, picture: other.picture },
    })
    .from(friendships)
    .innerJoin(other, eq(other.id, otherId))
    .where(
      and(
        eq(friendships.status, 'ACCEPT'),
        or(eq(friendships.requesterId, caller.id), eq(friendships.addresseeId, caller.id)),
      ),
    )
    .orderBy(asc(friendships.id));
  return rows.map((row) => ({ id: row.id, member: caller, friend: row.friend }));
}

/** Pending requests to the caller: `member` is the requester, `friend` the caller. */
export async function listRequests(db: Db, caller: MemberSummary): Promise<Friend[]> {
  const rows = await db
    .select({
      id: friendships.id,
      member: { id: other.id, name: other.name, picture: other.picture },
    })
    .from(friendships)
    .innerJoin(other, eq(other.id, friendships.requesterId))
    .where(and(eq(friendships.status, 'REQUEST'), eq(friendships.addresseeId, caller.id)))
    .orderBy(asc(friendships.id));
  return rows.map((row) => ({ id: row.id, member: row.member, friend: caller }));
}

/**
 * Up to ten members who are not the caller and have no friendship or pending request with the
 * caller in either direction; the newest members first.
 */
export async function suggestedFriends(db: Db, callerId: number): Promise<MemberSummary[]> {
  return db
    .select(summaryColumns)
    .from(members)
    .where(
      and(
        ne(members.id, callerId),
        sql`not exists (select 1 from ${friendships} f where
          (f.requester_id = ${callerId} and f.addressee_id = ${members.id}) or
          (f.addressee_id = ${callerId} and f.requester_id = ${members.id}))`,
      ),
    )
    .orderBy(desc(members.id))
    .limit(SUGGESTED_FRIENDS_LIMIT);
}

/** Pending requests the caller sent: `member` is the caller (the requester), `friend` the addressee. */
export async function listSentRequests(db: Db, caller: MemberSummary): Promise<Friend[]> {
  const rows = await db
    .select({
      id: friendships.id,
      friend: { id: other.id, name: other.name, picture: other.picture },
    })
    .from(friendships)
    .innerJoin(other, eq(other.id, friendships.addresseeId))
    .where(and(eq(friendships.status, 'REQUEST'), eq(friendships.requesterId, caller.id)))
    .orderBy(asc(friendships.id));
  return rows.map((row) => ({ id: row.id, member: caller, friend: row.friend }));
}

/** The caller's relation to `otherId` as stored in `row` (the pair's row, if any). */
function relationOf(
  callerId: number,
  row: Pick<FriendshipRow, 'requesterId' | 'status'> | undefined,
): FriendRelation {
  if (!row) return 'NONE';
  if (row.status === 'ACCEPT') return 'FRIEND';
  return row.requesterId === callerId ? 'SENT' : 'RECEIVED';
}

/** The caller's relation to `otherId` (`SELF` for the caller); an unknown member is 404. */
export async function friendRelation(
  db: Db,
  callerId: number,
  otherId: number,
): Promise<FriendRelation> {
  if (callerId === otherId) return 'SELF';
  const row = await pairRow(db, callerId, otherId);
  if (!row) await memberSummary(db, otherId); // a row means the member exists; else maybe 404
  return relationOf(callerId, row);
}

/** LIKE pattern matching `text` literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Members other than the caller whose name contains `name` (case-insensitive), at most
 * MEMBER_SEARCH_LIMIT: exact names first, then names starting with it, then by name; each with the
 * caller's relation to them.
 */
export async function searchMembers(
  db: Db,
  callerId: number,
  name: string,
): Promise<MemberSearchHit[]> {
  const pair = alias(friendships, 'pair');
  const rows = await db
    .select({
      ...summaryColumns,
      requesterId: pair.requesterId,
      status: pair.status,
    })
    .from(members)
    .leftJoin(
      pair,
      or(
        and(eq(pair.requesterId, callerId), eq(pair.addresseeId, members.id)),
        and(eq(pair.addresseeId, callerId), eq(pair.requesterId, members.id)),
      ),
    )
    .where(and(ne(members.id, callerId), ilike(members.name, containsPattern(name))))
    .orderBy(
      sql`case when lower(${members.name}) = lower(${name}) then 0
        when ${members.name} ilike ${`${containsPattern(name).slice(1)}`} then 1 else 2 end`,
      asc(members.name),
      asc(members.id),
    )
    .limit(MEMBER_SEARCH_LIMIT);
  return rows.map(({ requesterId, status, ...member }) => ({
    ...member,
    relation: relationOf(
      callerId,
      requesterId === null || status === null ? undefined : { requesterId, status },
    ),
  }));
}

/**
 * Ends the accepted friendship between the caller and `otherId`, for both at once: the pair's row
 * goes, so every friend-gated read (calendar, day log, records, history, posts) refuses the next
 * request of either. Not friends (or an unknown member, or the caller) is 404.
 */
export async function unfriend(db: Db, callerId: number, otherId: number): Promise<void> {
  if (callerId === otherId) throw notFound();
  const row = await pairRow(db, callerId, otherId);
  if (row?.status !== 'ACCEPT') throw notFound();
  const removed = await db
    .delete(friendships)
    .where(and(eq(friendships.id, row.id), eq(friendships.status, 'ACCEPT')))
    .returning({ id: friendships.id });
  if (removed.length === 0) throw notFound();
}
