import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { sql } from 'drizzle-orm';

import { DELETED_SENDER, roomSendDestination } from '@/lib/contract/chat';
import { chatLiveEventSchema, LIVE_EVENT, readLiveEventSchema } from '@/lib/contract/live';
import {
  readPositionSchema,
  type RoomsSummary,
  roomsSummarySchema,
  UNREAD_COUNT_CAP,
} from '@/lib/contract/unread';

import { signAccessToken } from '../src/auth/access-token';
import { chatMessages, type Member, members } from '../src/db/schema';
import {
  buildClub,
  buildMember,
  insertClubs,
  insertMembers,
  insertMessages,
  type StoredClub,
} from '../src/seed/builders';
import { type ApiClient, apiClient, sessionCookie } from './helpers/api';
import { startServer, TEST_JWT_KEY, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { startRedisPair } from './helpers/instances';
import { openEvents, type SseClient } from './helpers/sse';
import { connectStomp, cookieFor, type StompPeer } from './helpers/stomp';
import { until } from './helpers/wait';

after(dropTestDatabases);

for (const kind of databaseKinds()) {
  describe(`unread chat (${kind.name})`, () => {
    let server: TestServer;
    let owner: Member;
    let reader: Member;
    let outsider: Member;
    let club: StoredClub;
    let asReader: ApiClient;
    const streams: SseClient[] = [];
    const peers: StompPeer[] = [];

    const say = (member: Member, ...texts: string[]) =>
      insertMessages(
        server.database.db,
        texts.map((message) => ({
          roomId: club.chatRoomId,
          memberId: member.id,
          message,
          createdAt: new Date(),
        })),
      );
    const summaryOf = async (client: ApiClient) =>
      roomsSummarySchema.parse(await client.get<RoomsSummary>('/api/rooms/summary'));
    const readTo = (client: ApiClient, roomId: number, messageId: unknown) =>
      client.call('PUT', `/api/rooms/${roomId}/read`, { messageId });

    beforeEach(async () => {
      server = await startServer(await kind.create());
      [owner, reader, outsider] = await insertMembers(server.database.db, [
        buildMember({ name: '김민준' }),
        buildMember({ name: '이서연' }),
        buildMember(),
      ]);
      [club] = await insertClubs(server.database.db, [
        buildClub({ ownerId: owner.id, memberIds: [reader.id] }),
      ]);
      asReader = await apiClient(server, reader);
    });
    afterEach(async () => {
      for (const stream of streams.splice(0)) stream.close();
      await Promise.all(peers.splice(0).map((peer) => peer.stop().catch(() => undefined)));
      await server.close();
    });

    it('counts others’ messages after the read position, with the last message', async () => {
      await say(owner, '안녕하세요', '오늘 7시');
      const [own] = await say(reader, '네 좋아요');
      const [last] = await say(owner, '한강에서 봐요');
      const summary = await summaryOf(asReader);
      assert.equal(summary.rooms.length, 1);
      const [room] = summary.rooms;
      assert.equal(room.roomId, club.chatRoomId);
      assert.equal(room.clubId, club.id);
      assert.equal(room.clubTitle, club.title);
      assert.equal(room.unreadCount, 3, 'the member’s own message is not unread');
      assert.equal(summary.unreadTotal, 3);
      assert.equal(room.lastMessage?.messageId, last);
      assert.equal(room.lastMessage?.message, '한강에서 봐요');
      assert.equal(room.lastMessage?.senderName, '김민준');
      assert.equal(room.lastMessage?.senderId, owner.id);
      assert.match(room.lastMessage?.createdDate ?? '', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

      const position = readPositionSchema.parse(
        await (await readTo(asReader, club.chatRoomId, own)).json(),
      );
      assert.deepEqual(position, {
        roomId: club.chatRoomId,
        lastReadMessageId: own,
        unreadCount: 1,
      });
      assert.equal((await summaryOf(asReader)).unreadTotal, 1);
      // The owner sees nothing unread: the reader's message came after theirs... except the reader's.
      const asOwner = await apiClient(server, owner);
      assert.equal((await summaryOf(asOwner)).rooms[0].unreadCount, 1);
    });

    it('moves the read position forward only, and never past the newest message', async () => {
      const ids = await say(owner, '하나', '둘', '셋');
      await readTo(asReader, club.chatRoomId, ids[2]);
      const back = readPositionSchema.parse(
        await (await readTo(asReader, club.chatRoomId, ids[0])).json(),
      );
      assert.equal(back.lastReadMessageId, ids[2], 'reading an older message does not unread');
      const ahead = readPositionSchema.parse(
        await (await readTo(asReader, club.chatRoomId, ids[2] + 1000)).json(),
      );
      assert.equal(ahead.lastReadMessageId, ids[2], 'capped at the newest message');
      const [next] = await say(owner, '넷');
      assert.equal((await summaryOf(asReader)).rooms[0].unreadCount, 1);
      assert.ok(next > ids[2]);
    });

    it('starts a newcomer with the history read', async () => {
      await say(owner, '예전 이야기 1', '예전 이야기 2');
      const asOutsider = await apiClient(server, outsider);
      assert.deepEqual((await summaryOf(asOutsider)).rooms, []);
      const joined = await asOutsider.call('POST', `/api/club/${club.id}/join`);
      assert.equal(joined.status, 200);
      const [room] = (await summaryOf(asOutsider)).rooms;
      assert.equal(room.unreadCount, 0);
      assert.equal(room.lastMessage?.message, '예전 이야기 2');
      await say(owner, '새 소식');
      assert.equal((await summaryOf(asOutsider)).rooms[0].unreadCount, 1);
    });

    it('caps the count', async () => {
      await say(owner, ...Array.from({ length: UNREAD_COUNT_CAP + 5 }, (_, i) => `메시지 ${i}`));
      assert.equal((await summaryOf(asReader)).rooms[0].unreadCount, UNREAD_COUNT_CAP);
    });

    it('names a deleted sender as the deleted member', async () => {
      await say(outsider, '탈퇴 전 메시지');
      await server.database.db.delete(members).where(sql`${members.id} = ${outsider.id}`);
      const [room] = (await summaryOf(asReader)).rooms;
      assert.equal(room.lastMessage?.senderName, DELETED_SENDER.name);
      assert.equal(room.lastMessage?.senderId, null);
      assert.equal(room.unreadCount, 1);
    });

    it('refuses reads and writes outside the member’s rooms and bad input', async () => {
      const [id] = await say(owner, '비밀');
      const asOutsider = await apiClient(server, outsider);
      assert.equal((await readTo(asOutsider, club.chatRoomId, id)).status, 404);
      assert.equal((await readTo(asReader, club.chatRoomId + 999, id)).status, 404);
      for (const bad of [undefined, 'abc', -1, 0, 1.5]) {
        const response = await readTo(asReader, club.chatRoomId, bad);
        assert.equal(response.status, 400, `messageId ${String(bad)}`);
        assert.equal(((await response.json()) as { code: string }).code, '400');
      }
      const anonymous = await fetch(`${server.baseUrl}/api/rooms/summary`);
      assert.equal(anonymous.status, 401);
      assert.equal((await openEvents(server.baseUrl, null)).status, 401);
      // The outsider's count of the room did not change.
      const [room] = (await summaryOf(asReader)).rooms;
      assert.equal(room.unreadCount, 1);
    });

    it('streams messages, read positions and room changes live', async () => {
      const events = await openEvents(server.baseUrl, await sessionCookie(reader));
      streams.push(events);
      assert.equal(events.status, 200);
      assert.match(events.contentType ?? '', /^text\/event-stream/);
      // Nothing said in the member's rooms yet.
      assert.deepEqual((await events.next(LIVE_EVENT.ready)).data, { latestMessageId: 0 });

      const sender = await connectStomp(server.baseUrl, await cookieFor(owner));
      peers.push(sender);
      sender.client.publish({
        destination: roomSendDestination(club.chatRoomId),
        body: '"운동 가요"',
      });
      const chat = chatLiveEventSchema.parse((await events.next(LIVE_EVENT.chat)).data);
      assert.equal(chat.roomId, club.chatRoomId);
      assert.equal(chat.lastMessage.message, '운동 가요');
      assert.equal(chat.lastMessage.senderId, owner.id);
      assert.equal(chat.lastMessage.senderName, '김민준');

      await readTo(asReader, club.chatRoomId, chat.lastMessage.messageId);
      const read = readLiveEventSchema.parse((await events.next(LIVE_EVENT.read)).data);
      assert.deepEqual(read, {
        roomId: club.chatRoomId,
        lastReadMessageId: chat.lastMessage.messageId,
      });

      // A club joined while the stream is open: its messages arrive from then on.
      const [other] = await insertClubs(server.database.db, [buildClub({ ownerId: owner.id })]);
      assert.equal((await asReader.call('POST', `/api/club/${other.id}/join`)).status, 200);
      await events.next(LIVE_EVENT.rooms);
      sender.client.publish({
        destination: roomSendDestination(other.chatRoomId),
        body: '"새 클럽"',
      });
      const second = chatLiveEventSchema.parse((await events.next(LIVE_EVENT.chat)).data);
      assert.equal(second.roomId, other.chatRoomId);

      // Left: told once, then nothing more from that room.
      assert.equal((await asReader.call('DELETE', `/api/club/${other.id}/leave`)).status, 200);
      await events.next(LIVE_EVENT.rooms);
      sender.client.publish({
        destination: roomSendDestination(other.chatRoomId),
        body: '"못 봄"',
      });
      sender.client.publish({ destination: roomSendDestination(club.chatRoomId), body: '"봄"' });
      const third = chatLiveEventSchema.parse((await events.next(LIVE_EVENT.chat)).data);
      assert.equal(third.lastMessage.message, '봄');
      assert.equal(
        events
          .named(LIVE_EVENT.chat)
          .filter((event) => chatLiveEventSchema.parse(event.data).roomId === other.chatRoomId)
          .length,
        1,
      );
    });

    it('opens with the newest message the member could know of', async () => {
      const ids = await say(owner, '하나', '둘');
      const events = await openEvents(server.baseUrl, await sessionCookie(reader));
      streams.push(events);
      assert.deepEqual((await events.next(LIVE_EVENT.ready)).data, { latestMessageId: ids[1] });
      const outsiderEvents = await openEvents(server.baseUrl, await sessionCookie(outsider));
      streams.push(outsiderEvents);
      assert.deepEqual((await outsiderEvents.next(LIVE_EVENT.ready)).data, { latestMessageId: 0 });
    });

    it('ends the stream when the access token expires', async () => {
      const token = await signAccessToken(TEST_JWT_KEY, reader, 1 / 30); // two seconds
      const events = await openEvents(server.baseUrl, `access_token=${token}`);
      streams.push(events);
      await events.next(LIVE_EVENT.ready);
      const started = Date.now();
      await events.ended;
      const lasted = Date.now() - started;
      assert.ok(lasted < 5000, `ended after ${lasted} ms`);
    });
  });
}

describe('unread chat across two instances through Redis', () => {
  it('updates a member whose stream is on the other instance', async (t) => {
    const pair = await startRedisPair(t);
    if (!pair) return;
    const [first, second] = pair;
    const cleanup: Array<() => unknown> = [];
    try {
      const [a, b, c] = await insertMembers(first.database.db, [
        buildMember(),
        buildMember(),
        buildMember(),
      ]);
      const [club] = await insertClubs(first.database.db, [
        buildClub({ ownerId: a.id, memberIds: [b.id] }),
      ]);
      const bStream = await openEvents(second.baseUrl, await sessionCookie(b));
      const cStream = await openEvents(second.baseUrl, await sessionCookie(c));
      cleanup.push(
        () => bStream.close(),
        () => cStream.close(),
      );
      await bStream.next(LIVE_EVENT.ready);
      await cStream.next(LIVE_EVENT.ready);
      // c joins through the first instance; the stream on the second follows the room.
      const cOnFirst = await apiClient(first, c);
      assert.equal((await cOnFirst.call('POST', `/api/club/${club.id}/join`)).status, 200);
      await cStream.next(LIVE_EVENT.rooms);

      const sender = await connectStomp(first.baseUrl, await cookieFor(a));
      cleanup.push(() => sender.stop());
      for (let i = 0; i < 5; i += 1) {
        sender.client.publish({
          destination: roomSendDestination(club.chatRoomId),
          body: `"${i}"`,
        });
      }
      await until(() => bStream.named(LIVE_EVENT.chat).length >= 5, 'five chat events for b');
      await until(() => cStream.named(LIVE_EVENT.chat).length >= 5, 'five chat events for c');
      const bOnSecond = await apiClient(second, b);
      const counts = await Promise.all(
        [bOnSecond, await apiClient(first, b), await apiClient(second, c)].map(
          async (client) =>
            roomsSummarySchema.parse(await client.get('/api/rooms/summary')).rooms[0].unreadCount,
        ),
      );
      assert.deepEqual(counts, [5, 5, 5]);
      // Reading on the first instance tells the stream on the second.
      const last = await first.database.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .orderBy(sql`${chatMessages.id} desc`)
        .limit(1);
      const bOnFirst = await apiClient(first, b);
      await bOnFirst.call('PUT', `/api/rooms/${club.chatRoomId}/read`, { messageId: last[0].id });
      const read = readLiveEventSchema.parse((await bStream.next(LIVE_EVENT.read)).data);
      assert.equal(read.lastReadMessageId, last[0].id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(bStream.named(LIVE_EVENT.chat).length, 5, 'each message once');
    } finally {
      for (const step of cleanup) await step();
      await second.close();
      await first.close();
    }
  });
});
