import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { eq, sql } from 'drizzle-orm';

import { LIVE_EVENT, notificationLiveEventSchema } from '@/lib/contract/live';
import {
  NOTIFICATION_LIMITS,
  type NotificationItem,
  type NotificationPage,
  notificationPageSchema,
  notificationSettingsSchema,
  unreadNotificationsSchema,
} from '@/lib/contract/notification';

import { type Member, members, notifications, posts } from '../src/db/schema';
import { buildMember, insertFriendship, insertMembers } from '../src/seed/builders';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { startRedisPair } from './helpers/instances';
import { openEvents, type SseClient } from './helpers/sse';
import { until } from './helpers/wait';

after(dropTestDatabases);

const SEOUL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/;

/** A post row of `memberId` (the list reads only its key and image fields). */
async function insertPost(
  server: TestServer,
  memberId: number,
  text = '오늘 스쿼트',
): Promise<number> {
  const [row] = await server.database.db
    .insert(posts)
    .values({
      memberId,
      text,
      imageKey: `${memberId}-${Math.random().toString(36).slice(2)}.png`,
      imageWidth: 32,
      imageHeight: 24,
      imagePlaceholder: 'AAAA',
    })
    .returning({ id: posts.id });
  return row.id;
}

async function ok(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  assert.ok(response.status < 300, `${what}: ${response.status} ${text}`);
  return text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
}

const page = async (client: ApiClient, query = ''): Promise<NotificationPage> =>
  notificationPageSchema.parse(await client.get(`/api/notifications${query}`));
const items = async (client: ApiClient, query = '') => (await page(client, query)).items;
const unread = async (client: ApiClient) =>
  unreadNotificationsSchema.parse(await client.get('/api/notifications/unread-count')).unreadCount;
const markRead = async (client: ApiClient, body?: unknown) =>
  unreadNotificationsSchema.parse(
    await ok(await client.call('POST', '/api/notifications/read', body), 'mark read'),
  ).unreadCount;
const like = async (client: ApiClient, postId: number, liked = true) =>
  ok(await client.call(liked ? 'PUT' : 'DELETE', `/api/post/${postId}/like`), 'like');
const comment = async (client: ApiClient, postId: number, text: string) =>
  ok(await client.call('POST', '/api/comment', { postId, text }), 'comment');
const settings = async (client: ApiClient, update: unknown) =>
  notificationSettingsSchema.parse(
    await ok(await client.call('PUT', '/api/member/notification-settings', update), 'settings'),
  );
const names = (item: NotificationItem) => item.actors.map((actor) => actor.name);

