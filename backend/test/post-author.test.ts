import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import { memberSummarySchema } from '@/lib/contract/friend';
import { postSchema } from '@/lib/contract/post';

import type { Member } from '../src/db/schema';
import {
  buildMember,
  buildPost,
  insertFriendship,
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

const MB10 = 10 * 1024 * 1024;
/** Issue 29's additions are always present on this backend's answers. */
const authoredPosts = z.array(
  z.object({
    ...postSchema.shape,
    member: memberSummarySchema,
    createdDate: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/),
  }),
);

// 2026-11-20 09:30:15.250 UTC is 18:30:15.250 in Seoul.
const WRITTEN_AT = new Date(Date.UTC(2026, 10, 20, 9, 30, 15, 250));
const WRITTEN_AT_SEOUL = '2026-11-20T18:30:15.250';

for (const kind of databaseKinds()) {
  describe(`post author and creation time (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let friend: Member;
    let api: ApiClient;
    let friends: ApiClient;
    /** [my post, my friend's post] */
    let stored: StoredPost[];

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, friend] = await insertMembers(server.database.db, [
        buildMember({ name: '김작가' }),
        buildMember({ name: '이친구', picture: 'https://example.test/lee.png' }),
      ]);
      await insertFriendship(server.database.db, me.id, friend.id, true);
      api = await apiClient(server, me);
      friends = await apiClient(server, friend);
      stored = await insertPosts(
        server.database.db,
        new LocalImageStorage(imagesDir(server), MB10),
        [
          buildPost({ memberId: me.id, text: '내 글', createdAt: WRITTEN_AT }),
          buildPost({ memberId: friend.id, text: '친구 글' }),
        ],
      );
    });
    afterEach(() => server?.close());

    const mine = () => ({ id: me.id, name: '김작가', picture: null });
    const theirs = () => ({
      id: friend.id,
      name: '이친구',
      picture: 'https://example.test/lee.png',
    });

    it('names the author and the Seoul creation time on the feed and its scroll pages', async () => {
      const feed = authoredPosts.parse(await api.get('/api/posts?limit=10'));
      assert.deepEqual(
        feed.map((post) => [post.text, post.member]),
        [
          ['친구 글', theirs()],
          ['내 글', mine()],
        ],
      );
      assert.equal(feed[1].createdDate, WRITTEN_AT_SEOUL);
      // A post written now is dated within a minute of now, in Seoul time.
      const seoulNow = Date.now() + 9 * 3_600_000;
      const written = Date.parse(`${feed[0].createdDate.slice(0, 23)}Z`);
      assert.ok(Math.abs(written - seoulNow) < 60_000, feed[0].createdDate);

      const older = authoredPosts.parse(
        await api.get(`/api/posts/scroll?limit=10&postId=${stored[1].id}`),
      );
      assert.deepEqual(
        older.map((post) => [post.id, post.member, post.createdDate]),
        [[stored[0].id, mine(), WRITTEN_AT_SEOUL]],
      );
    });

    it("names the author on the member's own and on a friend's posts", async () => {
      const own = authoredPosts.parse(await api.get('/api/member/posts'));
      assert.deepEqual(
        own.map((post) => [post.id, post.member, post.createdDate]),
        [[stored[0].id, mine(), WRITTEN_AT_SEOUL]],
      );
      const friendPosts = authoredPosts.parse(await api.get(`/api/posts/friend/${friend.id}`));
      assert.deepEqual(
        friendPosts.map((post) => [post.id, post.member]),
        [[stored[1].id, theirs()]],
      );
      const mineSeenByFriend = authoredPosts.parse(await friends.get(`/api/posts/friend/${me.id}`));
      assert.deepEqual(
        mineSeenByFriend.map((post) => [post.member, post.createdDate, post.mine]),
        [[mine(), WRITTEN_AT_SEOUL, false]],
      );
    });

    it('keeps the author and the creation time in the answer of an edit', async () => {
      const response = await api.call('PATCH', `/api/post/${stored[0].id}`, { text: '고친 글' });
      assert.equal(response.status, 200);
      const [edited] = authoredPosts.parse([await response.json()]);
      assert.deepEqual(
        [edited.text, edited.member, edited.createdDate],
        ['고친 글', mine(), WRITTEN_AT_SEOUL],
      );
    });
  });
}
