import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { eq } from 'drizzle-orm';

import { chatMessageListSchema } from '@/lib/contract/chat';
import {
  type Club,
  clubDetailSchema,
  clubListItemsSchema,
  clubListSchema,
  clubMemberListSchema,
  clubSchema,
} from '@/lib/contract/club';

import { chatMessages, chatRooms, clubMembers, clubs, type Member } from '../src/db/schema';
import {
  buildClub,
  buildMember,
  buildMessage,
  insertClubs,
  insertMembers,
  insertMessages,
} from '../src/seed/builders';
import { type ApiClient, apiClient } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';

after(dropTestDatabases);

const FORM = {
  title: '아침 러닝 크루',
  content: '한강에서 같이 달려요.',
  location: '여의도 한강공원',
  schedule: '매주 화요일, 토요일 저녁 7시',
  highlight: '초보 환영',
};

for (const kind of databaseKinds()) {
  describe(`clubs and chat history (${kind.name})`, () => {
    let server: TestServer;
    let me: Member;
    let other: Member;
    let third: Member;
    let api: ApiClient;
    let otherApi: ApiClient;

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [me, other, third] = await insertMembers(server.database.db, [
        buildMember({ name: '김민준' }),
        buildMember({ name: '이서연', picture: 'https://img.test/seoyeon.png' }),
        buildMember({ name: '박지호' }),
      ]);
      api = await apiClient(server, me);
      otherApi = await apiClient(server, other);
    });
    afterEach(() => server?.close());

    const list = async (query = '', client = api) =>
      clubListSchema.parse(await client.get(`/api/clubs${query}`));

    it('creates a club with its room; the creator is owner and member', async () => {
      await api.text('POST', '/api/club', FORM, 201, '아침 러닝 크루를 생성했습니다.');
      const [club] = await list();
      assert.deepEqual({ ...club, id: 0, chatRoomId: 0 }, { id: 0, ...FORM, chatRoomId: 0 });
      const [room] = await server.database.db
        .select()
        .from(chatRooms)
        .where(eq(chatRooms.clubId, club.id));
      assert.equal(room.id, club.chatRoomId);
      assert.equal(room.title, FORM.title);
      const memberships = await server.database.db.select().from(clubMembers);
      assert.deepEqual(
        memberships.map((m) => [m.clubId, m.memberId, m.role]),
        [[club.id, me.id, 'OWNER']],
      );
      assert.deepEqual(
        clubSchema.parse(await api.get(`/api/club/chatRoom/${club.chatRoomId}`)),
        club,
      );
      // Trimmed values are stored.
      await api.text(
        'POST',
        '/api/club',
        { ...FORM, title: '  등산  ' },
        201,
        '등산를 생성했습니다.',
      );
      assert.equal((await list())[0].title, '등산');
    });

    it('validates the five fields with the form messages', async () => {
      const blank = await api.error(
        'POST',
        '/api/club',
        { title: ' ', content: '', location: null, highlight: 5 },
        400,
      );
      assert.deepEqual(blank.data, {
        title: '클럽 이름을 입력해주세요.',
        content: '클럽 소개를 입력해주세요.',
        location: '활동 장소를 입력해주세요.',
        schedule: '활동 시간을 입력해주세요.',
        highlight: '클럽 특징을 입력해주세요.',
      });
      const long = await api.error(
        'POST',
        '/api/club',
        { ...FORM, title: 'x'.repeat(201), content: 'y'.repeat(2001) },
        400,
      );
      assert.deepEqual(Object.keys(long.data ?? {}).sort(), ['content', 'title']);
      await api.text(
        'POST',
        '/api/club',
        { ...FORM, content: 'y'.repeat(2000) },
        201,
        '아침 러닝 크루를 생성했습니다.',
      );
      await api.error('POST', '/api/club', '{broken', 400);
      assert.equal((await list()).length, 1);
    });

    it('joins idempotently, many clubs per member; unknown club 404', async () => {
      const [a, b] = await insertClubs(server.database.db, [
        buildClub({ ownerId: me.id, title: '러닝' }),
        buildClub({ ownerId: third.id, title: '등산' }),
      ]);
      await otherApi.text('POST', `/api/club/${a.id}/join`, undefined, 200, '');
      await otherApi.text('POST', `/api/club/${a.id}/join`, undefined, 200, '');
      await otherApi.text('POST', `/api/club/${b.id}/join`, undefined, 200, '');
      await otherApi.error('POST', '/api/club/999999/join', undefined, 404);
      await otherApi.error('POST', '/api/club/abc/join', undefined, 400);
      const rows = await server.database.db
        .select()
        .from(clubMembers)
        .where(eq(clubMembers.memberId, other.id));
      assert.deepEqual(rows.map((r) => [r.clubId, r.role]).sort(), [
        [a.id, 'MEMBER'],
        [b.id, 'MEMBER'],
      ]);
      // The owner joining their own club stays the owner.
      await api.text('POST', `/api/club/${a.id}/join`, undefined, 200, '');
      const [owner] = await server.database.db
        .select()
        .from(clubMembers)
        .where(eq(clubMembers.memberId, me.id));
      assert.equal(owner.role, 'OWNER');
    });

    it('searches by name (contains, case-insensitive) and isMyClubs, newest first', async () => {
      await insertClubs(server.database.db, [
        buildClub({ ownerId: other.id, title: 'Morning Run' }),
        buildClub({ ownerId: me.id, title: '주말 등산 모임' }),
        buildClub({ ownerId: other.id, title: '100% 러닝_크루', memberIds: [me.id] }),
        buildClub({ ownerId: third.id, title: '저녁 러닝' }),
      ]);
      const titles = (clubsFound: Club[]) => clubsFound.map((club) => club.title);
      assert.deepEqual(titles(await list()), [
        '저녁 러닝',
        '100% 러닝_크루',
        '주말 등산 모임',
        'Morning Run',
      ]);
      assert.deepEqual(titles(await list('?name=러닝')), ['저녁 러닝', '100% 러닝_크루']);
      assert.deepEqual(titles(await list('?name=morning')), ['Morning Run']);
      assert.deepEqual(titles(await list('?name=%25')), ['100% 러닝_크루']);
      assert.deepEqual(titles(await list('?name=_')), ['100% 러닝_크루']);
      assert.deepEqual(titles(await list('?isMyClubs=1')), ['100% 러닝_크루', '주말 등산 모임']);
      assert.deepEqual(titles(await list('?isMyClubs=1&name=러닝')), ['100% 러닝_크루']);
      assert.equal((await list('?isMyClubs=0')).length, 4);
      assert.equal((await list('?isMyClubs=all&name=')).length, 4);
      assert.equal((await list('?isMyClubs=')).length, 4);
      const bad = await api.error('GET', '/api/clubs?isMyClubs=2', undefined, 400);
      assert.ok(bad.data?.isMyClubs);
      await api.error('GET', '/api/clubs?isMyClubs=yes', undefined, 400);
      assert.deepEqual(await list('?isMyClubs=1', await apiClient(server, third)), [
        (await list('?name=저녁'))[0],
      ]);
    });

    it('answers the club of a room to its members only', async () => {
      const [club] = await insertClubs(server.database.db, [buildClub({ ownerId: me.id })]);
      await otherApi.error('GET', `/api/club/chatRoom/${club.chatRoomId}`, undefined, 404);
      await api.error('GET', '/api/club/chatRoom/999999', undefined, 404);
      await otherApi.text('POST', `/api/club/${club.id}/join`, undefined, 200, '');
      const found = clubSchema.parse(await otherApi.get(`/api/club/chatRoom/${club.chatRoomId}`));
      assert.equal(found.id, club.id);
    });

    it('owner leaving deletes the club, its room, memberships and messages', async () => {
      const [club, keep] = await insertClubs(server.database.db, [
        buildClub({ ownerId: me.id, memberIds: [other.id] }),
        buildClub({ ownerId: other.id, memberIds: [me.id] }),
      ]);
      await insertMessages(server.database.db, [
        buildMessage({ roomId: club.chatRoomId, memberId: me.id }),
        buildMessage({ roomId: club.chatRoomId, memberId: other.id }),
        buildMessage({ roomId: keep.chatRoomId, memberId: me.id }),
      ]);
      await api.text('DELETE', `/api/club/${club.id}/leave`, undefined, 200, '');
      const db = server.database.db;
      assert.deepEqual(await db.select().from(clubs).where(eq(clubs.id, club.id)), []);
      assert.deepEqual(
        await db.select().from(chatRooms).where(eq(chatRooms.id, club.chatRoomId)),
        [],
      );
      assert.deepEqual(
        await db.select().from(clubMembers).where(eq(clubMembers.clubId, club.id)),
        [],
      );
      const left = await db.select().from(chatMessages);
      assert.deepEqual(
        left.map((m) => m.roomId),
        [keep.chatRoomId],
      );
      await api.error('DELETE', `/api/club/${club.id}/leave`, undefined, 404);
      await otherApi.error('GET', `/api/rooms/${club.chatRoomId}/recentMessage`, undefined, 404);
    });

    it('a member leaving keeps their messages; not a member → 404', async () => {
      const [club] = await insertClubs(server.database.db, [
        buildClub({ ownerId: me.id, memberIds: [other.id] }),
      ]);
      await insertMessages(server.database.db, [
        buildMessage({ roomId: club.chatRoomId, memberId: other.id, message: '안녕하세요' }),
        buildMessage({ roomId: club.chatRoomId, memberId: me.id, message: '반가워요' }),
      ]);
      await api.error('DELETE', '/api/club/999999/leave', undefined, 404);
      await (
        await apiClient(server, third)
      ).error('DELETE', `/api/club/${club.id}/leave`, undefined, 404);
      await otherApi.text('DELETE', `/api/club/${club.id}/leave`, undefined, 200, '');
      const history = chatMessageListSchema.parse(
        await api.get(`/api/rooms/${club.chatRoomId}/recentMessage`),
      );
      assert.deepEqual(
        history.map((m) => [m.member.name, m.message]),
        [
          ['이서연', '안녕하세요'],
          ['김민준', '반가워요'],
        ],
      );
      assert.equal(history[0].member.picture, 'https://img.test/seoyeon.png');
      await otherApi.error('GET', `/api/rooms/${club.chatRoomId}/recentMessage`, undefined, 404);
      assert.equal((await list('?isMyClubs=1', otherApi)).length, 0);
      assert.equal((await list()).length, 1);
    });

    it('reads a club for any signed-in member: owner, member count, isMember/isOwner; 404 unknown', async () => {
      const [club] = await insertClubs(server.database.db, [
        buildClub({ ownerId: other.id, title: '등산', memberIds: [me.id] }),
      ]);
      const detail = clubDetailSchema.parse(await otherApi.get(`/api/club/${club.id}`));
      assert.deepEqual(detail, {
        id: club.id,
        title: '등산',
        content: club.content,
        location: club.location,
        schedule: club.schedule,
        highlight: club.highlight,
        chatRoomId: club.chatRoomId,
        owner: { id: other.id, name: '이서연', picture: 'https://img.test/seoyeon.png' },
        memberCount: 2,
        isMember: true,
        isOwner: true,
      });
      const mine = clubDetailSchema.parse(await api.get(`/api/club/${club.id}`));
      assert.deepEqual([mine.isMember, mine.isOwner, mine.memberCount], [true, false, 2]);
      // A stranger may read it too (clubs are searchable): not a member, not the owner.
      const outsider = await apiClient(server, third);
      const seen = clubDetailSchema.parse(await outsider.get(`/api/club/${club.id}`));
      assert.deepEqual([seen.isMember, seen.isOwner, seen.memberCount], [false, false, 2]);
      // Joining counts at once.
      await outsider.text('POST', `/api/club/${club.id}/join`, undefined, 200, '');
      const joined = clubDetailSchema.parse(await outsider.get(`/api/club/${club.id}`));
      assert.deepEqual([joined.isMember, joined.memberCount], [true, 3]);

      await api.error('GET', '/api/club/999999', undefined, 404);
      await api.error('GET', '/api/club/abc', undefined, 400);
      const anonymous = await fetch(`${server.baseUrl}/api/club/${club.id}`);
      assert.equal(anonymous.status, 401);
      // The room lookup keeps its route: `chatRoom` is no club id.
      assert.equal(
        clubSchema.parse(await api.get(`/api/club/chatRoom/${club.chatRoomId}`)).id,
        club.id,
      );
    });

    it('lists a club with its member count and whether the caller belongs (additions)', async () => {
      const [a, b] = await insertClubs(server.database.db, [
        buildClub({ ownerId: other.id, title: '러닝', memberIds: [third.id] }),
        buildClub({ ownerId: me.id, title: '등산' }),
      ]);
      const items = clubListItemsSchema.parse(await api.get('/api/clubs'));
      assert.deepEqual(
        items.map((item) => [item.id, item.isMember, item.memberCount]),
        [
          [b.id, true, 1],
          [a.id, false, 2],
        ],
      );
      // ClubDto's fields are all still there, in the original's shape.
      assert.deepEqual(clubListSchema.parse(items)[1], {
        id: a.id,
        title: '러닝',
        content: a.content,
        location: a.location,
        schedule: a.schedule,
        highlight: a.highlight,
        chatRoomId: a.chatRoomId,
      });
    });

    it('lists the members, owner first then by joining; any signed-in member; 404 unknown', async () => {
      const [club] = await insertClubs(server.database.db, [buildClub({ ownerId: other.id })]);
      const outsider = await apiClient(server, third);
      await outsider.text('POST', `/api/club/${club.id}/join`, undefined, 200, '');
      await api.text('POST', `/api/club/${club.id}/join`, undefined, 200, '');
      // A stranger (not yet joined) reads it as well as the members.
      const stranger = await apiClient(
        server,
        (await insertMembers(server.database.db, [buildMember({ name: '최유나' })]))[0],
      );
      const listed = clubMemberListSchema.parse(await stranger.get(`/api/club/${club.id}/members`));
      assert.deepEqual(listed, [
        { id: other.id, name: '이서연', picture: 'https://img.test/seoyeon.png', role: 'OWNER' },
        { id: third.id, name: '박지호', picture: null, role: 'MEMBER' },
        { id: me.id, name: '김민준', picture: null, role: 'MEMBER' },
      ]);
      const two = clubMemberListSchema.parse(await api.get(`/api/club/${club.id}/members?limit=2`));
      assert.deepEqual(
        two.map((m) => m.id),
        [other.id, third.id],
      );
      for (const bad of ['limit=0', 'limit=201', 'limit=x']) {
        const error = await api.error('GET', `/api/club/${club.id}/members?${bad}`, undefined, 400);
        assert.ok(error.data?.limit);
      }
      await api.error('GET', '/api/club/999999/members', undefined, 404);
      assert.equal((await fetch(`${server.baseUrl}/api/club/${club.id}/members`)).status, 401);
      // Someone who leaves is no longer listed.
      await outsider.text('DELETE', `/api/club/${club.id}/leave`, undefined, 200, '');
      const after = clubMemberListSchema.parse(await api.get(`/api/club/${club.id}/members`));
      assert.deepEqual(
        after.map((m) => m.id),
        [other.id, me.id],
      );
    });

    it('deletes a club for its owner only: a member or a stranger gets 403 and nothing changes', async () => {
      const [club] = await insertClubs(server.database.db, [
        buildClub({ ownerId: me.id, memberIds: [other.id] }),
      ]);
      await insertMessages(server.database.db, [
        buildMessage({ roomId: club.chatRoomId, memberId: other.id }),
      ]);
      const db = server.database.db;
      await otherApi.error('DELETE', `/api/club/${club.id}`, undefined, 403);
      await (
        await apiClient(server, third)
      ).error('DELETE', `/api/club/${club.id}`, undefined, 403);
      assert.equal((await db.select().from(clubs).where(eq(clubs.id, club.id))).length, 1);
      assert.equal(
        (await db.select().from(clubMembers).where(eq(clubMembers.clubId, club.id))).length,
        2,
      );
      assert.equal((await db.select().from(chatMessages)).length, 1);
      await api.error('DELETE', '/api/club/999999', undefined, 404);
      assert.equal(
        (await fetch(`${server.baseUrl}/api/club/${club.id}`, { method: 'DELETE' })).status,
        401,
      );

      await api.text('DELETE', `/api/club/${club.id}`, undefined, 200, '');
      assert.deepEqual(await db.select().from(clubs).where(eq(clubs.id, club.id)), []);
      assert.deepEqual(
        await db.select().from(chatRooms).where(eq(chatRooms.id, club.chatRoomId)),
        [],
      );
      assert.deepEqual(await db.select().from(chatMessages), []);
      await api.error('GET', `/api/club/${club.id}`, undefined, 404);
      await api.error('DELETE', `/api/club/${club.id}`, undefined, 404);
      await otherApi.error('GET', `/api/rooms/${club.chatRoomId}/recentMessage`, undefined, 404);
    });

    it('pages history: recent, older and newer, oldest first, members only', async () => {
      const [club, otherClub] = await insertClubs(server.database.db, [
        buildClub({ ownerId: me.id, memberIds: [other.id] }),
        buildClub({ ownerId: third.id }),
      ]);
      const seeds = Array.from({ length: 30 }, (_, i) =>
        buildMessage({
          roomId: i % 3 === 2 ? otherClub.chatRoomId : club.chatRoomId,
          memberId: i % 3 === 2 ? third.id : i % 2 === 0 ? me.id : other.id,
          message: `메시지 ${i}`,
          createdAt: new Date(Date.UTC(2025, 6, 19, 5, 3, 27, 123) + i * 1000),
        }),
      );
      const ids = await insertMessages(server.database.db, seeds);
      const mine = ids.filter((_, i) => i % 3 !== 2);
      const room = `/api/rooms/${club.chatRoomId}`;
      const pageIds = async (path: string) =>
        chatMessageListSchema.parse(await api.get(`${room}${path}`)).map((m) => m.messageId);

      const recent = await api.get<Array<Record<string, unknown>>>(`${room}/recentMessage`);
      assert.equal(recent.length, 20);
      assert.deepEqual(Object.keys(recent[0]), ['message', 'messageId', 'createdDate', 'member']);
      assert.deepEqual(
        recent.map((m) => m.messageId),
        mine,
      );
      assert.deepEqual(recent[0], {
        message: '메시지 0',
        messageId: ids[0],
        createdDate: '2025-07-19T14:03:27.123',
        member: { id: me.id, name: '김민준', picture: null },
      });
      assert.deepEqual(await pageIds('/recentMessage?limit=5'), mine.slice(-5));
      assert.deepEqual(
        await pageIds(`/olderMessage?messageId=${mine[15]}&limit=5`),
        mine.slice(10, 15),
      );
      assert.deepEqual(await pageIds(`/olderMessage?messageId=${mine[3]}`), mine.slice(0, 3));
      assert.deepEqual(await pageIds(`/olderMessage?messageId=${mine[0]}`), []);
      assert.deepEqual(await pageIds(`/newerMessage?messageId=${mine[15]}`), mine.slice(16));
      assert.deepEqual(
        await pageIds(`/newerMessage?messageId=${mine[2]}&limit=3`),
        mine.slice(3, 6),
      );
      assert.deepEqual(await pageIds(`/newerMessage?messageId=${mine[19]}`), []);

      for (const bad of ['limit=0', 'limit=101', 'limit=abc']) {
        await api.error('GET', `${room}/recentMessage?${bad}`, undefined, 400);
      }
      assert.equal((await pageIds('/recentMessage?limit=100')).length, 20);
      await api.error('GET', `${room}/olderMessage`, undefined, 400);
      await api.error('GET', `${room}/newerMessage?messageId=x`, undefined, 400);
      const outsider = await apiClient(server, third);
      await outsider.error('GET', `${room}/recentMessage`, undefined, 404);
      await outsider.error('GET', `${room}/olderMessage?messageId=${mine[5]}`, undefined, 404);
      await outsider.error('GET', `${room}/newerMessage?messageId=${mine[5]}`, undefined, 404);
      await api.error('GET', '/api/rooms/999999/recentMessage', undefined, 404);
    });
  });
}