for (const kind of databaseKinds()) {
  describe(`notifications (${kind.name})`, () => {
    let server: TestServer;
    let alice: Member;
    let bob: Member;
    let carol: Member;
    let dave: Member;
    let erin: Member;
    let asAlice: ApiClient;
    let asBob: ApiClient;
    let asCarol: ApiClient;
    let asDave: ApiClient;
    let asErin: ApiClient;
    let post: number;
    const streams: SseClient[] = [];

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [alice, bob, carol, dave, erin] = await insertMembers(server.database.db, [
        buildMember({ name: '김민준', picture: 'https://example.test/minjun.png' }),
        buildMember({ name: '이서연' }),
        buildMember({ name: '박지호' }),
        buildMember({ name: '최유나' }),
        buildMember({ name: '정하늘' }),
      ]);
      [asAlice, asBob, asCarol, asDave, asErin] = await Promise.all(
        [alice, bob, carol, dave, erin].map((member) => apiClient(server, member)),
      );
      post = await insertPost(server, alice.id);
    });
    afterEach(async () => {
      for (const stream of streams.splice(0)) stream.close();
      await server.close();
    });

    it('notifies a friend request, its acceptance, a comment and a like, with what links them', async () => {
      assert.deepEqual(await page(asAlice), { items: [], unreadCount: 0 });

      await ok(await asBob.call('POST', `/api/friend/request/${alice.id}`), 'request');
      const [request] = await items(asAlice);
      assert.equal(request.kind, 'FRIEND_REQUEST');
      assert.deepEqual(request.actors, [{ id: bob.id, name: '이서연', picture: null }]);
      assert.equal(request.actorCount, 1);
      assert.equal(request.post, null);
      assert.equal(request.comment, null);
      assert.equal(request.read, false);
      assert.match(request.createdDate, SEOUL_TIMESTAMP);
      assert.equal(await unread(asAlice), 1);

      // Alice accepts: Bob is told; Alice's request notification is done with (read).
      await ok(await asAlice.call('POST', `/api/friend/accept/${bob.id}`), 'accept');
      const [accepted] = await items(asBob);
      assert.equal(accepted.kind, 'FRIEND_ACCEPT');
      assert.deepEqual(accepted.actors, [
        { id: alice.id, name: '김민준', picture: 'https://example.test/minjun.png' },
      ]);
      assert.equal(await unread(asBob), 1);
      assert.equal(await unread(asAlice), 0);
      assert.equal((await items(asAlice))[0].read, true);

      const long = `${'스'.repeat(NOTIFICATION_LIMITS.commentPreview)}쿼트 자세 좋네요`;
      await comment(asBob, post, long);
      const [commented] = await items(asAlice);
      assert.equal(commented.kind, 'COMMENT');
      assert.deepEqual(names(commented), ['이서연']);
      const [stored] = await server.database.db.select().from(posts).where(eq(posts.id, post));
      assert.deepEqual(commented.post, {
        id: post,
        imageUrl: stored.imageKey,
        imageWidth: 32,
        imageHeight: 24,
        imagePlaceholder: 'AAAA',
      });
      assert.equal(commented.comment?.text, '스'.repeat(NOTIFICATION_LIMITS.commentPreview));
      assert.ok((commented.comment?.id ?? 0) > 0);

      await like(asBob, post);
      const list = await items(asAlice);
      assert.deepEqual(
        list.map((item) => item.kind),
        ['LIKE', 'COMMENT', 'FRIEND_REQUEST'],
        'newest first',
      );
      assert.equal(list[0].post?.id, post);
      assert.equal(list[0].actorCount, 1);
      assert.deepEqual(names(list[0]), ['이서연']);
      assert.equal(await unread(asAlice), 2);
    });

    it('never notifies members of their own actions', async () => {
      await comment(asAlice, post, '내 글에 내 댓글');
      await like(asAlice, post);
      assert.deepEqual(await page(asAlice), { items: [], unreadCount: 0 });
      // A request answered by a request the other way is an acceptance, told to the first asker.
      await ok(await asAlice.call('POST', `/api/friend/request/${bob.id}`), 'request');
      await ok(await asBob.call('POST', `/api/friend/request/${alice.id}`), 'request back');
      assert.deepEqual(
        (await items(asAlice)).map((item) => item.kind),
        ['FRIEND_ACCEPT'],
      );
      assert.deepEqual(
        (await items(asBob)).map((item) => [item.kind, item.read]),
        [['FRIEND_REQUEST', true]],
      );
    });

    it('notifies only of the kinds the member keeps on', async () => {
      assert.deepEqual(
        notificationSettingsSchema.parse(await asAlice.get('/api/member/notification-settings')),
        { friendRequest: true, friendAccept: true, comment: true, like: true },
      );
      assert.deepEqual(await settings(asAlice, { like: false, comment: false }), {
        friendRequest: true,
        friendAccept: true,
        comment: false,
        like: false,
      });
      // Absent fields are kept; an empty body changes nothing.
      assert.deepEqual(await settings(asAlice, {}), {
        friendRequest: true,
        friendAccept: true,
        comment: false,
        like: false,
      });
      await like(asBob, post);
      await comment(asBob, post, '좋아요');
      assert.deepEqual(await page(asAlice), { items: [], unreadCount: 0 });

      await settings(asAlice, { friendRequest: false });
      await ok(await asCarol.call('POST', `/api/friend/request/${alice.id}`), 'request');
      assert.deepEqual(await items(asAlice), []);
      await settings(asCarol, { friendAccept: false });
      await ok(await asAlice.call('POST', `/api/friend/accept/${carol.id}`), 'accept');
      assert.deepEqual(await items(asCarol), []);

      // Back on: the next ones arrive (the earlier ones were never written).
      await settings(asAlice, { like: true });
      await like(asDave, post);
      assert.deepEqual(
        (await items(asAlice)).map((item) => [item.kind, names(item)]),
        [['LIKE', ['최유나']]],
      );
      // Another member's settings are their own.
      assert.deepEqual(
        notificationSettingsSchema.parse(await asBob.get('/api/member/notification-settings')),
        { friendRequest: true, friendAccept: true, comment: true, like: true },
      );
    });

    it('groups the likes of a post, newest likers first, and notifies a liker once', async () => {
      const other = await insertPost(server, alice.id, '데드리프트');
      await like(asBob, post);
      await like(asCarol, post);
      await like(asDave, other);
      await like(asDave, post);
      await like(asErin, post);
      let list = await items(asAlice);
      assert.equal(list.length, 2);
      const [group, single] = list;
      assert.equal(group.kind, 'LIKE');
      assert.equal(group.post?.id, post);
      assert.equal(group.actorCount, 4);
      assert.deepEqual(names(group), ['정하늘', '최유나', '박지호'], 'the newest three likers');
      assert.equal(group.read, false);
      assert.deepEqual([single.post?.id, single.actorCount, names(single)], [other, 1, ['최유나']]);
      assert.equal(await unread(asAlice), 2, 'a post with unread likes counts once');

      // Like, unlike, like again while unread: one notification, unread.
      await like(asBob, post, false);
      assert.equal((await items(asAlice))[0].actorCount, 3, 'an unread like goes with the unlike');
      await like(asBob, post);
      await like(asBob, post);
      const rows = await server.database.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(sql`${notifications.actorId} = ${bob.id} and ${notifications.kind} = 'LIKE'`);
      assert.equal(rows.length, 1);

      // Read, then unlike and like again: no new notification.
      assert.equal(await markRead(asAlice), 0);
      await like(asCarol, post, false);
      list = await items(asAlice);
      assert.equal(list[0].actorCount, 3, 'a read like is left out while it is taken back');
      assert.ok(!names(list[0]).includes('박지호'));
      await like(asCarol, post);
      assert.equal(await unread(asAlice), 0, 'liking again does not notify again');
      list = await items(asAlice);
      assert.equal(list[0].actorCount, 4);
      assert.equal(list[0].read, true);

      // A new like makes the group unread again and moves it up.
      await like(asDave, other, false);
      await like(asDave, other);
      const newcomer = (
        await insertMembers(server.database.db, [buildMember({ name: '한결' })])
      )[0];
      await like(await apiClient(server, newcomer), other);
      list = await items(asAlice);
      assert.deepEqual(
        list.map((item) => [item.post?.id, item.actorCount, item.read]),
        [
          [other, 2, false],
          [post, 4, true],
        ],
      );
      assert.deepEqual(names(list[0]), ['한결', '최유나']);
      assert.equal(await unread(asAlice), 1);
    });

    it('counts unread items and marks them read, all or up to an item', async () => {
      await like(asBob, post);
      await comment(asCarol, post, '멋져요');
      await ok(await asDave.call('POST', `/api/friend/request/${alice.id}`), 'request');
      const list = await items(asAlice);
      assert.equal(list.length, 3);
      assert.equal(await unread(asAlice), 3);
      // Up to the comment: the like and the comment (older) are read, the request not.
      assert.equal(await markRead(asAlice, { upTo: list[1].id }), 1);
      assert.deepEqual(
        (await items(asAlice)).map((item) => [item.kind, item.read]),
        [
          ['FRIEND_REQUEST', false],
          ['COMMENT', true],
          ['LIKE', true],
        ],
      );
      assert.equal(await markRead(asAlice, { upTo: String(list[0].id) }), 0);
      assert.equal(await unread(asAlice), 0);
      assert.equal(await markRead(asAlice), 0, 'nothing left to mark');
      await comment(asErin, post, '저도요');
      assert.equal((await page(asAlice)).unreadCount, 1);
      assert.equal(await markRead(asAlice, null), 0, 'a null body marks all');
    });

    it('pages with a keyset cursor, newest first', async () => {
      for (const [i, client] of [asBob, asCarol, asDave, asErin].entries()) {
        await comment(client, post, `댓글 ${i}`);
      }
      await like(asBob, post);
      const all = await items(asAlice);
      assert.equal(all.length, 5);
      const first = await items(asAlice, '?limit=2');
      const second = await items(asAlice, `?limit=2&before=${first[1].id}`);
      const third = await items(asAlice, `?limit=2&before=${second[1].id}`);
      const last = await items(asAlice, `?limit=2&before=${third[0].id}`);
      assert.deepEqual(
        [...first, ...second, ...third].map((item) => item.id),
        all.map((item) => item.id),
      );
      assert.equal(third.length, 1);
      assert.deepEqual(last, []);
      assert.deepEqual(
        all.map((item) => item.comment?.text ?? item.kind),
        ['LIKE', '댓글 3', '댓글 2', '댓글 1', '댓글 0'],
      );
      // The default page size.
      for (let i = 0; i < NOTIFICATION_LIMITS.defaultPage; i += 1)
        await comment(asBob, post, `${i}`);
      assert.equal((await items(asAlice)).length, NOTIFICATION_LIMITS.defaultPage);
    });

    it('keeps each member to their own notifications', async () => {
      await comment(asBob, post, '앨리스에게');
      const [alices] = await items(asAlice);
      const bobsPost = await insertPost(server, bob.id);
      await comment(asCarol, bobsPost, '밥에게');
      const bobs = await items(asBob);
      assert.deepEqual(
        bobs.map((item) => item.comment?.text),
        ['밥에게'],
        'another member’s list never shows',
      );
      // Bob's "up to" Alice's id reads only Bob's own.
      assert.equal(await markRead(asBob, { upTo: alices.id + 1000 }), 0);
      assert.equal(await unread(asAlice), 1, 'Alice’s notification is still unread');
      // Alice's paging cursor at Bob's id shows only Alice's.
      assert.deepEqual(
        (await items(asAlice, `?before=${bobs[0].id + 1}`)).map((item) => item.id),
        [alices.id],
      );
      // Nothing to address another member's notifications by.
      await asAlice.error('GET', `/api/notifications/${alices.id}`, undefined, 404);
      await asAlice.error('DELETE', `/api/notifications/${alices.id}`, undefined, 404);
    });

    it('removes the notifications of withdrawn requests, deleted comments and posts', async () => {
      await ok(await asBob.call('POST', `/api/friend/request/${alice.id}`), 'request');
      await ok(await asCarol.call('POST', `/api/friend/request/${alice.id}`), 'request');
      assert.equal(await unread(asAlice), 2);
      // Bob withdraws his; Alice rejects Carol's.
      await ok(await asBob.call('POST', `/api/friend/cancel/${alice.id}`), 'withdraw');
      await ok(await asAlice.call('POST', `/api/friend/cancel/${carol.id}`), 'reject');
      assert.deepEqual(await page(asAlice), { items: [], unreadCount: 0 });

      await comment(asBob, post, '지울 댓글');
      const [{ comment: written }] = await items(asAlice);
      await ok(await asBob.call('DELETE', `/api/comment/${written!.id}`), 'delete comment');
      assert.deepEqual(await page(asAlice), { items: [], unreadCount: 0 });

      await comment(asBob, post, '남을까');
      await like(asCarol, post);
      assert.equal(await unread(asAlice), 2);
      await ok(await asAlice.call('DELETE', `/api/post/${post}`), 'delete post');
      assert.deepEqual(await page(asAlice), { items: [], unreadCount: 0 });
    });

    it('pushes the unread count to the recipient’s live stream', async () => {
      const events = await openEvents(server.baseUrl, await sessionCookie(alice));
      streams.push(events);
      await events.next(LIVE_EVENT.ready);
      const count = async () =>
        notificationLiveEventSchema.parse((await events.next(LIVE_EVENT.notification)).data)
          .unreadCount;
      assert.equal(await count(), 0, 'the stream opens with the count');

      const bobs = await openEvents(server.baseUrl, await sessionCookie(bob));
      streams.push(bobs);
      await bobs.next(LIVE_EVENT.ready);
      await bobs.next(LIVE_EVENT.notification);

      await like(asBob, post);
      assert.equal(await count(), 1);
      await comment(asCarol, post, '굿');
      assert.equal(await count(), 2);
      await ok(await asDave.call('POST', `/api/friend/request/${alice.id}`), 'request');
      assert.equal(await count(), 3);
      // Read in another tab: this one clears too.
      await markRead(asAlice);
      assert.equal(await count(), 0);
      // A like after reading makes its post's item unread again.
      await like(asCarol, post);
      assert.equal(await count(), 1);
      await like(asCarol, post, false);
      assert.equal(await count(), 0, 'an unread like taken back');
      // Nothing reached Bob but his stream's opening count.
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(bobs.named(LIVE_EVENT.notification).length, 1);
      // One's own action pushes nothing.
      await like(asAlice, post);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(events.named(LIVE_EVENT.notification).length, 7);
    });

    it('answers 401 without a session and 400 for bad input', async () => {
      for (const [method, path] of [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread-count'],
        ['POST', '/api/notifications/read'],
        ['GET', '/api/member/notification-settings'],
        ['PUT', '/api/member/notification-settings'],
      ]) {
        const response = await fetch(`${server.baseUrl}${path}`, { method });
        assert.equal(response.status, 401, `${method} ${path}`);
        assert.equal(((await response.json()) as { code: string }).code, '401');
      }
      for (const query of [
        'limit=0',
        `limit=${NOTIFICATION_LIMITS.maxPage + 1}`,
        'limit=abc',
        'limit=1.5',
        'limit=-1',
        'limit=1&limit=2',
        'before=abc',
        'before=0',
        'before=-5',
        'before=1e3',
        'before=99999999999999999999',
      ]) {
        const body = await asAlice.error('GET', `/api/notifications?${query}`, undefined, 400);
        assert.ok(body.data && Object.keys(body.data).length > 0, query);
      }
      // Empty values are the defaults.
      assert.deepEqual(await page(asAlice, '?limit=&before='), { items: [], unreadCount: 0 });
      for (const body of [{ upTo: 'abc' }, { upTo: 0 }, { upTo: 1.5 }, [], 'x']) {
        await asAlice.error('POST', '/api/notifications/read', body, 400);
      }
      for (const body of [{ like: 'yes' }, { comment: 1 }, { friendRequest: null }, [], 'x']) {
        await asAlice.error('PUT', '/api/member/notification-settings', body, 400);
      }
      const [stored] = await server.database.db
        .select({ like: members.notifyLike, comment: members.notifyComment })
        .from(members)
        .where(eq(members.id, alice.id));
      assert.deepEqual(stored, { like: true, comment: true }, 'refused settings change nothing');
    });

    it('stops telling of a friendship once both asked (accepting twice notifies once)', async () => {
      await insertFriendship(server.database.db, bob.id, alice.id, false);
      await Promise.all([
        asAlice.call('POST', `/api/friend/accept/${bob.id}`),
        asAlice.call('POST', `/api/friend/accept/${bob.id}`),
      ]);
      assert.equal((await items(asBob)).length, 1);
    });
  });
}

