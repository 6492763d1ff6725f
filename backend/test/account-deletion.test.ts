import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { sql } from 'drizzle-orm';

import { chatMessageListSchema, DELETED_SENDER, roomSendDestination } from '@/lib/contract/chat';
import { errorBodySchema } from '@/lib/contract/errors';
import { loginCheckSchema } from '@/lib/contract/session';

import type { Db } from '../src/db/client';
import { idempotencyKeys, type Member, notifications, postLikes } from '../src/db/schema';
import {
  buildClub,
  buildDay,
  buildExercise,
  buildMember,
  buildMessage,
  buildPost,
  buildRoutine,
  entryOf,
  insertClubs,
  insertComments,
  insertDays,
  insertExercises,
  insertFriendship,
  insertMembers,
  insertMessages,
  insertPosts,
  insertRoutines,
  type StoredClub,
} from '../src/seed/builders';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { apiClient, sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { CookieJar, request } from './helpers/http';
import { filesUnder, imagesDir } from './helpers/images';
import { startRedisPair } from './helpers/instances';
import { signIn } from './helpers/sign-in';
import { connectStomp, cookieFor, type StompPeer, subscribeRoom } from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

/** A single-column foreign key, as the database catalogue describes it. */
interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
  /** pg_constraint.confdeltype: c cascade, n set null, d set default, r restrict, a no action. */
  rule: string;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every foreign key of the public schema, from pg_constraint (so a future table is included). */
async function foreignKeys(db: Db): Promise<ForeignKey[]> {
  const keys = await rows<ForeignKey & { columns: number }>(
    db,
    sql`select c.conrelid::regclass::text as "table", a.attname as "column",
          c.confrelid::regclass::text as "refTable", af.attname as "refColumn",
          c.confdeltype as "rule", array_length(c.conkey, 1) as "columns"
        from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace and n.nspname = 'public'
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
        where c.contype = 'f'
        order by 1, 2`,
  );
  // The walk below follows single-column keys; a composite one would need this test extended.
  for (const key of keys) assert.equal(Number(key.columns), 1, `${key.table}.${key.column}`);
  return keys.map(({ table, column, refTable, refColumn, rule }) => ({
    table,
    column,
    refTable,
    refColumn,
    rule,
  }));
}

/** Every row of every table of the public schema, as normalised JSON text, by table. */
async function snapshot(db: Db): Promise<Map<string, string[]>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const result = new Map<string, string[]>();
  for (const { name } of tables) {
    const found = await rows<{ j: string }>(
      db,
      sql`select row_to_json(t)::text as j from ${sql.identifier(name)} t`,
    );
    result.set(name, found.map((row) => JSON.stringify(JSON.parse(row.j))).sort());
  }
  return result;
}

/**
 * What deleting member `memberId` must remove and change, found from the catalogue: starting at
 * the member's row, every row that references a removed row through an ON DELETE CASCADE key is
 * removed too (and so on down), every row that references one through ON DELETE SET NULL stays
 * with that column null. A key with any other rule that reaches a removed row fails the test
 * (the deletion would fail, or leave the row behind).
 */
