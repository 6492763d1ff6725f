import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import { commentSchema } from '@/lib/contract/comment';

import type { Member } from '../src/db/schema';
import {
  buildMember,
  buildPost,
  insertComments,
  insertMembers,
  insertPosts,
  type StoredPost,
} from '../src/seed/builders';
import { LocalImageStorage } from '../src/storage/local-image-storage';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { imagesDir } from './helpers/images';

after(dropTestDatabases);

const commentList = z.array(commentSchema);
const SEOUL_LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/;

for (const kind of databaseKinds()) {
  describe(`comments (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let api: ApiClient;
    let post: StoredPost;
    let otherPost: StoredPost;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other] = await insertMembers(server.database.db, [
        buildMember({ name: '김댓글' }),
        buildMember({ name: '이답글' }),
      ]);
      api = await apiClient(server, me);
      [post, otherPost] = await insertPosts(
        server.database.db,
        new LocalImageStorage(imagesDir(server), 1024 * 1024),
        [buildPost({ memberId: other.id }), buildPost({ memberId: other.id })],
      );
    });
    afterEach(() => server?.close());

    it('adds comments and lists them oldest first with the author and Seoul time', async () => {
      assert.deepEqual(await api.get(`/api/comment/${post.id}`), []);
      const before = Date.now();
      await api.text('POST', '/api/comment', { postId: post.id, text: '  멋져요  ' }, 201, '');
      const theirs = await apiClient(server, other);
      await theirs.text(
        'POST',
        '/api/comment',
        { postId: String(post.id), text: '고마워요' },
        201,
        '',
      );
      await api.text('POST', '/api/comment', { postId: otherPost.id, text: '다른 글' }, 201, '');
      await api.text('POST', '/api/comment', { postId: post.id, text: 'x'.repeat(1000) }, 201, '');
      const after = Date.now();

      const list = commentList.parse(await api.get(`/api/comment/${post.id}`));
      assert.deepEqual(
        list.map(({ name, text }) => [name, text.slice(0, 10)]),
        [
          ['김댓글', '멋져요'],
          ['이답글', '고마워요'],
          ['김댓글', 'xxxxxxxxxx'],
        ],
      );
      assert.ok(list[0].id < list[1].id && list[1].id < list[2].id);
      for (const comment of list) {
        assert.match(comment.localDateTime, SEOUL_LOCAL);
        // Read as UTC, a Seoul wall-clock time is 9 hours ahead of the instant.
        const instant = Date.parse(`${comment.localDateTime}Z`) - 9 * 3600_000;
        assert.ok(instant >= before - 1000 && instant <= after + 1000, comment.localDateTime);
      }
      // `mine`: issue 16's addition (social.test.ts)
      assert.deepEqual(Object.keys(list[0]), ['id', 'name', 'text', 'mine', 'localDateTime']);
    });

    it('answers the stored creation time in Asia/Seoul', async () => {
      await insertComments(server.database.db, [
        {
          postId: post.id,
          memberId: me.id,
          text: '자정 넘어',
          createdAt: new Date('2025-07-19T15:30:00.250Z'),
        },
      ]);
      const [comment] = commentList.parse(await api.get(`/api/comment/${post.id}`));
      assert.equal(comment.localDateTime, '2025-07-20T00:30:00.250');
    });

    it('validates comments: blank 400, too long 400, unknown post 404', async () => {
      for (const body of [
        { postId: post.id, text: '' },
        { postId: post.id, text: '   \n ' },
        { postId: post.id },
        { postId: post.id, text: null },
      ]) {
        const error = await api.error('POST', '/api/comment', body, 400);
        assert.deepEqual(error.data, { text: '댓글을 입력해주세요.' }, JSON.stringify(body));
      }
      const long = await api.error(
        'POST',
        '/api/comment',
        { postId: post.id, text: 'x'.repeat(1001) },
        400,
      );
      assert.deepEqual(long.data, { text: '댓글은 1000자 이하로 입력해주세요.' });
      for (const postId of [undefined, 'abc', 0, -1]) {
        const error = await api.error('POST', '/api/comment', { postId, text: '글' }, 400);
        assert.ok(error.data?.postId, String(postId));
      }
      await api.error('POST', '/api/comment', 'not json', 400);
      await api.error('POST', '/api/comment', { postId: 999_999, text: '어디?' }, 404);
      await api.error('GET', '/api/comment/999999', undefined, 404);
      await api.error('GET', '/api/comment/abc', undefined, 400);
      assert.deepEqual(await api.get(`/api/comment/${post.id}`), []);
    });
  });
}
