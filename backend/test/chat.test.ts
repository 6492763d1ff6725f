import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { SignJWT } from 'jose';

import {
  chatBroadcastSchema,
  chatMessageListSchema,
  roomSendDestination,
  roomTopic,
} from '@/lib/contract/chat';
import { NOT_A_MEMBER_ERROR } from '@/lib/shared/chat/stomp-refusal';

import { InProcessFanout } from '../src/chat/fanout/in-process';
import { ChatHub } from '../src/chat/hub';
import { isRoomMember, storeMessage } from '../src/chat/service';
import { type FrameTransport, StompSession } from '../src/chat/stomp/session';
import { leaveClub } from '../src/club/service';
import type { Member } from '../src/db/schema';
import {
  buildClub,
  buildMember,
  insertClubs,
  insertMembers,
  type StoredClub,
} from '../src/seed/builders';
import { apiClient } from './helpers/api';
import { startServer, TEST_JWT_KEY, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { startRedisPair } from './helpers/instances';
import {
  CHAT_TRANSPORTS,
  connectStomp,
  cookieFor,
  rawWebSocket,
  type StompPeer,
  subscribeRoom,
} from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

/** A transport that records what a StompSession writes, frame by frame. */
function recordingTransport() {
  const frames: string[] = [];
  const transport: FrameTransport & { frames: string[]; commands(): string[] } = {
    frames,
    write: (data) => void frames.push(data),
    close: () => undefined,
    commands: () => frames.map((frame) => frame.split('\n')[0]),
  };
  return transport;
}

for (const kind of databaseKinds())
  for (const via of CHAT_TRANSPORTS) {
    describe(`chat over STOMP, ${via} (${kind.name})`, () => {
      let server: TestServer;
      let me: Member;
      let friend: Member;
      let stranger: Member;
      let club: StoredClub;
      const peers: StompPeer[] = [];

      const connect = async (member: Member | null, transports?: string[]) => {
        // SockJS's own transports (xhr-streaming, …) only over SockJS.
        const peer = await connectStomp(server.baseUrl, member ? await cookieFor(member) : null, {
          transports,
          via: transports ? 'sockjs' : via,
        });
        peers.push(peer);
        return peer;
      };
      const subscribe = (peer: StompPeer, roomId = club.chatRoomId) => subscribeRoom(peer, roomId);
      const send = (peer: StompPeer, text: string, roomId = club.chatRoomId) =>
        peer.client.publish({
          destination: roomSendDestination(roomId),
          body: JSON.stringify(text),
        });

      beforeEach(async () => {
        server = await startServer(await kind.create());
        [me, friend, stranger] = await insertMembers(server.database.db, [
          buildMember({ name: '김민준' }),
          buildMember({ name: '이서연', picture: 'https://img.test/seoyeon.png' }),
          buildMember({ name: '박지호' }),
        ]);
        [club] = await insertClubs(server.database.db, [
          buildClub({ ownerId: me.id, memberIds: [friend.id] }),
        ]);
      });
      afterEach(async () => {
        await Promise.all(peers.splice(0).map((peer) => peer.stop().catch(() => undefined)));
        await server?.close();
      });

      it('delivers a stored message to every subscriber in the exact envelope', async () => {
        const mine = await connect(me);
        const theirs = await connect(friend);
        await subscribe(mine);
        await subscribe(theirs);
        const text = '안녕하세요 "여러분"\n오늘 7시 러닝 🏃';
        send(theirs, text);
        const [received, echoed] = await Promise.all([mine.nextMessage(), theirs.nextMessage()]);
        assert.equal(received.headers['content-type'], 'application/json');
        assert.equal(received.headers.destination, roomTopic(club.chatRoomId));
        assert.ok(received.headers.subscription);
        assert.ok(received.headers['message-id']);
        const envelope = JSON.parse(received.body) as Record<string, unknown>;
        assert.deepEqual(Object.keys(envelope), [
          'headers',
          'body',
          'statusCode',
          'statusCodeValue',
        ]);
        const parsed = chatBroadcastSchema.parse(envelope);
        assert.deepEqual(Object.keys(parsed.body), [
          'messageId',
          'message',
          'member',
          'createdDate',
        ]);
        assert.deepEqual(parsed.headers, {});
        assert.equal(parsed.statusCode, 'OK');
        assert.equal(parsed.statusCodeValue, 200);
        assert.equal(parsed.body.message, text);
        assert.deepEqual(parsed.body.member, {
          id: friend.id,
          name: '이서연',
          picture: 'https://img.test/seoyeon.png',
        });
        assert.match(parsed.body.createdDate, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
        assert.equal(echoed.body, received.body);
        // Stored before broadcast, and history says the same.
        const history = chatMessageListSchema.parse(
          await (await apiClient(server, me)).get(`/api/rooms/${club.chatRoomId}/recentMessage`),
        );
        assert.deepEqual(history, [parsed.body]);
      });

      it('accepts a bare string body, trims it, and answers receipts for SEND and DISCONNECT', async () => {
        const peer = await connect(me);
        await subscribe(peer);
        const receipt = new Promise<void>((resolve) => peer.client.watchForReceipt('r1', resolve));
        peer.client.publish({
          destination: roomSendDestination(club.chatRoomId),
          body: '  그냥 텍스트  ',
          headers: { receipt: 'r1' },
        });
        await receipt;
        const message = await peer.nextMessage();
        assert.equal(
          chatBroadcastSchema.parse(JSON.parse(message.body)).body.message,
          '그냥 텍스트',
        );
        await peer.stop(); // deactivate waits for the DISCONNECT receipt
      });

      it('refuses a non-member: SUBSCRIBE and SEND get ERROR', async () => {
        const outsider = await connect(stranger);
        outsider.client.subscribe(roomTopic(club.chatRoomId), () => undefined);
        const error = await outsider.nextError();
        assert.match(error.headers.message, /not a member/);

        const member = await connect(me);
        await subscribe(member);
        const sender = await connect(stranger);
        send(sender, '몰래 보내기');
        assert.match((await sender.nextError()).headers.message, /not a member/);
        await delay(100);
        assert.equal(member.messages.length, 0);
      });

      it('refuses SEND to /topic, unknown destinations and blank, long or NUL-holding messages', async () => {
        const listener = await connect(friend);
        await subscribe(listener);
        const cases: Array<[string, string, RegExp]> = [
          [roomTopic(club.chatRoomId), '"spoof"', /not allowed/],
          ['/app/chat/rooms/abc/send', '"x"', /unknown destination/],
          [roomSendDestination(club.chatRoomId), JSON.stringify('   '), /메시지를 입력해주세요/],
          [roomSendDestination(club.chatRoomId), JSON.stringify('가'.repeat(1001)), /1000자/],
          [roomSendDestination(club.chatRoomId), JSON.stringify('a\u0000b'), /사용할 수 없는 문자/],
        ];
        for (const [destination, body, pattern] of cases) {
          const peer = await connect(me);
          peer.client.publish({ destination, body });
          assert.match((await peer.nextError()).headers.message, pattern);
        }
        const ok = await connect(me);
        send(ok, '가'.repeat(1000));
        const message = await listener.nextMessage();
        assert.equal(chatBroadcastSchema.parse(JSON.parse(message.body)).body.message.length, 1000);
        assert.equal(listener.messages.length, 1);
      });

      it('rate-limits a flooding connection', async () => {
        const peer = await connect(me);
        for (let i = 0; i < 40; i += 1) send(peer, `flood ${i}`);
        assert.match((await peer.nextError()).headers.message, /too many/);
      });

      it('refuses an unauthenticated or foreign-origin handshake', async () => {
        const info = await fetch(`${server.baseUrl}/chat/info`);
        assert.equal(info.status, 200);
        assert.equal(((await info.json()) as { websocket: boolean }).websocket, true);

        const xhr = await fetch(`${server.baseUrl}/chat/123/abcdefgh/xhr`, { method: 'POST' });
        assert.equal(xhr.status, 401);
        assert.equal(((await xhr.json()) as { code: string }).code, '401');
        const forged = await fetch(`${server.baseUrl}/chat/123/abcdefgh/xhr`, {
          method: 'POST',
          headers: { cookie: 'access_token=forged' },
        });
        assert.equal(forged.status, 401);

        await assert.rejects(connect(null), /closed before CONNECTED/);
        await assert.rejects(connect(null, ['websocket', 'xhr-streaming', 'xhr-polling']));

        const cookie = await cookieFor(me);
        const foreign = await fetch(`${server.baseUrl}/chat/123/abcdefgh/xhr`, {
          method: 'POST',
          headers: { cookie, origin: 'https://evil.test' },
        });
        assert.equal(foreign.status, 403);
        const socket = rawWebSocket(`${server.baseUrl.replace('http', 'ws')}/chat/websocket`);
        const code = await new Promise<number>((resolve) => {
          socket.onclose = (event) => resolve(event.code);
        });
        assert.notEqual(code, 1000);
      });

      it('binds an xhr session to its member', async () => {
        const session = `/chat/123/${Math.random().toString(36).slice(2, 10)}`;
        const open = await fetch(`${server.baseUrl}${session}/xhr`, {
          method: 'POST',
          headers: { cookie: await cookieFor(me) },
        });
        assert.equal(await open.text(), 'o\n');
        const hijack = await fetch(`${server.baseUrl}${session}/xhr_send`, {
          method: 'POST',
          headers: { cookie: await cookieFor(stranger), 'content-type': 'text/plain' },
          body: JSON.stringify(['CONNECT\naccept-version:1.2\n\n\0']),
        });
        assert.equal(hijack.status, 403);
        const own = await fetch(`${server.baseUrl}${session}/xhr_send`, {
          method: 'POST',
          headers: { cookie: await cookieFor(me), 'content-type': 'text/plain' },
          body: JSON.stringify(['CONNECT\naccept-version:1.0,1.1\nheart-beat:0,0\n\n\0']),
        });
        assert.equal(own.status, 204);
        const poll = await fetch(`${server.baseUrl}${session}/xhr`, {
          method: 'POST',
          headers: { cookie: await cookieFor(me) },
        });
        const frames = JSON.parse((await poll.text()).slice(1)) as string[];
        assert.match(frames[0], /^CONNECTED\nversion:1.1\nheart-beat:4000,4000\n/);
      });

      it('speaks STOMP 1.1 on the raw WebSocket endpoint with heart-beats', async () => {
        const socket = rawWebSocket(`${server.baseUrl.replace('http', 'ws')}/chat/websocket`, {
          cookie: await cookieFor(friend),
        });
        const received: string[] = [];
        await new Promise<void>((resolve, reject) => {
          socket.onopen = () => resolve();
          socket.onclose = () => reject(new Error('closed'));
        });
        socket.onmessage = (event) => received.push(event.data);
        socket.send('CONNECT\naccept-version:1.1\nhost:x\nheart-beat:1000,1000\n\n\0');
        socket.send(
          `SUBSCRIBE\nid:a\\cb\ndestination:${roomTopic(club.chatRoomId)}\nreceipt:s\n\n\0`,
        );
        await until(() => received.length >= 2, 'CONNECTED and RECEIPT', 5000);
        assert.match(received[0], /^CONNECTED\nversion:1.1\n/);
        assert.match(received[1], /^RECEIPT\nreceipt-id:s\n/);
        const sender = await connect(me);
        send(sender, '원시 웹소켓');
        // Send heart-beats while waiting: the server expects one at least every ~3 s.
        const beat = setInterval(() => socket.send('\n'), 1000);
        // The server sends an EOL after 4 s of silence (heart-beat:4000,4000 against 1000,1000).
        await until(
          () => received.includes('\n') && received.some((frame) => frame.startsWith('MESSAGE')),
          'MESSAGE and server heart-beat',
          10_000,
        );
        clearInterval(beat);
        const message = received.find((frame) => frame.startsWith('MESSAGE'));
        assert.ok(message, received.join('|'));
        assert.match(message, /\nsubscription:a\\cb\n/);
        assert.ok(received.includes('\n'), 'server heart-beat received');
        socket.close();
      });

      it('closes a connection when the token that opened it expires', async () => {
        const now = Math.floor(Date.now() / 1000);
        const shortLived = await new SignJWT({
          id: friend.id,
          name: friend.name,
          picture: friend.picture,
          authorities: 'USER',
          tokenType: 'access',
        })
          .setProtectedHeader({ alg: 'HS512' })
          .setIssuedAt(now)
          .setExpirationTime(now + 2)
          .sign(TEST_JWT_KEY);
        const socket = rawWebSocket(`${server.baseUrl.replace('http', 'ws')}/chat/websocket`, {
          cookie: `access_token=${shortLived}`,
        });
        const closed = new Promise<number>((resolve) => {
          socket.onclose = (event) => resolve(event.code);
        });
        await new Promise<void>((resolve) => {
          socket.onopen = () => resolve();
        });
        const code = await Promise.race([closed, delay(6000).then(() => -1)]);
        assert.equal(code, 4001);
      });

      describe('a leave racing a SUBSCRIBE (the membership check is awaited)', () => {
        // Drives a StompSession directly, so the leave runs at an exact point inside SUBSCRIBE's
        // membership check: the same steps as DELETE /api/club/{id}/leave (commit, then revoke).
        const run = async (during: 'none' | 'before-read' | 'after-read' | 'message') => {
          const db = server.database.db;
          const hub = new ChatHub(new InProcessFanout(), server.app.log);
          await hub.start();
          const leave = async () => {
            const result = await leaveClub(db, friend.id, club.id);
            await hub.revoke(result.roomId, friend.id);
          };
          const broadcast = async (text: string) => {
            const stored = await storeMessage(db, club.chatRoomId, me, text);
            await hub.publish(club.chatRoomId, stored!);
          };
          const transport = recordingTransport();
          const session = new StompSession(
            transport,
            {
              db,
              hub,
              log: server.app.log,
              member: { id: friend.id, name: friend.name, picture: friend.picture },
              isMember: async (roomId, memberId) => {
                if (during === 'before-read') await leave();
                const answer = await isRoomMember(db, roomId, memberId);
                if (during === 'after-read') await leave();
                if (during === 'message') await broadcast('확인 중에 온 메시지');
                return answer;
              },
            },
            'race',
          );
          session.receive('CONNECT\naccept-version:1.2\nheart-beat:0,0\n\n\0');
          session.receive(
            `SUBSCRIBE\nid:sub-0\ndestination:${roomTopic(club.chatRoomId)}\nreceipt:r\n\n\0`,
          );
          await until(
            () =>
              transport.commands().some((command) => command === 'RECEIPT' || command === 'ERROR'),
            'answer to SUBSCRIBE',
          );
          await broadcast('나중 메시지');
          await delay(20);
          session.closedByTransport();
          await hub.close();
          return transport;
        };

        it('refuses a member who left after the check read the membership', async () => {
          const transport = await run('after-read');
          assert.deepEqual(transport.commands(), ['CONNECTED', 'ERROR']);
          assert.match(transport.frames[1], new RegExp(`\nmessage:${NOT_A_MEMBER_ERROR}\n`));
        });

        it('refuses a member who left before the check read the membership', async () => {
          const transport = await run('before-read');
          assert.deepEqual(transport.commands(), ['CONNECTED', 'ERROR']);
          assert.match(transport.frames[1], new RegExp(`\nmessage:${NOT_A_MEMBER_ERROR}\n`));
        });

        it('a member who stays gets what arrived during the check, then the rest', async () => {
          const transport = await run('message');
          assert.deepEqual(transport.commands(), ['CONNECTED', 'MESSAGE', 'RECEIPT', 'MESSAGE']);
          assert.match(transport.frames[1], /확인 중에 온 메시지/);
          assert.match(transport.frames[3], /나중 메시지/);
          const control = await run('none');
          assert.deepEqual(control.commands(), ['CONNECTED', 'RECEIPT', 'MESSAGE']);
        });
      });

      it('stops deliveries after leaving and refuses their SENDs', async () => {
        const owner = await connect(me);
        const member = await connect(friend);
        await subscribe(owner);
        await subscribe(member);
        await (
          await apiClient(server, friend)
        ).text('DELETE', `/api/club/${club.id}/leave`, undefined, 200, '');
        send(owner, '나간 뒤 메시지');
        await owner.nextMessage();
        await delay(100);
        assert.equal(member.messages.length, 0);
        send(member, '아직 있나요?');
        assert.match((await member.nextError()).headers.message, /not a member/);
        // The owner leaving deletes the club: the owner's subscription ends too.
        const watcher = await connect(me);
        await subscribe(watcher);
        await (
          await apiClient(server, me)
        ).text('DELETE', `/api/club/${club.id}/leave`, undefined, 200, '');
        send(watcher, '방이 사라짐');
        assert.match((await watcher.nextError()).headers.message, /not a member/);
      });
    });
  }

describe('chat across two instances through Redis', () => {
  for (const via of CHAT_TRANSPORTS)
    it(`exchanges messages between members on different instances (${via})`, async (t) => {
      const pair = await startRedisPair(t);
      if (!pair) return;
      const [first, second] = pair;
      const peers: StompPeer[] = [];
      try {
        const [a, b] = await insertMembers(first.database.db, [buildMember(), buildMember()]);
        const [club] = await insertClubs(first.database.db, [
          buildClub({ ownerId: a.id, memberIds: [b.id] }),
        ]);
        const onFirst = await connectStomp(first.baseUrl, await cookieFor(a), { via });
        const onSecond = await connectStomp(second.baseUrl, await cookieFor(b), { via });
        peers.push(onFirst, onSecond);
        for (const peer of peers) await subscribeRoom(peer, club.chatRoomId);
        onFirst.client.publish({
          destination: roomSendDestination(club.chatRoomId),
          body: '"첫째에서"',
        });
        onSecond.client.publish({
          destination: roomSendDestination(club.chatRoomId),
          body: '"둘째에서"',
        });
        await until(() => peers.every((peer) => peer.messages.length >= 2), 'both messages', 5000);
        await delay(200); // long enough for a duplicate to show up
        for (const peer of peers) {
          const texts = peer.messages
            .map((m) => chatBroadcastSchema.parse(JSON.parse(m.body)).body.message)
            .sort();
          assert.deepEqual(texts, ['둘째에서', '첫째에서'], 'each message exactly once');
        }
      } finally {
        await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
        await second.close();
        await first.close();
      }
    });
});
