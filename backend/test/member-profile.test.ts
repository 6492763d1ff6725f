import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';

import { errorBodySchema } from '@/lib/contract/errors';
import { memberProfileSchema } from '@/lib/contract/member';
import { loginCheckSchema } from '@/lib/contract/session';

import { type Member, members, pendingImageDeletions } from '../src/db/schema';
import {
  buildMember,
  buildPost,
  insertComments,
  insertFriendship,
  insertMembers,
  insertPosts,
} from '../src/seed/builders';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { CookieJar, request } from './helpers/http';
import {
  blobOf,
  displayImages,
  FILES_PER_IMAGE,
  imagesDir,
  storedFiles,
  TINY_IMAGES,
} from './helpers/images';
import { signIn } from './helpers/sign-in';

after(dropTestDatabases);

const MB10 = 10 * 1024 * 1024;
const PICTURE = /^\/api\/images\/[0-9a-f-]{36}-w320\.webp$/;

/** `POST /api/member/me/picture` with `file` (or no part at all). */
function uploadPicture(
  server: TestServer,
  cookie: string,
  file?: { data: Buffer; name: string; type?: string },
): Promise<Response> {
  const form = new FormData();
  if (file) {
    form.append('file', blobOf(file.data, file.type ?? 'application/octet-stream'), file.name);
  } else form.append('other', 'x');
  return fetch(`${server.baseUrl}/api/member/me/picture`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
}

async function loginCheck(server: TestServer, jar: CookieJar) {
  const response = await request(jar, `${server.baseUrl}/api/login/check`);
  return loginCheckSchema.parse(await response.json());
}

for (const kind of databaseKinds()) {
  describe(`profile edits: name and photo (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let friend: Member;
    let api: ApiClient;
    let cookie: string;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, friend] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
      api = await apiClient(server, me);
      cookie = await sessionCookie(me);
    });
    afterEach(() => server?.close());

    const row = async (id: number) =>
      (await server.database.db.select().from(members).where(eq(members.id, id)))[0];

    it('needs a session for every profile edit (401)', async () => {
      for (const [method, path] of [
        ['GET', '/api/member/me'],
        ['PATCH', '/api/member/me'],
        ['POST', '/api/member/me/picture'],
        ['DELETE', '/api/member/me/picture'],
      ]) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'PATCH' ? JSON.stringify({ name: '도둑' }) : undefined,
        });
        assert.equal(response.status, 401, `${method} ${path}`);
        assert.equal(errorBodySchema.parse(await response.json()).code, '401');
      }
      assert.equal((await row(me.id)).name, me.name);
    });

    it('changes the name (trimmed, 1–100 characters, 400 with the field otherwise)', async () => {
      for (const [body, message] of [
        [{}, '이름을 입력해주세요.'],
        [{ name: '' }, '이름을 입력해주세요.'],
        [{ name: ' \t ' }, '이름을 입력해주세요.'],
        [{ name: 42 }, '이름을 입력해주세요.'],
        [{ name: '가'.repeat(101) }, '이름은 100자 이하로 입력해주세요.'],
      ] as const) {
        const error = await api.error('PATCH', '/api/member/me', body, 400);
        assert.deepEqual(error.data, { name: message }, JSON.stringify(body).slice(0, 40));
      }
      assert.equal((await row(me.id)).name, me.name, 'nothing changed');
      assert.equal((await row(me.id)).nameEdited, false);

      const response = await api.call('PATCH', '/api/member/me', { name: '  새 이름  ' });
      assert.equal(response.status, 200);
      assert.deepEqual(memberProfileSchema.parse(await response.json()), {
        id: me.id,
        name: '새 이름',
        picture: null,
      });
      const long = await api.call('PATCH', '/api/member/me', { name: '가'.repeat(100) });
      assert.equal(long.status, 200);
      await api.call('PATCH', '/api/member/me', { name: '새 이름' });
      assert.deepEqual(await api.get('/api/member/me'), {
        id: me.id,
        name: '새 이름',
        picture: null,
      });
      assert.equal((await row(me.id)).nameEdited, true);
      assert.equal((await row(friend.id)).name, friend.name, 'only the caller changes');
    });

    it('shows the new name and photo wherever the member is shown', async () => {
      await insertFriendship(server.database.db, me.id, friend.id, true);
      const storage = new LocalImageStorage(imagesDir(server), MB10);
      const [post] = await insertPosts(server.database.db, storage, [
        buildPost({ memberId: friend.id }),
      ]);
      await insertComments(server.database.db, [
        { postId: post.id, memberId: me.id, text: '멋져요' },
      ]);
      await api.call('PATCH', '/api/member/me', { name: '바뀐 이름' });
      const uploaded = memberProfileSchema.parse(
        await (
          await uploadPicture(server, cookie, { data: TINY_IMAGES.png.data, name: 'me.png' })
        ).json(),
      );
      const friendApi = await apiClient(server, friend);
      const friends =
        await friendApi.get<Array<{ friend: { name: string; picture: string | null } }>>(
          '/api/member/friend',
        );
      assert.deepEqual(friends[0].friend, {
        id: me.id,
        name: '바뀐 이름',
        picture: uploaded.picture,
      });
      const comments = await friendApi.get<Array<{ name: string }>>(`/api/comment/${post.id}`);
      assert.equal(comments[0].name, '바뀐 이름');
    });

    it('takes a photo by its content through the image pipeline and serves it like post images', async () => {
      // A JPEG named .txt and sent as text/plain: the content decides.
      const response = await uploadPicture(server, cookie, {
        data: TINY_IMAGES.jpg.data,
        name: 'me.txt',
        type: 'text/plain',
      });
      assert.equal(response.status, 200, await response.clone().text());
      const profile = memberProfileSchema.parse(await response.json());
      assert.match(profile.picture ?? '', PICTURE);
      assert.equal(storedFiles(server).length, FILES_PER_IMAGE, 'display image and variants');
      const stored = await row(me.id);
      assert.equal(stored.pictureEdited, true);
      assert.ok(stored.pictureKey);

      const served = await fetch(`${server.baseUrl}${profile.picture}`, { headers: { cookie } });
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'image/webp');
      assert.equal(served.headers.get('cache-control'), 'private, max-age=31536000, immutable');
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.exif, undefined, 'no metadata');

      // A second photo replaces the first, whose files are deleted.
      const again = memberProfileSchema.parse(
        await (
          await uploadPicture(server, cookie, { data: TINY_IMAGES.png.data, name: 'b.png' })
        ).json(),
      );
      assert.notEqual(again.picture, profile.picture);
      assert.equal(displayImages(storedFiles(server)).length, 1);
      assert.equal(storedFiles(server).length, FILES_PER_IMAGE);
      assert.deepEqual(await server.database.db.select().from(pendingImageDeletions), []);

      // Removing it: no picture, no files, and still edited (sign-in does not bring one back).
      const removed = await api.call('DELETE', '/api/member/me/picture');
      assert.equal(removed.status, 200);
      assert.equal(memberProfileSchema.parse(await removed.json()).picture, null);
      assert.deepEqual(storedFiles(server), []);
      assert.equal((await row(me.id)).pictureEdited, true);
    });

    it('refuses what is not an image (400 on file), a missing file (400) and more than 10 MB (413)', async () => {
      for (const file of [
        { data: Buffer.from('not a picture at all'), name: 'a.png', type: 'image/png' },
        { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg' },
      ]) {
        const response = await uploadPicture(server, cookie, file);
        assert.equal(response.status, 400);
        assert.deepEqual(errorBodySchema.parse(await response.json()).data, {
          file: 'PNG, JPEG, GIF, WebP, HEIC 이미지만 올릴 수 있습니다.',
        });
      }
      const missing = await uploadPicture(server, cookie);
      assert.equal(missing.status, 400);
      assert.deepEqual(errorBodySchema.parse(await missing.json()).data, {
        file: '이미지를 선택해주세요.',
      });
      const json = await api.error('POST', '/api/member/me/picture', { file: 'x' }, 400);
      assert.deepEqual(json.data, { file: '이미지를 선택해주세요.' });

      const big = Buffer.alloc(MB10 + 1);
      TINY_IMAGES.png.data.copy(big);
      const tooBig = await uploadPicture(server, cookie, { data: big, name: 'big.png' });
      assert.equal(tooBig.status, 413);
      assert.equal(
        errorBodySchema.parse(await tooBig.json()).message,
        '이미지는 10MB 이하여야 합니다.',
      );
      assert.deepEqual(storedFiles(server), [], 'nothing kept');
      const stored = await row(me.id);
      assert.equal(stored.picture, null);
      assert.equal(stored.pictureEdited, false);
    });

    it('keeps an edited name and photo at the next sign-in, and the login check shows them', async () => {
      const first = await signIn(server.baseUrl, { email: 'edit@example.com', name: '구글 이름' });
      const check = await loginCheck(server, first.jar);
      assert.equal(check.name, '구글 이름');

      const patch = await request(first.jar, `${server.baseUrl}/api/member/me`, {
        method: 'PATCH',
        body: JSON.stringify({ name: '내가 고친 이름' }),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(patch.status, 200);
      assert.equal((await loginCheck(server, first.jar)).name, '내가 고친 이름');

      const form = new FormData();
      form.append('file', new Blob([TINY_IMAGES.png.data]), 'me.png');
      const pictureUrl = new URL('/api/member/me/picture', server.baseUrl);
      const photo = await fetch(pictureUrl, {
        method: 'POST',
        headers: { cookie: first.jar.header(pictureUrl) ?? '' },
        body: form,
      });
      assert.equal(photo.status, 200);
      const picture = (await loginCheck(server, first.jar)).picture;
      assert.match(picture ?? '', PICTURE);

      // Signing in again with another provider name keeps the edits.
      const second = await signIn(server.baseUrl, { email: 'edit@example.com', name: '다른 이름' });
      const after = await loginCheck(server, second.jar);
      assert.equal(after.id, check.id);
      assert.equal(after.name, '내가 고친 이름');
      assert.equal(after.picture, picture);

      // A member who never edited still gets the provider's name.
      const other = await signIn(server.baseUrl, { email: 'plain@example.com', name: '처음' });
      assert.equal((await loginCheck(server, other.jar)).name, '처음');
      const renamed = await signIn(server.baseUrl, { email: 'plain@example.com', name: '나중' });
      assert.equal((await loginCheck(server, renamed.jar)).name, '나중');
    });

    it('deletes the uploaded photo with the account', async () => {
      await uploadPicture(server, cookie, { data: TINY_IMAGES.png.data, name: 'me.png' });
      assert.equal(storedFiles(server).length, FILES_PER_IMAGE);
      const response = await api.call('DELETE', '/api/member');
      assert.equal(response.status, 204);
      assert.deepEqual(storedFiles(server), []);
    });
  });
}
