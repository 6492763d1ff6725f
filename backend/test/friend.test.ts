import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { z } from 'zod';

import {
  type Friend,
  friendSchema,
  friendStatusSchema,
  memberSearchSchema,
  memberSummarySchema,
} from '@/lib/contract/friend';

import type { Member } from '../src/db/schema';
import {
  buildDay,
  buildExercise,
  buildMember,
  entryOf,
  insertDays,
  insertExercises,
  insertFriendship,
  insertMembers,
} from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const friendList = z.array(friendSchema);
const memberList = z.array(memberSummarySchema);
const summary = (m: Member) => ({ id: m.id, name: m.name, picture: m.picture });

for (const kind of databaseKinds()) {
  describe(`friends (${kind.name})`, () => {
    let server: TestServer;
    let a: Member;
    let b: Member;
    let c: Member;
    let apiA: ApiClient;
    let apiB: ApiClient;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [a, b, c] = await insertMembers(server.database.db, [
        buildMember({ name: '가민', picture: 'https://example.test/a.png' }),
        buildMember({ name: '나래' }),
        buildMember({ name: '다온' }),
      ]);
      apiA = await apiClient(server, a);
      apiB = await apiClient(server, b);
    });
    afterEach(() => server?.close());

    const friends = async (api: ApiClient) => friendList.parse(await api.get('/api/member/friend'));
    const requests = async (api: ApiClient) =>
      friendList.parse(await api.get('/api/member/friend/request'));
    const check = async (api: ApiClient, id: number) => {
      const response = await api.call('GET', `/api/friend/check/${id}`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
      return z.boolean().parse(JSON.parse(await response.text()));
    };

    it('request then accept makes both sides friends, oriented to each caller', async () => {
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      assert.deepEqual(await requests(apiA), [], 'outgoing requests are not listed');
      const incoming = await requests(apiB);
      assert.equal(incoming.length, 1);
      assert.deepEqual(
        { ...incoming[0], id: 0 },
        { id: 0, member: summary(a), friend: summary(b) },
      );
      assert.equal(await check(apiA, b.id), false);
      assert.deepEqual(await friends(apiB), []);

      await apiB.text('POST', `/api/friend/accept/${a.id}`, undefined, 200, '친구 수락');
      assert.deepEqual(await requests(apiB), []);
      const ofA = await friends(apiA);
      const ofB = await friends(apiB);
      assert.deepEqual(ofA, [{ id: incoming[0].id, member: summary(a), friend: summary(b) }]);
      assert.deepEqual(ofB, [{ id: incoming[0].id, member: summary(b), friend: summary(a) }]);
      assert.equal(await check(apiA, b.id), true);
      assert.equal(await check(apiB, a.id), true);
      assert.equal(await check(apiA, c.id), false);
      assert.equal(await check(apiA, a.id), false);
      assert.equal(await check(apiA, 999_999), false);

      // Friends see each other's calendar and posts.
      assert.deepEqual(await apiA.get(`/api/today/friend/${b.id}/yearAndMonth/2025/7`), []);
      assert.deepEqual(await apiB.get(`/api/posts/friend/${a.id}`), []);
    });

    it('accepts instead when the other member had already asked', async () => {
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await apiB.text('POST', `/api/friend/request/${a.id}`, undefined, 200, '친구 요청');
      assert.equal(await check(apiA, b.id), true);
      assert.equal((await friends(apiB)).length, 1);
      assert.deepEqual(await requests(apiB), []);
    });

    it('cancel rejects an incoming request and withdraws an outgoing one', async () => {
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await apiB.text('POST', `/api/friend/cancel/${a.id}`, undefined, 200, '친구 거절');
      assert.deepEqual(await requests(apiB), []);
      assert.equal(await check(apiB, a.id), false);

      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await apiA.text('POST', `/api/friend/cancel/${b.id}`, undefined, 200, '친구 거절');
      assert.deepEqual(await requests(apiB), []);
      // and the pair can start over
      await apiB.text('POST', `/api/friend/request/${a.id}`, undefined, 200, '친구 요청');
      assert.equal((await requests(apiA)).length, 1);
    });

    it('answers every error case with the original messages', async () => {
      const expect = async (api: ApiClient, path: string, status: number, message: string) => {
        const error = await api.error('POST', path, undefined, status);
        assert.equal(error.message, message, path);
      };
      await expect(
        apiA,
        `/api/friend/request/${a.id}`,
        400,
        '자신에게 친구 요청을 보낼 수 없습니다.',
      );
      await expect(
        apiA,
        `/api/friend/accept/${a.id}`,
        400,
        '자신에게 친구 요청을 보낼 수 없습니다.',
      );
      await expect(
        apiA,
        `/api/friend/cancel/${a.id}`,
        400,
        '자신에게 친구 요청을 보낼 수 없습니다.',
      );
      for (const action of ['request', 'accept', 'cancel']) {
        await apiA.error('POST', `/api/friend/${action}/999999`, undefined, 404);
      }
      await apiA.error('POST', '/api/friend/request/abc', undefined, 400);
      await expect(apiB, `/api/friend/accept/${a.id}`, 400, '친구 요청이 오지 않았습니다.');
      await expect(apiB, `/api/friend/cancel/${a.id}`, 400, '친구 요청 상태가 아닙니다.');

      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await expect(apiA, `/api/friend/request/${b.id}`, 400, '이미 친구 요청을 보냈습니다.');
      await expect(apiA, `/api/friend/accept/${b.id}`, 400, '친구 요청이 오지 않았습니다.');

      await apiB.text('POST', `/api/friend/accept/${a.id}`, undefined, 200, '친구 수락');
      await expect(apiB, `/api/friend/accept/${a.id}`, 400, '이미 친구입니다.');
      await expect(apiA, `/api/friend/accept/${b.id}`, 400, '이미 친구입니다.');
      await expect(apiA, `/api/friend/request/${b.id}`, 400, '이미 친구입니다.');
      await expect(apiB, `/api/friend/request/${a.id}`, 400, '이미 친구입니다.');
      await expect(apiA, `/api/friend/cancel/${b.id}`, 400, '친구 요청 상태가 아닙니다.');
    });

    it('looks up any member and suggests strangers only', async () => {
      assert.deepEqual(await apiA.get(`/api/member/friend/${c.id}`), summary(c));
      await apiA.error('GET', '/api/member/friend/999999', undefined, 404);
      await apiA.error('GET', '/api/member/friend/abc', undefined, 400);

      const [d, e, f] = await insertMembers(server.database.db, [
        buildMember(),
        buildMember(),
        buildMember(),
      ]);
      await insertFriendship(server.database.db, b.id, a.id, true); // friends
      await insertFriendship(server.database.db, a.id, c.id, false); // outgoing
      await insertFriendship(server.database.db, d.id, a.id, false); // incoming
      await insertFriendship(server.database.db, e.id, f.id, true); // others' friendship
      const suggested = memberList.parse(await apiA.get('/api/member/suggested-friends'));
      assert.deepEqual(
        suggested.map((m) => m.id).sort((x, y) => x - y),
        [e.id, f.id],
      );
      const many = await insertMembers(
        server.database.db,
        Array.from({ length: 12 }, () => buildMember()),
      );
      const capped = memberList.parse(await apiA.get('/api/member/suggested-friends'));
      assert.equal(capped.length, 10);
      assert.ok(capped.every((m) => ![a.id, b.id, c.id, d.id].includes(m.id)));
      assert.ok(capped.some((m) => many.some((n) => n.id === m.id)));
    });

    it("keeps a stranger's or a pending member's calendar and posts private (403)", async () => {
      await insertFriendship(server.database.db, a.id, b.id, false);
      for (const id of [b.id, c.id]) {
        for (const path of [
          `/api/today/friend/${id}/yearAndMonth/2025/7`,
          `/api/today/friend/${id}/date/2025-07-19`,
          `/api/posts/friend/${id}`,
        ]) {
          const error = await apiA.error('GET', path, undefined, 403);
          assert.equal(error.message, '친구가 아니므로 접근할 수 없습니다.');
        }
      }
      const list: Friend[] = await friends(apiA);
      assert.deepEqual(list, []);
    });

    it("answers 404 for an unknown member's calendar and posts", async () => {
      for (const path of [
        '/api/today/friend/999999/yearAndMonth/2025/7',
        '/api/today/friend/999999/date/2025-07-19',
        '/api/posts/friend/999999',
      ]) {
        const error = await apiA.error('GET', path, undefined, 404);
        assert.equal(error.data, null, path);
      }
    });
    // Issue 29: search, sent requests, relation, and ending a friendship.
    const sent = async (api: ApiClient) =>
      friendList.parse(await api.get('/api/member/friend/sent'));
    const relation = async (api: ApiClient, id: number) =>
      friendStatusSchema.parse(await api.get(`/api/friend/status/${id}`)).relation;
    const search = async (api: ApiClient, name: string) =>
      memberSearchSchema.parse(
        await api.get(`/api/members/search?name=${encodeURIComponent(name)}`),
      );

    it('lists the requests the caller sent, oriented to the caller, until answered', async () => {
      assert.deepEqual(await sent(apiA), []);
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await apiA.text('POST', `/api/friend/request/${c.id}`, undefined, 200, '친구 요청');
      const list = await sent(apiA);
      assert.deepEqual(
        list.map((f) => ({ member: f.member, friend: f.friend })),
        [
          { member: summary(a), friend: summary(b) },
          { member: summary(a), friend: summary(c) },
        ],
      );
      assert.deepEqual(await sent(apiB), [], 'incoming requests are not "sent"');
      await apiB.text('POST', `/api/friend/accept/${a.id}`, undefined, 200, '친구 수락');
      await apiA.text('POST', `/api/friend/cancel/${c.id}`, undefined, 200, '친구 거절');
      assert.deepEqual(await sent(apiA), []);
    });

    it('tells the relation to one member, 404 for an unknown one', async () => {
      assert.equal(await relation(apiA, b.id), 'NONE');
      assert.equal(await relation(apiA, a.id), 'SELF');
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      assert.equal(await relation(apiA, b.id), 'SENT');
      assert.equal(await relation(apiB, a.id), 'RECEIVED');
      await apiB.text('POST', `/api/friend/accept/${a.id}`, undefined, 200, '친구 수락');
      assert.equal(await relation(apiA, b.id), 'FRIEND');
      assert.equal(await relation(apiB, a.id), 'FRIEND');
      await apiA.error('GET', '/api/friend/status/999999', undefined, 404);
      await apiA.error('GET', '/api/friend/status/abc', undefined, 400);
    });

    it('searches members by name, without the caller, each with the relation', async () => {
      const [d, e] = await insertMembers(server.database.db, [
        buildMember({ name: '가민수' }),
        buildMember({ name: '100%_가민' }),
      ]);
      await insertFriendship(server.database.db, a.id, b.id, true);
      await insertFriendship(server.database.db, a.id, c.id, false);
      await insertFriendship(server.database.db, d.id, a.id, false);

      // 가민 (the caller) is not listed; 100%_가민 contains 가민; exact and prefix first.
      const hits = await search(apiA, '  가민 ');
      assert.deepEqual(
        hits.map((h) => [h.name, h.relation]),
        [
          ['가민수', 'RECEIVED'],
          ['100%_가민', 'NONE'],
        ],
      );
      assert.deepEqual(hits[0], { ...summary(d as Member), relation: 'RECEIVED' });
      assert.deepEqual(
        (await search(apiA, '나')).map((h) => [h.id, h.relation]),
        [[b.id, 'FRIEND']],
      );
      assert.deepEqual(
        (await search(apiA, '다온')).map((h) => [h.id, h.relation]),
        [[c.id, 'SENT']],
      );
      // From B's side, A is a friend; LIKE wildcards are literal.
      assert.deepEqual(
        (await search(apiB, '가민')).map((h) => [h.id, h.relation]),
        [
          [a.id, 'FRIEND'],
          [d.id, 'NONE'],
          [e.id, 'NONE'],
        ],
      );
      assert.deepEqual(
        (await search(apiA, '%_')).map((h) => h.id),
        [e.id],
      );
      assert.deepEqual(await search(apiA, '없는이름'), []);

      const many = await insertMembers(
        server.database.db,
        Array.from({ length: 25 }, (_, i) => buildMember({ name: `검색${i}` })),
      );
      assert.equal(many.length, 25);
      assert.equal((await search(apiA, '검색')).length, 20);

      for (const query of ['', 'name=', 'name=%20%20', `name=${'가'.repeat(101)}`, 'name=a%00b']) {
        const error = await apiA.error('GET', `/api/members/search?${query}`, undefined, 400);
        assert.ok(error.data && 'name' in error.data, query);
      }
    });

    it('ends a friendship on both sides at once; every friend-gated read is refused after', async () => {
      const [bench] = await insertExercises(server.database.db, [
        buildExercise({ memberId: b.id, name: '벤치프레스' }),
      ]);
      await insertDays(server.database.db, [
        buildDay({ memberId: b.id, localDate: '2025-07-19', entries: [entryOf(bench, 1)] }),
      ]);
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await apiB.text('POST', `/api/friend/accept/${a.id}`, undefined, 200, '친구 수락');
      const gated = (id: number) => [
        `/api/today/friend/${id}/yearAndMonth/2025/7`,
        `/api/today/friend/${id}/date/2025-07-19`,
        `/api/today/friend/${id}/date/2025-07-19/records`,
        `/api/friend/${id}/exercise/${bench.id}/history?range=all`,
        `/api/posts/friend/${id}`,
      ];
      for (const path of gated(b.id)) await apiA.get(path);

      // B ends it: both sides lose the friendship, the lists and the reads, at once.
      await apiB.text('DELETE', `/api/friend/${a.id}`, undefined, 200, '친구 끊기');
      assert.deepEqual(await friends(apiA), []);
      assert.deepEqual(await friends(apiB), []);
      assert.equal(await check(apiA, b.id), false);
      assert.equal(await check(apiB, a.id), false);
      assert.equal(await relation(apiA, b.id), 'NONE');
      for (const path of [...gated(b.id), ...gated(a.id).slice(0, 2)]) {
        const api = path.includes(`/${b.id}/`) || path.endsWith(`/${b.id}`) ? apiA : apiB;
        const error = await api.error('GET', path, undefined, 403);
        assert.equal(error.message, '친구가 아니므로 접근할 수 없습니다.', path);
      }

      // Not friends any more (either side), a pending request, oneself, an unknown member: 404.
      await apiA.error('DELETE', `/api/friend/${b.id}`, undefined, 404);
      await apiB.error('DELETE', `/api/friend/${a.id}`, undefined, 404);
      await apiA.text('POST', `/api/friend/request/${b.id}`, undefined, 200, '친구 요청');
      await apiA.error('DELETE', `/api/friend/${b.id}`, undefined, 404);
      assert.equal((await requests(apiB)).length, 1, 'a pending request is not ended by DELETE');
      await apiA.error('DELETE', `/api/friend/${a.id}`, undefined, 404);
      await apiA.error('DELETE', '/api/friend/999999', undefined, 404);
      await apiA.error('DELETE', '/api/friend/abc', undefined, 400);

      // And they can befriend each other again (the requester A ends it this time).
      await apiB.text('POST', `/api/friend/accept/${a.id}`, undefined, 200, '친구 수락');
      await apiA.get(`/api/today/friend/${b.id}/yearAndMonth/2025/7`);
      await apiA.text('DELETE', `/api/friend/${b.id}`, undefined, 200, '친구 끊기');
      await apiB.error('GET', `/api/today/friend/${a.id}/yearAndMonth/2025/7`, undefined, 403);
    });

    it('requires a session for the new reads and the unfriend', async () => {
      for (const [method, path] of [
        ['GET', '/api/members/search?name=가'],
        ['GET', '/api/member/friend/sent'],
        ['GET', `/api/friend/status/${b.id}`],
        ['DELETE', `/api/friend/${b.id}`],
      ] as const) {
        const response = await fetch(`${server.baseUrl}${path}`, { method });
        assert.equal(response.status, 401, `${method} ${path}`);
        assert.equal(((await response.json()) as { code: string }).code, '401');
      }
    });
  });
}
