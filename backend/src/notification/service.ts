import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';

import type { MemberSummary } from '@/lib/contract/friend';
import {
  NOTIFICATION_LIMITS,
  type NotificationItem,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsUpdate,
} from '@/lib/contract/notification';

import type { Db } from '../db/client';
import { comments, members, notifications, postLikes, posts } from '../db/schema';
import { seoulTimestamp } from '../http/errors';
import { notFound } from '../http/reply';

/** The database or a transaction on it (notifications are written in the action's transaction). */
export type Executor = Pick<Db, 'execute' | 'select' | 'update' | 'delete'>;

type Rows<T> = { rows: T[] };

/** The member's preference column that decides whether they get each kind. */
const PREFERENCE: Record<NotificationKind, SQL> = {
  FRIEND_REQUEST: sql`${members.notifyFriendRequest}`,
  FRIEND_ACCEPT: sql`${members.notifyFriendAccept}`,
  COMMENT: sql`${members.notifyComment}`,
  LIKE: sql`${members.notifyLike}`,
};

/** Likes notify once per liker and post (the partial unique index notifications_like_key). */
const ON_LIKE_CONFLICT = sql`on conflict (recipient_id, post_id, actor_id) where kind = 'LIKE' do nothing`;

/**
 * Notifies `recipientId` that `actorId` sent a friend request or accepted one, unless it is the
 * actor themselves or the recipient turned that kind off. Returns whether a notification was
 * written (whose recipient's count must then be pushed, after commit).
 */
export async function notifyMember(
  tx: Executor,
  kind: 'FRIEND_REQUEST' | 'FRIEND_ACCEPT',
  recipientId: number,
  actorId: number,
): Promise<boolean> {
  if (recipientId === actorId) return false;
  const result = (await tx.execute(sql`
    insert into ${notifications} (recipient_id, kind, actor_id)
    select ${members.id}, ${kind}, ${actorId}::bigint
    from ${members}
    where ${members.id} = ${recipientId} and ${PREFERENCE[kind]}
    returning recipient_id`)) as unknown as Rows<{ recipient_id: unknown }>;
  return result.rows.length > 0;
}

/**
 * Notifies the author of `postId` of a comment (`commentId`) or a like by `actorId`, unless the
 * author is the actor or turned that kind off; a like notifies once per liker and post. Returns
 * the author's id when a notification was written, else null.
 */
export async function notifyPostAuthor(
  tx: Executor,
  kind: 'COMMENT' | 'LIKE',
  actorId: number,
  postId: number,
  commentId: number | null = null,
): Promise<number | null> {
  const result = (await tx.execute(sql`
    insert into ${notifications} (recipient_id, kind, actor_id, post_id, comment_id)
    select ${posts.memberId}, ${kind}, ${actorId}::bigint, ${posts.id}, ${commentId}::bigint
    from ${posts} join ${members} on ${members.id} = ${posts.memberId}
    where ${posts.id} = ${postId} and ${posts.memberId} <> ${actorId} and ${PREFERENCE[kind]}
    ${kind === 'LIKE' ? ON_LIKE_CONFLICT : sql``}
    returning recipient_id`)) as unknown as Rows<{ recipient_id: number | string }>;
  const [row] = result.rows;
  return row ? Number(row.recipient_id) : null;
}

/**
 * `actorId` took back their like of `postId`: its notification goes while unread (a read one
 * stays, so liking again does not notify again). Returns the recipient whose count changed.
 */
export async function withdrawLike(
  tx: Executor,
  actorId: number,
  postId: number,
): Promise<number | null> {
  const [row] = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.kind, 'LIKE'),
        eq(notifications.postId, postId),
        eq(notifications.actorId, actorId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ recipientId: notifications.recipientId });
  return row?.recipientId ?? null;
}

/**
 * A pending request from `requesterId` to `addresseeId` was withdrawn or rejected: its
 * notification goes. Returns whether an unread one went (the addressee's count changed).
 */
export async function withdrawFriendRequest(
  tx: Executor,
  requesterId: number,
  addresseeId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.kind, 'FRIEND_REQUEST'),
        eq(notifications.recipientId, addresseeId),
        eq(notifications.actorId, requesterId),
      ),
    )
    .returning({ readAt: notifications.readAt });
  return rows.some((row) => row.readAt === null);
}

