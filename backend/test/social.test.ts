import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { count, eq } from 'drizzle-orm';
import { z } from 'zod';

import { commentSchema } from '@/lib/contract/comment';
import { likerListSchema, likeStateSchema, postSchema } from '@/lib/contract/post';

import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { comments, type Member, pendingImageDeletions, postLikes, posts } from '../src/db/schema';
import {
  buildMember,
  buildPost,
  insertComments,
  insertFriendship,
  insertMembers,
  insertPosts,
  type StoredPost,
} from '../src/seed/builders';
import type { ImageStorage } from '../src/storage/image-storage';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { startServer, TEST_JWT_SECRET, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { FILES_PER_IMAGE, filesUnder, imagesDir, storedFiles } from './helpers/images';

after(dropTestDatabases);

const MB10 = 10 * 1024 * 1024;
/** The issue 16 additions are always present on this backend's answers. */
const socialPost = z.object({
  ...postSchema.shape,
  likeCount: z.number().int().nonnegative(),
  liked: z.boolean(),
  mine: z.boolean(),
});
const socialPosts = z.array(socialPost);
const socialComments = z.array(z.object({ ...commentSchema.shape, mine: z.boolean() }));
const NOT_FOUND = '요청한 리소스를 찾을 수 없습니다.';

/** The files of the image stored under `key` (the display image and every variant). */
function filesOfKey(files: string[], key: string): string[] {
  const uuid = key.slice(0, key.indexOf('.'));
  return files.filter((name) => name.startsWith(uuid));
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`no ${what} within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const kind of databaseKinds()) {
  describe(`likes, own posts and comments (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let third: Member;
    let api: ApiClient;
    let theirs: ApiClient;
    let thirds: ApiClient;
    /** [other's post, my post] */
    let stored: StoredPost[];

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other, third] = await insertMembers(server.database.db, [
        buildMember({ name: '김좋아', picture: 'https://example.test/kim.png' }),
        buildMember({ name: '이하트' }),
        buildMember({ name: '박엄지', picture: 'https://example.test/park.png' }),
      ]);
      api = await apiClient(server, me);
      theirs = await apiClient(server, other);
      thirds = await apiClient(server, third);
      stored = await insertPosts(server.database.db, storage(), [
        buildPost({ memberId: other.id, text: '남의 글' }),
        buildPost({ memberId: me.id, text: '내 글' }),
      ]);
    });
    afterEach(() => server?.close());

    const storage = () => new LocalImageStorage(imagesDir(server), MB10);
    const db = () => server.database.db;
    const likeRows = async (postId: number) =>
      (await db().select({ n: count() }).from(postLikes).where(eq(postLikes.postId, postId)))[0].n;
    async function like(client: ApiClient, method: 'PUT' | 'DELETE', postId: number) {
      const response = await client.call(method, `/api/post/${postId}/like`);
      const text = await response.text();
      assert.equal(response.status, 200, `${method} like ${postId}: ${text}`);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      const body = JSON.parse(text) as unknown;
      assert.deepEqual(Object.keys(body as object).sort(), ['likeCount', 'liked']);
      return likeStateSchema.parse(body);
    }
    const feedPost = async (client: ApiClient, postId: number) =>
      socialPosts.parse(await client.get('/api/posts?limit=50')).find((p) => p.id === postId);

    it('likes and unlikes idempotently, per member, with the right count', async () => {
      const [theirPost, myPost] = stored;
      assert.deepEqual(await like(api, 'PUT', theirPost.id), { liked: true, likeCount: 1 });
      assert.deepEqual(await like(api, 'PUT', theirPost.id), { liked: true, likeCount: 1 });
      assert.equal(await likeRows(theirPost.id), 1, 'one row for two likes');

      // My like is not theirs.
      assert.deepEqual(
        (({ likeCount, liked }) => ({ likeCount, liked }))((await feedPost(theirs, theirPost.id))!),
        { likeCount: 1, liked: false },
      );
      assert.deepEqual(await like(theirs, 'PUT', theirPost.id), { liked: true, likeCount: 2 });
      assert.deepEqual(await like(thirds, 'PUT', theirPost.id), { liked: true, likeCount: 3 });
      // One's own post can be liked too.
      assert.deepEqual(await like(thirds, 'PUT', myPost.id), { liked: true, likeCount: 1 });

      const mine = await feedPost(api, theirPost.id);
      assert.equal(mine?.likeCount, 3);
      assert.equal(mine?.liked, true);
      assert.equal((await feedPost(api, myPost.id))?.liked, false);

      assert.deepEqual(await like(api, 'DELETE', theirPost.id), { liked: false, likeCount: 2 });
      assert.deepEqual(await like(api, 'DELETE', theirPost.id), { liked: false, likeCount: 2 });
      // Unliking a post never liked is no error either.
      assert.deepEqual(await like(api, 'DELETE', myPost.id), { liked: false, likeCount: 1 });
      assert.equal((await feedPost(api, theirPost.id))?.liked, false);
      assert.equal((await feedPost(theirs, theirPost.id))?.liked, true);
      assert.equal(await likeRows(theirPost.id), 2);
    });

    it('lists the likers newest first with id, name and picture, at most 100', async () => {
      const [theirPost, myPost] = stored;
      assert.deepEqual(await api.get(`/api/post/${theirPost.id}/likes`), []);
      for (const client of [thirds, api, theirs]) await like(client, 'PUT', theirPost.id);
      // Liking again keeps the first like's place.
      await like(thirds, 'PUT', theirPost.id);
      const likers = likerListSchema.parse(await theirs.get(`/api/post/${theirPost.id}/likes`));
      assert.deepEqual(likers, [
        { id: other.id, name: '이하트', picture: null },
        { id: me.id, name: '김좋아', picture: 'https://example.test/kim.png' },
        { id: third.id, name: '박엄지', picture: 'https://example.test/park.png' },
      ]);
      for (const liker of await api.get<object[]>(`/api/post/${theirPost.id}/likes`)) {
        assert.deepEqual(Object.keys(liker), ['id', 'name', 'picture']);
      }

      const many = await insertMembers(
        db(),
        Array.from({ length: 105 }, (_, i) => buildMember({ name: `팬${i}` })),
      );
      const start = Date.now() - 3600_000;
      await db()
        .insert(postLikes)
        .values(
          many.map((member, i) => ({
            postId: myPost.id,
            memberId: member.id,
            createdAt: new Date(start + i * 1000),
          })),
        );
      const page = likerListSchema.parse(await api.get(`/api/post/${myPost.id}/likes`));
      assert.equal(page.length, 100);
      assert.deepEqual(
        page.map((liker) => liker.name),
        Array.from({ length: 100 }, (_, i) => `팬${104 - i}`),
      );
      assert.equal((await feedPost(api, myPost.id))?.likeCount, 105);
    });

    it('answers 404 for likes of a post the caller cannot see (unknown or deleted), 400 for a bad id', async () => {
      // Every post is in everyone's feed: a member who is nobody's friend may like any post.
      const [theirPost, myPost] = stored;
      assert.deepEqual(await like(thirds, 'PUT', theirPost.id), { liked: true, likeCount: 1 });

      await api.text('DELETE', `/api/post/${myPost.id}`, undefined, 200, 'delete post');
      for (const id of [999_999, myPost.id]) {
        for (const [method, suffix] of [
          ['PUT', 'like'],
          ['DELETE', 'like'],
          ['GET', 'likes'],
        ] as const) {
          const error = await theirs.error(method, `/api/post/${id}/${suffix}`, undefined, 404);
          assert.equal(error.message, NOT_FOUND);
        }
      }
      for (const id of ['abc', '0', '-1', '1.5']) {
        const error = await api.error('PUT', `/api/post/${id}/like`, undefined, 400);
        assert.ok(error.data?.id, id);
        await api.error('GET', `/api/post/${id}/likes`, undefined, 400);
      }
      const anonymous = await fetch(`${server.baseUrl}/api/post/${theirPost.id}/like`, {
        method: 'PUT',
      });
      assert.equal(anonymous.status, 401);
      assert.equal(await likeRows(theirPost.id), 1);
    });

    it('lets only the author edit a post; others get 404 and nothing changes', async () => {
      const [theirPost, myPost] = stored;
      await like(theirs, 'PUT', myPost.id);

      const response = await api.call('PATCH', `/api/post/${myPost.id}`, { text: '  고친 글  ' });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      const updated = socialPost.parse(await response.json());
      assert.deepEqual(updated, {
        id: myPost.id,
        text: '고친 글',
        imageUrl: myPost.imageKey,
        imageWidth: myPost.imageWidth,
        imageHeight: myPost.imageHeight,
        imagePlaceholder: myPost.imagePlaceholder,
        likeCount: 1,
        liked: false,
        mine: true,
        // issue 29's additions (post-author.test.ts)
        member: { id: me.id, name: '김좋아', picture: 'https://example.test/kim.png' },
        createdDate: updated.createdDate,
      });
      assert.deepEqual(await feedPost(api, myPost.id), updated);

      for (const id of [theirPost.id, 999_999]) {
        const error = await api.error('PATCH', `/api/post/${id}`, { text: '내 글로' }, 404);
        assert.equal(error.message, NOT_FOUND);
      }
      await theirs.error('PATCH', `/api/post/${myPost.id}`, { text: '남이 고침' }, 404);
      assert.equal((await feedPost(api, theirPost.id))?.text, '남의 글');
      assert.equal((await feedPost(api, myPost.id))?.text, '고친 글');

      for (const [body, message] of [
        [{ text: '' }, '내용을 입력해주세요.'],
        [{ text: ' \n ' }, '내용을 입력해주세요.'],
        [{}, '내용을 입력해주세요.'],
        [{ text: null }, '내용을 입력해주세요.'],
        [{ text: 'a'.repeat(2001) }, '내용은 2000자 이하로 입력해주세요.'],
      ] as const) {
        const error = await api.error('PATCH', `/api/post/${myPost.id}`, body, 400);
        assert.deepEqual(error.data, { text: message }, JSON.stringify(body).slice(0, 40));
      }
      await api.error('PATCH', `/api/post/${myPost.id}`, 'not json', 400);
      await api.error('PATCH', '/api/post/abc', { text: '글' }, 400);
      assert.equal((await feedPost(api, myPost.id))?.text, '고친 글');
      const ok = await api.call('PATCH', `/api/post/${myPost.id}`, { text: 'a'.repeat(2000) });
      assert.equal(ok.status, 200);
    });

    it('deletes the author’s post with its comments, likes and every stored image file', async () => {
      const [theirPost, myPost] = stored;
      await insertComments(db(), [
        { postId: myPost.id, memberId: other.id, text: '멋져요' },
        { postId: myPost.id, memberId: me.id, text: '고마워요' },
        { postId: theirPost.id, memberId: me.id, text: '남의 글에' },
      ]);
      for (const client of [api, theirs, thirds]) await like(client, 'PUT', myPost.id);
      await like(api, 'PUT', theirPost.id);
      const files = storedFiles(server);
      assert.equal(filesOfKey(files, myPost.imageKey).length, FILES_PER_IMAGE);
      assert.equal(filesOfKey(files, theirPost.imageKey).length, FILES_PER_IMAGE);

      // Not the author: 404, and everything stays.
      const refused = await theirs.error('DELETE', `/api/post/${myPost.id}`, undefined, 404);
      assert.equal(refused.message, NOT_FOUND);
      await api.error('DELETE', `/api/post/${theirPost.id}`, undefined, 404);
      await api.error('DELETE', '/api/post/999999', undefined, 404);
      await api.error('DELETE', '/api/post/abc', undefined, 400);
      assert.equal(storedFiles(server).length, 2 * FILES_PER_IMAGE);
      assert.equal((await api.get<unknown[]>(`/api/comment/${myPost.id}`)).length, 2);

      await api.text('DELETE', `/api/post/${myPost.id}`, undefined, 200, 'delete post');

      assert.deepEqual(await db().select().from(posts).where(eq(posts.id, myPost.id)), []);
      assert.deepEqual(
        await db().select().from(comments).where(eq(comments.postId, myPost.id)),
        [],
      );
      assert.equal(await likeRows(myPost.id), 0);
      assert.deepEqual(filesOfKey(storedFiles(server), myPost.imageKey), [], 'no file of the key');
      assert.deepEqual(await db().select().from(pendingImageDeletions), [], 'nothing left to do');
      assert.equal((await fetchImage(myPost.imageKey)).status, 404);
      // The other post keeps everything.
      assert.equal(filesOfKey(storedFiles(server), theirPost.imageKey).length, FILES_PER_IMAGE);
      assert.equal(storedFiles(server).length, FILES_PER_IMAGE);
      assert.equal(await likeRows(theirPost.id), 1);
      assert.equal((await api.get<unknown[]>(`/api/comment/${theirPost.id}`)).length, 1);

      await api.error('GET', `/api/comment/${myPost.id}`, undefined, 404);
      await api.error('DELETE', `/api/post/${myPost.id}`, undefined, 404);
      assert.deepEqual(
        socialPosts.parse(await api.get('/api/posts')).map((post) => post.id),
        [theirPost.id],
      );
      assert.deepEqual(await api.get('/api/member/posts'), []);
    });

    async function fetchImage(key: string) {
      const response = await fetch(`${server.baseUrl}/api/images/${key}`, {
        headers: { cookie: await sessionCookie(me) },
      });
      await response.arrayBuffer();
      return response;
    }

    it('lets only the author edit or delete a comment; lists carry `mine` per caller', async () => {
      const [theirPost] = stored;
      const [mineId, theirsId] = await insertComments(db(), [
        {
          postId: theirPost.id,
          memberId: me.id,
          text: '첫 댓글',
          createdAt: new Date('2025-07-19T15:30:00.250Z'),
        },
        { postId: theirPost.id, memberId: other.id, text: '답글' },
      ]);
      const flags = async (client: ApiClient) =>
        socialComments
          .parse(await client.get(`/api/comment/${theirPost.id}`))
          .map((comment) => [comment.id, comment.mine]);
      assert.deepEqual(await flags(api), [
        [mineId, true],
        [theirsId, false],
      ]);
      assert.deepEqual(await flags(theirs), [
        [mineId, false],
        [theirsId, true],
      ]);
      assert.deepEqual(await flags(thirds), [
        [mineId, false],
        [theirsId, false],
      ]);

      const response = await api.call('PATCH', `/api/comment/${mineId}`, { text: '  고친 댓글 ' });
      assert.equal(response.status, 200);
      const updated = commentSchema.parse(await response.json());
      assert.deepEqual(updated, {
        id: mineId,
        name: '김좋아',
        text: '고친 댓글',
        mine: true,
        localDateTime: '2025-07-20T00:30:00.250',
      });
      assert.deepEqual(
        socialComments.parse(await api.get(`/api/comment/${theirPost.id}`))[0],
        updated,
      );

      for (const [client, id] of [
        [api, theirsId],
        [theirs, mineId],
        [api, 999_999],
      ] as const) {
        const patched = await client.error('PATCH', `/api/comment/${id}`, { text: '바꿈' }, 404);
        assert.equal(patched.message, NOT_FOUND);
        await client.error('DELETE', `/api/comment/${id}`, undefined, 404);
      }
      for (const [body, message] of [
        [{ text: '' }, '댓글을 입력해주세요.'],
        [{ text: '   ' }, '댓글을 입력해주세요.'],
        [{}, '댓글을 입력해주세요.'],
        [{ text: 'x'.repeat(1001) }, '댓글은 1000자 이하로 입력해주세요.'],
      ] as const) {
        const error = await api.error('PATCH', `/api/comment/${mineId}`, body, 400);
        assert.deepEqual(error.data, { text: message });
      }
      await api.error('PATCH', '/api/comment/abc', { text: '글' }, 400);
      await api.error('DELETE', '/api/comment/0', undefined, 400);
      assert.deepEqual(
        socialComments
          .parse(await theirs.get(`/api/comment/${theirPost.id}`))
          .map((comment) => comment.text),
        ['고친 댓글', '답글'],
      );

      await api.text('DELETE', `/api/comment/${mineId}`, undefined, 200, 'delete comment');
      await api.error('DELETE', `/api/comment/${mineId}`, undefined, 404);
      assert.deepEqual(await flags(theirs), [[theirsId, true]]);
    });

    it('carries likeCount, liked and mine on every list of posts', async () => {
      const [theirPost, myPost] = stored;
      await insertFriendship(db(), other.id, me.id, true);
      await like(api, 'PUT', theirPost.id);
      await like(theirs, 'PUT', theirPost.id);
      await like(theirs, 'PUT', myPost.id);
      const view = (list: unknown) =>
        socialPosts.parse(list).map(({ id, likeCount, liked, mine }) => ({
          id,
          likeCount,
          liked,
          mine,
        }));
      const theirView = { id: theirPost.id, likeCount: 2, liked: true, mine: false };
      const myView = { id: myPost.id, likeCount: 1, liked: false, mine: true };

      assert.deepEqual(view(await api.get('/api/posts')), [myView, theirView]);
      assert.deepEqual(view(await api.get(`/api/posts/scroll?postId=${myPost.id}`)), [theirView]);
      assert.deepEqual(view(await api.get('/api/member/posts')), [myView]);
      assert.deepEqual(view(await api.get(`/api/posts/friend/${other.id}`)), [theirView]);
      assert.deepEqual(view(await api.get(`/api/posts/friend/${me.id}`)), [myView]);
      // The same posts as the other member sees them.
      assert.deepEqual(view(await theirs.get('/api/posts')), [
        { id: myPost.id, likeCount: 1, liked: true, mine: false },
        { id: theirPost.id, likeCount: 2, liked: true, mine: true },
      ]);
      assert.deepEqual(view(await theirs.get(`/api/posts/friend/${me.id}`)), [
        { id: myPost.id, likeCount: 1, liked: true, mine: false },
      ]);
      assert.deepEqual(view(await thirds.get('/api/posts')), [
        { id: myPost.id, likeCount: 1, liked: false, mine: false },
        { id: theirPost.id, likeCount: 2, liked: false, mine: false },
      ]);
      // Field order: the original's, the image additions, then these, then issue 29's.
      const [first] = await api.get<object[]>('/api/posts?limit=1');
      assert.deepEqual(Object.keys(first), [
        'id',
        'text',
        'imageUrl',
        'imageWidth',
        'imageHeight',
        'imagePlaceholder',
        'likeCount',
        'liked',
        'mine',
        // issue 29's additions (post-author.test.ts)
        'member',
        'createdDate',
      ]);
    });
  });

  describe(`recorded image deletions (${kind.name})`, () => {
    let dataDir: string;
    let database: Database;
    let server: TestServer | undefined;

    beforeEach(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'eh-social-test-'));
      database = await kind.create();
    });
    afterEach(async () => {
      // Closing the server closes its database; without one (a failure before) close it here.
      if (server) await server.close();
      else await database.close();
      server = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    });

    const images = () => filesUnder(path.join(dataDir, 'images'));
    const pending = () => database.db.select().from(pendingImageDeletions);

    it('keeps a deletion the storage failed recorded, and finishes it at the next start', async () => {
      const [member] = await insertMembers(database.db, [buildMember()]);
      const local = new LocalImageStorage(path.join(dataDir, 'images'), MB10);
      const [post, kept] = await insertPosts(database.db, local, [
        buildPost({ memberId: member.id }),
        buildPost({ memberId: member.id }),
      ]);
      // A storage that cannot delete (down, or the process stops right after the commit).
      const failing: ImageStorage = {
        put: (stream) => local.put(stream),
        open: (key) => local.open(key),
        delete: () => Promise.reject(new Error('storage unreachable')),
      };
      const config = loadConfig({
        PUBLIC_URL: 'http://127.0.0.1:1',
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      });
      // The database stays open for the second start.
      const app = await buildApp(config, {
        database: { ...database, close: async () => {} },
        images: failing,
      });
      try {
        const address = await app.listen({ host: '127.0.0.1', port: 0 });
        const response = await fetch(`${address}/api/post/${post.id}`, {
          method: 'DELETE',
          headers: { cookie: await sessionCookie(member) },
        });
        assert.equal(response.status, 200);
        assert.equal(await response.text(), 'delete post');
      } finally {
        await app.close();
      }
      assert.deepEqual(await database.db.select().from(posts).where(eq(posts.id, post.id)), []);
      assert.deepEqual(
        (await pending()).map((row) => row.imageKey),
        [post.imageKey],
      );
      assert.equal(filesOfKey(images(), post.imageKey).length, FILES_PER_IMAGE, 'still there');

      // The next start (the same database and folder) finishes it.
      server = await startServer(database, { DATA_DIR: dataDir });
      await waitFor(async () => (await pending()).length === 0, 'finished deletion');
      assert.deepEqual(filesOfKey(images(), post.imageKey), []);
      assert.equal(filesOfKey(images(), kept.imageKey).length, FILES_PER_IMAGE, 'others stay');
      assert.equal(images().length, FILES_PER_IMAGE);
    });
  });
}