describe('notifications across two instances through Redis', () => {
  it('reaches a member whose stream is on the other instance', async (t) => {
    const pair = await startRedisPair(t);
    if (!pair) return;
    const [first, second] = pair;
    const cleanup: Array<() => unknown> = [];
    try {
      const [a, b] = await insertMembers(first.database.db, [buildMember(), buildMember()]);
      const postId = await insertPost(first, a.id);
      const aStream = await openEvents(second.baseUrl, await sessionCookie(a));
      cleanup.push(() => aStream.close());
      await aStream.next(LIVE_EVENT.ready);
      await aStream.next(LIVE_EVENT.notification);

      // B likes on the first instance; A's stream is on the second.
      await like(await apiClient(first, b), postId);
      const pushed = notificationLiveEventSchema.parse(
        (await aStream.next(LIVE_EVENT.notification)).data,
      );
      assert.equal(pushed.unreadCount, 1);
      // A reads on the first instance: the stream on the second hears it once.
      assert.equal(await markRead(await apiClient(first, a)), 0);
      const cleared = notificationLiveEventSchema.parse(
        (await aStream.next(LIVE_EVENT.notification)).data,
      );
      assert.equal(cleared.unreadCount, 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await until(() => aStream.named(LIVE_EVENT.notification).length === 3, 'three events');
    } finally {
      for (const step of cleanup) await step();
      await second.close();
      await first.close();
    }
  });
});