/**
 * `addresseeId` answered `requesterId`'s request (accepted it): the request's notification is
 * done with, so it is marked read. Returns whether it was unread (the addressee's count changed).
 */
export async function settleFriendRequest(
  tx: Executor,
  requesterId: number,
  addresseeId: number,
): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.kind, 'FRIEND_REQUEST'),
        eq(notifications.recipientId, addresseeId),
        eq(notifications.actorId, requesterId),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * The comment's author deletes it: its notification goes now (the foreign key would remove it
 * with the comment, but silently). Returns the recipient when it was unread (count changed).
 */
export async function withdrawComment(tx: Executor, commentId: number): Promise<number | null> {
  const rows = await tx
    .delete(notifications)
    .where(eq(notifications.commentId, commentId))
    .returning({ recipientId: notifications.recipientId, readAt: notifications.readAt });
  const unread = rows.find((row) => row.readAt === null);
  return unread?.recipientId ?? null;
}

/**
 * The member's unread notifications as the list shows them: each unread comment, friend request
 * or acceptance, and each post with unread likes once. Counted among the newest
 * NOTIFICATION_LIMITS.unreadScan unread rows (the recipient index, backwards), so a member who
 * never opens the list costs no more than that.
 */
export async function unreadCount(db: Executor, memberId: number): Promise<number> {
  const result = (await db.execute(sql`
    select count(distinct case when recent.kind = 'LIKE' then -recent.post_id else recent.id end)::int as count
    from (
      select n.id, n.kind, n.post_id from ${notifications} n
      where n.recipient_id = ${memberId} and n.read_at is null
      order by n.id desc
      limit ${NOTIFICATION_LIMITS.unreadScan}
    ) recent`)) as unknown as Rows<{ count: number | string }>;
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Whether the like row `n` tells of still stands (a read like notification outlives an unlike, so
 * that liking again does not notify twice; the list leaves it out meanwhile).
 */
const likeStands = (alias: string) => {
  const row = sql.raw(alias);
  return sql`exists (select 1 from ${postLikes} pl where pl.post_id = ${row}.post_id and pl.member_id = ${row}.actor_id)`;
};

interface ItemRow {
  id: number | string;
  kind: NotificationKind;
  actor_id: number | string;
  actor_name: string;
  actor_picture: string | null;
  post_id: number | string | null;
  image_key: string | null;
  image_width: number | null;
  image_height: number | null;
  image_placeholder: string | null;
  comment_id: number | string | null;
  comment_text: string | null;
  created_at: Date | string;
  read_at: Date | string | null;
  like_count: number | string | null;
  like_unread: boolean | null;
  likers: string | Array<{ id: number | string; name: string; picture: string | null }> | null;
}

/**
 * The member's notifications, newest first, `limit` items older than the item `before` (keyset).
 * An item is a notification, except that the likes of one post are one item, led by the newest
 * (the page walks the recipient index backwards and keeps each post's newest like row); its
 * likers, count and unread state come from that post's like rows (the partial unique index, by
 * its (recipient, post) prefix). Each item carries its actor(s), the post's thumbnail fields and
 * the comment's preview, all in one statement.
 */
export async function listNotifications(
  db: Executor,
  memberId: number,
  limit: number,
  before: number | undefined,
): Promise<NotificationItem[]> {
  const result = (await db.execute(sql`
    with page as (
      select n.id, n.kind, n.actor_id, n.post_id, n.comment_id, n.created_at, n.read_at
      from ${notifications} n
      where n.recipient_id = ${memberId}
        ${before === undefined ? sql`` : sql`and n.id < ${before}`}
        and (n.kind <> 'LIKE' or (${likeStands('n')} and not exists (
          select 1 from ${notifications} newer
          where newer.recipient_id = n.recipient_id and newer.kind = 'LIKE'
            and newer.post_id = n.post_id and newer.id > n.id and ${likeStands('newer')})))
      order by n.id desc
      limit ${limit}
    )
    select page.id, page.kind, page.actor_id, actor.name as actor_name,
      actor.picture as actor_picture, page.post_id, p.image_key, p.image_width, p.image_height,
      p.image_placeholder, page.comment_id, left(c.text, ${NOTIFICATION_LIMITS.commentPreview}) as comment_text,
      page.created_at, page.read_at, likes.like_count, likes.like_unread, likes.likers
    from page
    join ${members} actor on actor.id = page.actor_id
    left join ${posts} p on p.id = page.post_id
    left join ${comments} c on c.id = page.comment_id
    left join lateral (
      select count(*) as like_count, bool_or(l.read_at is null) as like_unread,
        (select json_agg(json_build_object('id', m.id, 'name', m.name, 'picture', m.picture)
                order by newest.id desc)
           from (select l2.id, l2.actor_id from ${notifications} l2
                 where l2.recipient_id = ${memberId} and l2.kind = 'LIKE'
                   and l2.post_id = page.post_id and ${likeStands('l2')}
                 order by l2.id desc limit ${NOTIFICATION_LIMITS.likers}) newest
           join ${members} m on m.id = newest.actor_id) as likers
      from ${notifications} l
      where page.kind = 'LIKE' and l.recipient_id = ${memberId} and l.kind = 'LIKE'
        and l.post_id = page.post_id and ${likeStands('l')}
    ) likes on true
    order by page.id desc`)) as unknown as Rows<ItemRow>;
  return result.rows.map(toItem);
}

function toItem(row: ItemRow): NotificationItem {
  const actor: MemberSummary = {
    id: Number(row.actor_id),
    name: row.actor_name,
    picture: row.actor_picture,
  };
  const isLike = row.kind === 'LIKE';
  const likers = typeof row.likers === 'string' ? JSON.parse(row.likers) : row.likers;
  return {
    id: Number(row.id),
    kind: row.kind,
    actors:
      isLike && Array.isArray(likers) && likers.length > 0
        ? likers.map((liker: { id: number | string; name: string; picture: string | null }) => ({
            id: Number(liker.id),
            name: liker.name,
            picture: liker.picture,
          }))
        : [actor],
    actorCount: isLike ? Number(row.like_count ?? 1) : 1,
    post:
      row.post_id === null || row.image_key === null
        ? null
        : {
            id: Number(row.post_id),
            imageUrl: row.image_key,
            imageWidth: row.image_width,
            imageHeight: row.image_height,
            imagePlaceholder: row.image_placeholder,
          },
    comment:
      row.comment_id === null || row.comment_text === null
        ? null
        : { id: Number(row.comment_id), text: row.comment_text },
    createdDate: seoulTimestamp(new Date(row.created_at)),
    read: isLike ? row.like_unread === false : row.read_at !== null,
  };
}

/**
 * Marks the member's unread notifications read, all of them or those up to the id `upTo` (the
 * newest item the member has seen); another member's ids only bound the member's own. Returns
 * whether any changed.
 */
export async function markRead(
  db: Executor,
  memberId: number,
  upTo: number | undefined,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.recipientId, memberId),
        isNull(notifications.readAt),
        upTo === undefined ? undefined : sql`${notifications.id} <= ${upTo}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

const settingColumns = {
  friendRequest: members.notifyFriendRequest,
  friendAccept: members.notifyFriendAccept,
  comment: members.notifyComment,
  like: members.notifyLike,
};

/** The member's notification preferences. */
export async function notificationSettings(
  db: Executor,
  memberId: number,
): Promise<NotificationSettings> {
  const [row] = await db.select(settingColumns).from(members).where(eq(members.id, memberId));
  if (!row) throw notFound();
  return row;
}

/** Sets the preferences given (absent ones are kept); answers them all as stored. */
export async function updateNotificationSettings(
  db: Executor,
  memberId: number,
  update: NotificationSettingsUpdate,
): Promise<NotificationSettings> {
  const changes: Partial<Record<keyof typeof settingColumns, boolean>> = {};
  if (update.friendRequest !== undefined) changes.friendRequest = update.friendRequest;
  if (update.friendAccept !== undefined) changes.friendAccept = update.friendAccept;
  if (update.comment !== undefined) changes.comment = update.comment;
  if (update.like !== undefined) changes.like = update.like;
  if (Object.keys(changes).length === 0) return notificationSettings(db, memberId);
  const [row] = await db
    .update(members)
    .set({
      notifyFriendRequest: changes.friendRequest,
      notifyFriendAccept: changes.friendAccept,
      notifyComment: changes.comment,
      notifyLike: changes.like,
    })
    .where(eq(members.id, memberId))
    .returning(settingColumns);
  if (!row) throw notFound();
  return row;
}
