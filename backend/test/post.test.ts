import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { count } from 'drizzle-orm';
import sharp from 'sharp';
import * as z from 'zod/mini';

import { errorBodySchema } from '@/lib/contract/errors';
import { type Post, postSchema } from '@/lib/contract/post';

import { type Member, posts } from '../src/db/schema';
import {
  buildMember,
  buildPost,
  insertFriendship,
  insertMembers,
  insertPosts,
} from '../src/seed/builders';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import {
  displayImages,
  FILES_PER_IMAGE,
  imagesDir,
  storedFiles,
  TINY_IMAGES,
  uploadPost,
} from './helpers/images';

after(dropTestDatabases);

const MB10 = 10 * 1024 * 1024;
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;
// This backend always stores an image, so its posts always carry a key (never the original's null).
const postList = z.array(z.extend(postSchema, { imageUrl: z.string() }));
/** A post without its creation time (issue 29's, checked in post-author.test.ts). */
function withoutTime(post: Post): Post {
  const copy = { ...post };
  delete copy.createdDate;
  return copy;
}

for (const kind of databaseKinds()) {
  describe(`posts and images (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let cookie: string;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      cookie = await sessionCookie(me);
    });
    afterEach(() => server?.close());

    const postCount = async () =>
      (await server.database.db.select({ n: count() }).from(posts))[0].n;
    const storage = () => new LocalImageStorage(imagesDir(server), MB10);
    const image = (key: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}/api/images/${key}`, { headers: { cookie, ...headers } });
    const expectRefused = async (response: Response, status: number) => {
      const body = errorBodySchema.parse(await response.json());
      assert.equal(response.status, status, JSON.stringify(body));
      assert.equal(body.code, String(status));
      assert.equal(await postCount(), 0, 'no row');
      assert.deepEqual(storedFiles(server), [], 'no file left');
      return body;
    };

    it('accepts each image type by content and serves it with caching headers', async () => {
      const types = Object.entries(TINY_IMAGES);
      for (const [ext, { data, mime }] of types) {
        const response = await uploadPost(server, cookie, {
          file: { data, name: `사진.${ext === 'jpg' ? 'JPEG' : 'bin'}`, type: 'text/plain' },
          text: `  ${ext} 올림  `,
        });
        assert.equal(response.status, 201, await response.clone().text());
        assert.equal(await response.text(), '');
        void mime;
      }
      // text before file works too
      const response = await uploadPost(
        server,
        cookie,
        { file: { data: TINY_IMAGES.png.data, name: 'a.png' }, text: '먼저 온 글' },
        true,
      );
      assert.equal(response.status, 201);

      const feed = postList.parse(await api.get('/api/posts'));
      assert.deepEqual(
        feed.map((post) => post.text),
        ['먼저 온 글', 'webp 올림', 'gif 올림', 'jpg 올림', 'png 올림'],
      );
      for (const post of feed) assert.match(post.imageUrl, KEY);
      assert.deepEqual(
        feed.slice(1).map((post) => path.extname(post.imageUrl)),
        ['.webp', '.gif', '.jpg', '.png'],
      );
      assert.equal(displayImages(storedFiles(server)).length, 5);
      assert.equal(storedFiles(server).length, 5 * FILES_PER_IMAGE);

      for (const [i, [, { data, mime }]] of [...types].reverse().entries()) {
        const key = feed[i + 1].imageUrl;
        const served = await image(key);
        assert.equal(served.status, 200);
        assert.equal(served.headers.get('content-type'), mime);
        assert.equal(served.headers.get('cache-control'), 'private, max-age=31536000, immutable');
        assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
        const etag = served.headers.get('etag');
        assert.ok(etag?.startsWith('"'));
        // re-encoded by the pipeline: the same type and size, not the same bytes
        const bytes = Buffer.from(await served.arrayBuffer());
        assert.equal(served.headers.get('content-length'), String(bytes.length));
        const [original, stored] = await Promise.all([
          sharp(data).metadata(),
          sharp(bytes).metadata(),
        ]);
        assert.equal(stored.format, original.format);
        assert.deepEqual([stored.width, stored.height], [original.width, original.height]);

        const again = await image(key, { 'if-none-match': etag! });
        assert.equal(again.status, 304);
        assert.equal(again.headers.get('etag'), etag);
        assert.equal(await again.text(), '');
        const changed = await image(key, { 'if-none-match': '"other"' });
        assert.equal(changed.status, 200);
        await changed.arrayBuffer();
      }
    });

    it('answers 404 for unknown or malformed image keys and 401 without a session', async () => {
      const [stored] = await insertPosts(server.database.db, storage(), [
        buildPost({ memberId: me.id }),
      ]);
      for (const key of [
        '00000000-0000-4000-8000-000000000000.png',
        stored.imageKey.replace('.png', '.gif'),
        stored.imageKey.toUpperCase(),
        '..%2F..%2Fsecrets.json',
        '.incoming',
        'x.png',
      ]) {
        const response = await image(key);
        assert.equal(response.status, 404, key);
        assert.equal(((await response.json()) as { code: string }).code, '404');
      }
      const anonymous = await fetch(`${server.baseUrl}/api/images/${stored.imageKey}`);
      assert.equal(anonymous.status, 401);
      assert.equal((await image(stored.imageKey)).status, 200);
    });

    it('refuses content that is not an accepted image (400 on `file`), whatever its name', async () => {
      const unsupported = { file: 'PNG, JPEG, GIF, WebP, HEIC 이미지만 올릴 수 있습니다.' };
      const body = await expectRefused(
        await uploadPost(server, cookie, {
          file: {
            data: Buffer.from('just some text, not a picture\n'),
            name: 'photo.png',
            type: 'image/png',
          },
          text: '글',
        }),
        400,
      );
      assert.deepEqual(body.data, unsupported);
      for (const file of [
        { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg' },
        { data: Buffer.from('GIF8'), name: 'a.gif' },
      ]) {
        const refused = await expectRefused(
          await uploadPost(server, cookie, { file, text: '글' }),
          400,
        );
        assert.deepEqual(refused.data, unsupported, file.name);
      }
    });

    it('accepts 10 MB and refuses 10 MB + 1 byte (413) leaving nothing behind', async () => {
      const big = Buffer.alloc(MB10 + 1);
      TINY_IMAGES.png.data.copy(big);
      const body = await expectRefused(
        await uploadPost(server, cookie, { file: { data: big, name: 'big.png' }, text: '큰 사진' }),
        413,
      );
      assert.equal(body.message, '이미지는 10MB 이하여야 합니다.');
      // A declared length far over the limit is refused before reading.
      const huge = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${server.baseUrl}/api/post`, {
          method: 'POST',
          headers: {
            cookie,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(50 * MB10),
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
        req.write('--x\r\n');
      });
      assert.equal(huge, 413);

      const response = await uploadPost(server, cookie, {
        file: { data: big.subarray(0, MB10), name: 'exact.png' },
        text: '딱 10MB',
      });
      assert.equal(response.status, 201, await response.clone().text());
      assert.equal(await postCount(), 1);
      assert.equal(storedFiles(server).length, FILES_PER_IMAGE);
    });

    it('validates the text and file parts (400) and keeps no image of a refused post', async () => {
      const file = { data: TINY_IMAGES.gif.data, name: 'a.gif' };
      for (const [parts, field, message] of [
        [{ file }, 'text', '내용을 입력해주세요.'],
        [{ file, text: ' \n\t ' }, 'text', '내용을 입력해주세요.'],
        [{ file, text: 'a'.repeat(2001) }, 'text', '내용은 2000자 이하로 입력해주세요.'],
        [{ file, text: '가'.repeat(20_000) }, 'text', '내용은 2000자 이하로 입력해주세요.'],
        [{ text: '사진 없음' }, 'file', '이미지를 선택해주세요.'],
        [
          { file: { data: Buffer.alloc(0), name: 'empty.png' }, text: '빈 파일' },
          'file',
          '이미지를 선택해주세요.',
        ],
        [{}, 'text', '내용을 입력해주세요.'],
      ] as const) {
        const body = await expectRefused(await uploadPost(server, cookie, parts), 400);
        assert.deepEqual(body.data, { [field]: message }, JSON.stringify(parts).slice(0, 80));
      }
      const json = await api.error('POST', '/api/post', { text: '글' }, 400);
      assert.deepEqual(json.data, { file: '이미지를 선택해주세요.' });

      const ok = await uploadPost(server, cookie, { file, text: 'a'.repeat(2000) });
      assert.equal(ok.status, 201);
    });

    it('refuses a malformed multipart body (400) and keeps nothing of it', async () => {
      const send = (
        body: string | Buffer,
        contentType = 'multipart/form-data; boundary=b0undary',
      ) =>
        fetch(`${server.baseUrl}/api/post`, {
          method: 'POST',
          headers: { cookie, 'content-type': contentType },
          body,
        });
      const part = (name: string, value: string | Buffer, filename?: string) =>
        Buffer.concat([
          Buffer.from(
            `--b0undary\r\nContent-Disposition: form-data; name="${name}"` +
              `${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n`,
          ),
          Buffer.from(value),
          Buffer.from('\r\n'),
        ]);
      const file = part('file', TINY_IMAGES.png.data, 'a.png');
      const text = part('text', '글');
      const end = Buffer.from('--b0undary--\r\n');

      // ends inside the file part, before the closing delimiter
      await expectRefused(await send(Buffer.concat([text, file.subarray(0, 90)])), 400);
      // ends after the parts without the closing delimiter
      await expectRefused(await send(Buffer.concat([file, text])), 400);
      // more parts than a post has any use for
      const many = Array.from({ length: 10 }, (_, i) => part(`extra${i}`, 'x'));
      await expectRefused(await send(Buffer.concat([file, text, ...many, end])), 400);
      // no boundary
      await expectRefused(await send(Buffer.concat([file, text, end]), 'multipart/form-data'), 400);

      // extra and unknown parts are skipped; a `text` part with a file content type is still text
      const ok = await send(
        Buffer.concat([
          part('other', 'x'),
          file,
          part('file', TINY_IMAGES.gif.data, 'b.gif'),
          Buffer.from(
            '--b0undary\r\nContent-Disposition: form-data; name="text"\r\n' +
              'Content-Type: application/octet-stream\r\n\r\n글\r\n',
          ),
          end,
        ]),
      );
      assert.equal(ok.status, 201, await ok.clone().text());
      assert.deepEqual(
        displayImages(storedFiles(server)).map((name) => path.extname(name)),
        ['.png'],
      );
    });

    // An upload is held in memory (at most 10 MB) until its body is complete and only then run
    // through the pipeline and written, so an interrupted one never reaches the folder.
    it('keeps nothing of an interrupted upload', async () => {
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${server.baseUrl}/api/post`, {
          method: 'POST',
          headers: {
            cookie,
            'content-type': 'multipart/form-data; boundary=b0undary',
            'content-length': String(MB10),
          },
        });
        req.on('error', () => resolve());
        req.write(
          '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n',
        );
        req.write(TINY_IMAGES.png.data);
        req.write(Buffer.alloc(256 * 1024), () => {
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 200);
        });
      });
      for (let i = 0; i < 25 && (await postCount()) === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.deepEqual(storedFiles(server), []);
      assert.equal(await postCount(), 0);
    });

    it('pages the feed newest first by keyset, without duplicates or gaps while posts arrive', async () => {
      const initial = await insertPosts(
        server.database.db,
        storage(),
        Array.from({ length: 23 }, (_, i) =>
          buildPost({ memberId: i % 2 ? me.id : other.id, text: `글 ${i}` }),
        ),
      );
      const expected = initial.map((post) => post.id).reverse();

      const first = postList.parse(await api.get('/api/posts'));
      assert.equal(first.length, 10, 'default limit');
      assert.deepEqual(
        first.map((p) => p.id),
        expected.slice(0, 10),
      );
      const seen: number[] = [];
      let page: Post[] = postList.parse(await api.get('/api/posts?limit=7'));
      let round = 0;
      while (page.length > 0) {
        seen.push(...page.map((post) => post.id));
        round += 1;
        await insertPosts(server.database.db, storage(), [
          buildPost({ memberId: other.id, text: `새 글 ${round}` }),
        ]);
        page = postList.parse(await api.get(`/api/posts/scroll?limit=7&postId=${seen.at(-1)}`));
      }
      assert.deepEqual(seen, expected);
      assert.equal(round, 4);
      const latest = postList.parse(await api.get('/api/posts?limit=50'));
      assert.equal(latest.length, 27);
      assert.equal(latest[0].text, '새 글 4');

      assert.deepEqual(
        // issue 29's creation time is checked in post-author.test.ts
        postList
          .parse(await api.get(`/api/posts/scroll?postId=${expected[0]}&limit=1`))
          .map(withoutTime),
        [
          {
            id: expected[1],
            text: '글 21',
            imageUrl: initial[21].imageKey,
            imageWidth: 32,
            imageHeight: 24,
            imagePlaceholder: initial[21].imagePlaceholder,
            // issue 16's additions (social.test.ts)
            likeCount: 0,
            liked: false,
            mine: true,
            // issue 29's addition (post-author.test.ts)
            member: { id: me.id, name: me.name, picture: me.picture },
          },
        ],
      );
      assert.equal((await api.get<Post[]>('/api/posts/scroll?postId=1')).length, 0);
      assert.equal((await api.get<Post[]>('/api/posts?limit=1')).length, 1);
      assert.equal((await api.get<Post[]>('/api/posts?limit=')).length, 10);

      for (const query of ['limit=0', 'limit=51', 'limit=abc', 'limit=-1', 'limit=1.5']) {
        const error = await api.error('GET', `/api/posts?${query}`, undefined, 400);
        assert.deepEqual(error.data, { limit: 'limit은 1부터 50 사이여야 합니다.' });
        await api.error('GET', `/api/posts/scroll?postId=5&${query}`, undefined, 400);
      }
      for (const query of ['', 'postId=', 'postId=abc', 'postId=0', 'limit=5']) {
        const error = await api.error('GET', `/api/posts/scroll?${query}`, undefined, 400);
        assert.ok(error.data?.postId, query);
      }
    });

    it("lists the caller's posts and a friend's posts; a stranger's are 403, an unknown id 404", async () => {
      const [stranger, friend, pending] = await insertMembers(server.database.db, [
        buildMember(),
        buildMember(),
        buildMember(),
      ]);
      const stored = await insertPosts(server.database.db, storage(), [
        buildPost({ memberId: me.id, text: '내 글 1' }),
        buildPost({ memberId: friend.id, text: '친구 글' }),
        buildPost({ memberId: me.id, text: '내 글 2' }),
        buildPost({ memberId: stranger.id, text: '남의 글' }),
        buildPost({ memberId: pending.id, text: '대기 글' }),
      ]);
      await insertFriendship(server.database.db, friend.id, me.id, true);
      await insertFriendship(server.database.db, me.id, pending.id, false);

      const mine = postList.parse(await api.get('/api/member/posts'));
      assert.deepEqual(
        mine.map((p) => p.text),
        ['내 글 2', '내 글 1'],
      );
      assert.deepEqual(await api.get(`/api/posts/friend/${me.id}`), mine);
      assert.deepEqual((await api.get<Post[]>(`/api/posts/friend/${friend.id}`)).map(withoutTime), [
        {
          id: stored[1].id,
          text: '친구 글',
          imageUrl: stored[1].imageKey,
          imageWidth: stored[1].imageWidth,
          imageHeight: stored[1].imageHeight,
          imagePlaceholder: stored[1].imagePlaceholder,
          likeCount: 0,
          liked: false,
          mine: false,
          member: { id: friend.id, name: friend.name, picture: friend.picture },
        },
      ]);
      for (const id of [stranger.id, pending.id]) {
        const error = await api.error('GET', `/api/posts/friend/${id}`, undefined, 403);
        assert.equal(error.message, '친구가 아니므로 접근할 수 없습니다.');
      }
      await api.error('GET', '/api/posts/friend/999999', undefined, 404);
      await api.error('GET', '/api/posts/friend/abc', undefined, 400);
      // the friend sees mine too (symmetric)
      const theirs = await apiClient(server, friend);
      assert.equal((await theirs.get<Post[]>(`/api/posts/friend/${me.id}`)).length, 2);
    });
  });
}