async function ownedClosure(db: Db, keys: ForeignKey[], memberId: number) {
  const removed = new Map<string, Map<string, Record<string, unknown>>>();
  const nulled = new Map<string, { table: string; column: string; row: Record<string, unknown> }>();
  const add = (table: string, json: string) => {
    let set = removed.get(table);
    if (!set) removed.set(table, (set = new Map()));
    if (set.has(json)) return false;
    set.set(json, JSON.parse(json) as Record<string, unknown>);
    return true;
  };
  const select = async (table: string, column: string, values: unknown[]) => {
    if (values.length === 0) return [];
    const found = await rows<{ j: string }>(
      db,
      sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t
          where ${sql.identifier(column)} in (${sql.join(
            values.map((value) => sql`${value}`),
            sql`, `,
          )})`,
    );
    return found.map((row) => JSON.stringify(JSON.parse(row.j)));
  };

  let frontier: Array<{ table: string; rows: Record<string, unknown>[] }> = [];
  for (const json of await select('members', 'id', [memberId])) {
    add('members', json);
    frontier.push({ table: 'members', rows: [JSON.parse(json) as Record<string, unknown>] });
  }
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { table, rows: parents } of frontier) {
      for (const key of keys.filter((k) => k.refTable === table)) {
        const values = [...new Set(parents.map((parent) => parent[key.refColumn]))];
        const children = await select(key.table, key.column, values);
        if (key.rule === 'n') {
          for (const json of children) {
            nulled.set(`${key.table}:${json}`, {
              table: key.table,
              column: key.column,
              row: JSON.parse(json) as Record<string, unknown>,
            });
          }
          continue;
        }
        assert.ok(
          children.length === 0 || key.rule === 'c',
          `${key.table}.${key.column} references ${table} with ON DELETE rule '${key.rule}'`,
        );
        const added = children.filter((json) => add(key.table, json));
        if (added.length > 0) {
          next.push({
            table: key.table,
            rows: added.map((json) => JSON.parse(json) as Record<string, unknown>),
          });
        }
      }
    }
    frontier = next;
  }
  // A row removed anyway (the member's own routine entry naming their exercise) is not kept.
  for (const [id, { table, row }] of nulled) {
    if (removed.get(table)?.has(JSON.stringify(row))) nulled.delete(id);
  }
  return { removed, nulled };
}

for (const kind of databaseKinds()) {
  describe(`account deletion (${kind.name})`, () => {
    let server: TestServer;
    let db: Db;
    let storage: LocalImageStorage;
    const email = 'leaving@everyhealth.test';

    beforeEach(async () => {
      server = await startServer(await kind.create());
      db = server.database.db;
      storage = new LocalImageStorage(imagesDir(server), 1024 * 1024);
    });
    afterEach(() => server?.close());

    /** Signs in through the development provider; the member and the cookie jar. */
    async function signInAs(address: string, name?: string) {
      const { jar } = await signIn(server.baseUrl, { email: address, name });
      const check = loginCheckSchema.parse(
        await (await request(jar, `${server.baseUrl}/api/login/check`)).json(),
      );
      assert.equal(check.check, true);
      return { jar, id: check.id! };
    }

    const deleteAccount = (cookie: string, origin: string | null = server.baseUrl) =>
      fetch(`${server.baseUrl}/api/member`, {
        method: 'DELETE',
        headers: { cookie, ...(origin ? { origin } : {}) },
      });

    /** A member with data in every kind of table, and other members around them. */
    async function populate(meId: number) {
      const [pal, asker, target, owner, bystander] = await insertMembers(db, [
        buildMember({ name: '친구' }),
        buildMember({ name: '요청자' }),
        buildMember({ name: '받을사람' }),
        buildMember({ name: '클럽장' }),
        buildMember({ name: '구경꾼' }),
      ]);
      const [bench, squat] = await insertExercises(db, [
        buildExercise({ memberId: meId, name: '벤치프레스' }),
        buildExercise({ memberId: meId, name: '스쿼트', classification: 'LOWERBODY' }),
      ]);
      const [palsExercise] = await insertExercises(db, [
        buildExercise({ memberId: pal.id, name: '친구의 데드리프트' }),
      ]);
      await insertRoutines(db, [
        buildRoutine({ memberId: meId, entries: [entryOf(bench, 1), entryOf(squat, 2)] }),
        buildRoutine({ memberId: pal.id, entries: [entryOf(palsExercise, 1)] }),
      ]);
      await insertDays(db, [
        buildDay({
          memberId: meId,
          localDate: '2025-03-02',
          entries: [entryOf(bench, 1), entryOf(squat, 2)],
        }),
        buildDay({
          memberId: pal.id,
          localDate: '2025-03-02',
          entries: [entryOf(palsExercise, 1)],
        }),
      ]);
      const [myPost, mySecondPost, palsPost] = await insertPosts(db, storage, [
        buildPost({ memberId: meId, text: '내 게시물' }),
        buildPost({ memberId: meId, text: '내 두 번째 게시물' }),
        buildPost({ memberId: pal.id, text: '친구 게시물' }),
      ]);
      const [myComment, palsComment] = await insertComments(db, [
        { postId: palsPost.id, memberId: meId, text: '내가 단 댓글' },
        { postId: myPost.id, memberId: pal.id, text: '친구가 단 댓글' },
        { postId: palsPost.id, memberId: bystander.id, text: '구경꾼 댓글' },
      ]);
      await db.insert(postLikes).values([
        { postId: palsPost.id, memberId: meId },
        { postId: myPost.id, memberId: pal.id },
        { postId: palsPost.id, memberId: bystander.id },
      ]);
      await insertFriendship(db, meId, pal.id, true);
      await insertFriendship(db, asker.id, meId, false);
      await insertFriendship(db, meId, target.id, false);
      await insertFriendship(db, pal.id, bystander.id, true);
      await db.insert(notifications).values([
        { recipientId: meId, kind: 'LIKE', actorId: pal.id, postId: myPost.id },
        { recipientId: meId, kind: 'FRIEND_REQUEST', actorId: asker.id },
        {
          recipientId: pal.id,
          kind: 'COMMENT',
          actorId: meId,
          postId: palsPost.id,
          commentId: myComment,
        },
        { recipientId: target.id, kind: 'FRIEND_REQUEST', actorId: meId },
        { recipientId: pal.id, kind: 'COMMENT', actorId: bystander.id, postId: palsPost.id },
      ]);
      const [myClub, theirClub] = await insertClubs(db, [
        buildClub({ ownerId: meId, title: '내 클럽', memberIds: [pal.id] }),
        buildClub({ ownerId: owner.id, title: '남의 클럽', memberIds: [meId, pal.id] }),
      ]);
      await insertMessages(db, [
        buildMessage({ roomId: myClub.chatRoomId, memberId: meId, message: '내 클럽 첫 글' }),
        buildMessage({ roomId: myClub.chatRoomId, memberId: pal.id, message: '내 클럽에 친구 글' }),
        buildMessage({ roomId: theirClub.chatRoomId, memberId: owner.id, message: '어서 오세요' }),
        buildMessage({ roomId: theirClub.chatRoomId, memberId: meId, message: '반갑습니다' }),
        buildMessage({ roomId: theirClub.chatRoomId, memberId: pal.id, message: '저도요' }),
      ]);
      await db.insert(idempotencyKeys).values({ memberId: meId, key: 'k-1', fingerprint: 'f' });
      return {
        pal,
        owner,
        bystander,
        myPost,
        mySecondPost,
        palsPost,
        palsComment,
        myClub,
        theirClub,
      };
    }

    it('removes every row and stored image of the member, keeps their messages sender-less and everyone else intact, and ends the session', async () => {
      const { jar, id: meId } = await signInAs(email, '떠날회원');
      // A second device's sign-in, and a rotation on the first: three refresh tokens in all.
      const other = await signInAs(email);
      const firstRefresh = jar.get('refresh_token')!;
      let response = await request(jar, `${server.baseUrl}/api/token/refresh`, { method: 'POST' });
      assert.equal(response.status, 200);
      const accessCookie = `access_token=${jar.get('access_token')}`;
      // An idempotent write, as the offline outbox sends them: a key of the member's.
      response = await fetch(
        `${server.baseUrl}/api/routine?name=${encodeURIComponent('새 루틴')}`,
        {
          method: 'POST',
          headers: { cookie: accessCookie, 'idempotency-key': 'outbox-1' },
        },
      );
      assert.ok(response.status < 300, await response.text());
      const data = await populate(meId);
      const myKeys = [data.myPost.imageKey, data.mySecondPost.imageKey];
      const stem = (key: string) => key.slice(0, key.lastIndexOf('.'));
      const filesOf = (key: string) =>
        filesUnder(imagesDir(server)).filter((file) => file.startsWith(stem(key)));
      for (const key of myKeys) assert.ok(filesOf(key).length > 1, 'display image and variants');
      const palsFiles = filesOf(data.palsPost.imageKey);

      // Live chat: the member in the other club's room, the friend in both rooms.
      const peers: StompPeer[] = [];
      try {
        const mine = await connectStomp(server.baseUrl, accessCookie);
        const pals = await connectStomp(server.baseUrl, await cookieFor(data.pal));
        peers.push(mine, pals);
        await subscribeRoom(mine, data.theirClub.chatRoomId);
        await subscribeRoom(pals, data.theirClub.chatRoomId);

        const keys = await foreignKeys(db);
        const toMembers = keys.filter((key) => key.refTable === 'members');
        assert.ok(toMembers.length >= 15, 'the catalogue lists the member references');
        for (const key of toMembers) {
          assert.ok(
            key.rule === 'c' || key.rule === 'n',
            `${key.table}.${key.column} must cascade or set null, not '${key.rule}'`,
          );
        }
        const before = await snapshot(db);
        const { removed, nulled } = await ownedClosure(db, keys, meId);
        // Sanity: the walk found what populate() made (not an empty closure that passes vacuously).
        for (const table of [
          'exercises',
          'routines',
          'routine_exercises',
          'todays',
          'today_exercises',
          'rep_weights',
          'posts',
          'comments',
          'post_likes',
          'friendships',
          'notifications',
          'clubs',
          'club_members',
          'chat_rooms',
          'chat_messages',
          'refresh_token_families',
          'refresh_tokens',
          'idempotency_keys',
        ]) {
          assert.ok((removed.get(table)?.size ?? 0) > 0, `something of ${table} to remove`);
        }
        assert.deepEqual(
          [...nulled.values()].map(({ table, row }) => [table, row.message]),
          [['chat_messages', '반갑습니다']],
        );

        response = await deleteAccount(accessCookie);
        assert.equal(response.status, 204, await response.text());
        const cleared = response.headers.getSetCookie();
        assert.ok(
          cleared.some((line) => /^access_token=;/.test(line) && /Max-Age=0/.test(line)),
          cleared.join('\n'),
        );
        assert.ok(
          cleared.some(
            (line) =>
              /^refresh_token=;/.test(line) &&
              /Max-Age=0/.test(line) &&
              /Path=\/api\/token\/refresh/.test(line),
          ),
          cleared.join('\n'),
        );

        // Table by table: what the member owned is gone, their message lost its sender, and
        // every other row of every table is exactly as it was.
        const afterwards = await snapshot(db);
        for (const [table, rowsBefore] of before) {
          const gone = removed.get(table) ?? new Map();
          const expected = rowsBefore
            .filter((json) => !gone.has(json))
            .map((json) => {
              const change = nulled.get(`${table}:${json}`);
              return change ? JSON.stringify({ ...change.row, [change.column]: null }) : json;
            })
            .sort();
          assert.deepEqual(afterwards.get(table), expected, `table ${table}`);
        }
        for (const key of keys.filter((k) => k.refTable === 'members')) {
          const [{ count }] = await rows<{ count: number }>(
            db,
            sql`select count(*)::int as count from ${sql.identifier(key.table)}
                where ${sql.identifier(key.column)} = ${meId}`,
          );
          assert.equal(count, 0, `${key.table}.${key.column}`);
        }

        // The stored images of the member's posts, every variant, are gone; the friend's stay.
        for (const key of myKeys) assert.deepEqual(filesOf(key), [], key);
        assert.deepEqual(filesOf(data.palsPost.imageKey), palsFiles);
        assert.equal(afterwards.get('pending_image_deletions')?.length, 0);

        // The session ends everywhere: the connection closes, no refresh token works, nor the
        // access token of either device.
        await Promise.race([
          mine.closed,
          delay(3000).then(() => assert.fail('the member’s chat connection stayed open')),
        ]);
        for (const token of [
          firstRefresh,
          jar.get('refresh_token')!,
          other.jar.get('refresh_token')!,
        ]) {
          response = await request(new CookieJar(), `${server.baseUrl}/api/token/refresh`, {
            method: 'POST',
            cookie: `refresh_token=${token}`,
          });
          assert.equal(response.status, 401);
        }
        for (const cookie of [accessCookie, `access_token=${other.jar.get('access_token')}`]) {
          response = await fetch(`${server.baseUrl}/api/member/exercises`, { headers: { cookie } });
          assert.equal(response.status, 401);
          assert.equal(errorBodySchema.parse(await response.json()).code, '401');
          const check = await fetch(`${server.baseUrl}/api/login/check`, { headers: { cookie } });
          assert.equal(loginCheckSchema.parse(await check.json()).check, false);
        }
        assert.equal((await deleteAccount(accessCookie)).status, 401);

        // The conversation keeps its sense: the message stays, from `(탈퇴한 회원)`.
        const pal = await apiClient(server, data.pal);
        const room = data.theirClub.chatRoomId;
        for (const path of [
          `/api/rooms/${room}/recentMessage`,
          `/api/rooms/${room}/olderMessage?messageId=999999999`,
          `/api/rooms/${room}/newerMessage?messageId=1`,
        ]) {
          const messages = chatMessageListSchema.parse(await pal.get(path));
          assert.deepEqual(
            messages.map((m) => [m.message, m.member]),
            [
              ['어서 오세요', { id: data.owner.id, name: data.owner.name, picture: null }],
              ['반갑습니다', DELETED_SENDER],
              ['저도요', { id: data.pal.id, name: data.pal.name, picture: null }],
            ],
            path,
          );
        }
        // The owned club went by the owner-leaves rule; the other club lives on, live.
        await pal.error('GET', `/api/club/chatRoom/${data.myClub.chatRoomId}`, undefined, 404);
        await pal.error(
          'GET',
          `/api/rooms/${data.myClub.chatRoomId}/recentMessage`,
          undefined,
          404,
        );
        const clubs = await pal.get<Array<{ title: string }>>('/api/clubs?isMyClubs=1');
        assert.deepEqual(
          clubs.map((club) => club.title),
          ['남의 클럽'],
        );
        pals.client.publish({ destination: roomSendDestination(room), body: '"아직 있어요"' });
        await pals.nextMessage();
        // What the friend sees of the member is gone; their export still works.
        const friends = await pal.get<Array<{ friend: { id: number } }>>('/api/member/friend');
        assert.deepEqual(
          friends.map((friendship) => friendship.friend.id),
          [data.bystander.id],
        );
        const palsPosts =
          await pal.get<Array<{ id: number; likeCount: number }>>('/api/member/posts');
        assert.deepEqual(
          palsPosts.map((post) => [post.id, post.likeCount]),
          [[data.palsPost.id, 1]],
        );
        assert.equal(
          (await pal.call('GET', '/api/member/export')).status,
          200,
          'export with a sender-less message',
        );
      } finally {
        await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
      }
    });

    it('signing in again with the same e-mail makes a new, empty member', async () => {
      const first = await signInAs(email, '떠날회원');
      const cookie = `access_token=${first.jar.get('access_token')}`;
      await populate(first.id);
      assert.equal((await deleteAccount(cookie)).status, 204);

      const again = await signInAs(email);
      assert.notEqual(again.id, first.id);
      const [member] = await rows<Member>(db, sql`select * from members where id = ${again.id}`);
      assert.equal(member.email, email);
      const api = await apiClient(server, { ...member, id: again.id });
      assert.deepEqual(await api.get('/api/member/exercises'), []);
      assert.deepEqual(await api.get('/api/member/routines'), []);
      assert.deepEqual(await api.get('/api/member/posts'), []);
      assert.deepEqual(await api.get('/api/member/friend'), []);
      assert.deepEqual(await api.get('/api/member/friend/request'), []);
      assert.deepEqual(await api.get('/api/clubs?isMyClubs=1'), []);
      const feed = await api.get<Array<{ text: string }>>('/api/posts?limit=50');
      assert.deepEqual(
        feed.map((post) => post.text),
        ['친구 게시물'],
      );
    });

    it('is 401 without a session and 403 from a foreign Origin, deleting nothing', async () => {
      const [member] = await insertMembers(db, [buildMember()]);
      await insertExercises(db, [buildExercise({ memberId: member.id })]);
      let response = await deleteAccount('', null);
      assert.equal(response.status, 401);
      assert.equal(errorBodySchema.parse(await response.json()).code, '401');
      const cookie = await sessionCookie(member);
      response = await deleteAccount(cookie, 'https://evil.example');
      assert.equal(response.status, 403);
      assert.equal(errorBodySchema.parse(await response.json()).code, '403');
      const api = await apiClient(server, member);
      assert.equal((await api.get<unknown[]>('/api/member/exercises')).length, 1);
      // Without an Origin header (not a browser's cross-site request) it goes through.
      assert.equal((await deleteAccount(cookie, null)).status, 204);
    });

    it('keeps deleting when the storage fails, leaving the deletions recorded for the next start', async () => {
      const [member] = await insertMembers(db, [buildMember()]);
      const [post] = await insertPosts(db, storage, [buildPost({ memberId: member.id })]);
      // A folder in the display image's place: removing it as a file fails (EISDIR).
      const display = path.join(imagesDir(server), post.imageKey);
      rmSync(display);
      mkdirSync(display);
      writeFileSync(path.join(display, 'keep'), 'x');
      const response = await deleteAccount(await sessionCookie(member));
      assert.equal(response.status, 204);
      const pending = await rows<{ imageKey: string }>(
        db,
        sql`select image_key as "imageKey" from pending_image_deletions`,
      );
      assert.deepEqual(
        pending.map((row) => row.imageKey),
        [post.imageKey],
      );
      const [{ count }] = await rows<{ count: number }>(
        db,
        sql`select count(*)::int as count from members where id = ${member.id}`,
      );
      assert.equal(count, 0);
    });
  });
}

describe('account deletion across two instances through Redis', () => {
  it('ends the member’s chat connection and refuses their token on the other instance at once', async (t) => {
    const pair = await startRedisPair(t);
    if (!pair) return;
    const [first, second] = pair;
    const peers: StompPeer[] = [];
    try {
      const [leaving, staying] = await insertMembers(first.database.db, [
        buildMember(),
        buildMember(),
      ]);
      const [club]: StoredClub[] = await insertClubs(first.database.db, [
        buildClub({ ownerId: staying.id, memberIds: [leaving.id] }),
      ]);
      const cookie = await cookieFor(leaving);
      // The second instance has the member in its lookup's memory (a request just made).
      let response = await fetch(`${second.baseUrl}/api/member/exercises`, { headers: { cookie } });
      assert.equal(response.status, 200);
      const onSecond = await connectStomp(second.baseUrl, cookie);
      peers.push(onSecond);
      await subscribeRoom(onSecond, club.chatRoomId);

      response = await fetch(`${first.baseUrl}/api/member`, {
        method: 'DELETE',
        headers: { cookie },
      });
      assert.equal(response.status, 204);
      let closed = false;
      void onSecond.closed.then(() => (closed = true));
      await until(() => closed, 'the connection on the other instance closing', 5000);
      response = await fetch(`${second.baseUrl}/api/member/exercises`, { headers: { cookie } });
      assert.equal(response.status, 401);
    } finally {
      await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
      await second.close();
      await first.close();
    }
  });
});
