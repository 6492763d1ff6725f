import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import { roomSendDestination } from '@/lib/contract/chat';
import {
  declaredNames,
  parseSamples,
  type Sample,
  samplesOf,
  valueOf,
} from '@/testing/prometheus-samples';

import { buildClub, buildMember, insertClubs, insertMembers } from '../src/seed/builders';
import { sessionCookie } from './helpers/api';
import { startServer, type TestServer } from './helpers/app';
import { databaseKinds, dropTestDatabases } from './helpers/databases';
import { TINY_IMAGES, uploadPost } from './helpers/images';
import { startRedisPair } from './helpers/instances';
import { openEvents, type SseClient } from './helpers/sse';
import { connectStomp, type StompPeer, subscribeRoom } from './helpers/stomp';
import { delay, until } from './helpers/wait';

after(dropTestDatabases);

const TOKEN = 'metrics-test-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** Every series issue 17 names, whether or not it has samples yet. */
const SERIES = [
  'process_cpu_seconds_total',
  'nodejs_eventloop_lag_seconds',
  'http_requests_total',
  'http_request_duration_seconds',
  'db_query_duration_seconds',
  'db_pool_connections',
  'db_pool_waiting',
  'chat_connections',
  'chat_subscriptions',
  'chat_messages_received_total',
  'chat_messages_delivered_total',
  'chat_fanout_lag_seconds',
  'chat_fanout_seconds',
  'live_streams',
  'rate_limit_refusals_total',
  'image_processing_duration_seconds',
  'image_processing_queue',
];

async function scrape(server: TestServer): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(`${server.baseUrl}/metrics`, { headers: auth });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  return { text, samples: parseSamples(text) };
}

for (const kind of databaseKinds()) {
  describe(`GET /metrics after a short scenario (${kind.name})`, () => {
    it('exposes the HTTP, database, chat, live stream, rate limit and image series', async () => {
      const server = await startServer(await kind.create(), { METRICS_TOKEN: TOKEN }, {}, (app) => {
        // What @fastify/rate-limit answers past a limit: the response hook counts any 429.
        app.get('/test/limited', async (_request, reply) =>
          reply.status(429).send({ code: '429' }),
        );
      });
      const peers: StompPeer[] = [];
      let events: SseClient | null = null;
      try {
        // Refused without the token, or with another one.
        const wrong = { authorization: 'Bearer wrong-token-0123456789' };
        for (const headers of [{}, wrong] as Record<string, string>[]) {
          const refused = await fetch(`${server.baseUrl}/metrics`, { headers });
          assert.equal(refused.status, 401);
          assert.equal(refused.headers.get('www-authenticate'), 'Bearer realm="metrics"');
          assert.doesNotMatch(await refused.text(), /http_requests_total/);
        }

        const [a, b] = await insertMembers(server.database.db, [buildMember(), buildMember()]);
        const [club] = await insertClubs(server.database.db, [
          buildClub({ ownerId: a.id, memberIds: [b.id] }),
        ]);
        const cookieA = await sessionCookie(a);
        const cookieB = await sessionCookie(b);
        const call = (path: string, cookie?: string) =>
          fetch(`${server.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });

        // REST: a 200, a 401 (no session), a 404 (no such route), a 429.
        assert.equal((await call('/api/rooms/summary', cookieA)).status, 200);
        assert.equal((await call('/api/rooms/summary')).status, 401);
        assert.equal((await call('/api/no/such/route?secret=1', cookieA)).status, 404);
        assert.equal((await call('/test/limited')).status, 429);

        // A post with an image.
        const upload = await uploadPost(server, cookieA, {
          file: { data: TINY_IMAGES.png.data, name: 'tiny.png', type: 'image/png' },
          text: '오늘 운동',
        });
        assert.equal(upload.status, 201, await upload.text());

        // B's live stream stays open; A and B chat in the club's room.
        events = await openEvents(server.baseUrl, cookieB);
        await events.next('ready');
        const onA = await connectStomp(server.baseUrl, cookieA);
        const onB = await connectStomp(server.baseUrl, cookieB);
        peers.push(onA, onB);
        for (const peer of peers) await subscribeRoom(peer, club.chatRoomId);
        onA.client.publish({ destination: roomSendDestination(club.chatRoomId), body: '"안녕"' });
        await until(() => peers.every((peer) => peer.messages.length === 1), 'the message');
        await events.next('chat');

        // A third connection sends past its rate (10/s, burst 20): refused, and counted.
        const flooder = await connectStomp(server.baseUrl, cookieA);
        peers.push(flooder);
        for (let i = 0; i < 25; i++) {
          flooder.client.publish({
            destination: roomSendDestination(club.chatRoomId),
            body: JSON.stringify(`메시지 ${i}`),
          });
        }
        const refusal = await flooder.nextError();
        assert.equal(refusal.headers.message, 'too many messages');
        // 20 pass (the burst), maybe one or two more (the bucket refills while they are stored).
        await until(() => onB.messages.length >= 21, 'the burst reaching B');
        await delay(300);
        const stored = onB.messages.length;
        assert.equal(onA.messages.length, stored);

        const { text, samples } = await scrape(server);
        const declared = declaredNames(text);
        for (const name of SERIES) {
          if (kind.name === 'pglite' && name.startsWith('db_pool_')) continue;
          assert.ok(declared.has(name), `${name} is exposed`);
        }

        // HTTP, by route pattern (never the raw URL) and status.
        const requests = (labels: Record<string, string>) =>
          valueOf(samples, 'http_requests_total', labels) ?? 0;
        assert.equal(requests({ method: 'GET', route: '/api/rooms/summary', status: '200' }), 1);
        assert.equal(requests({ method: 'GET', route: '/api/rooms/summary', status: '401' }), 1);
        assert.equal(requests({ method: 'GET', route: 'unmatched', status: '404' }), 1);
        assert.equal(requests({ method: 'POST', route: '/api/post', status: '201' }), 1);
        assert.equal(requests({ method: 'GET', route: '/test/limited', status: '429' }), 1);
        const routes = new Set(
          samplesOf(samples, 'http_requests_total').map((sample) => sample.labels.route),
        );
        assert.ok(![...routes].some((route) => /secret|no\/such/.test(route)), [...routes].join());
        const latency = samplesOf(samples, 'http_request_duration_seconds_count', {
          route: '/api/post',
          method: 'POST',
          status: '201',
        });
        assert.equal(latency.length, 1);
        assert.equal(latency[0].value, 1);
        const inf = valueOf(samples, 'http_request_duration_seconds_bucket', {
          route: '/api/rooms/summary',
          status: '200',
          le: '+Inf',
        });
        assert.equal(inf, 1);
        // The live stream is still open: not counted (nor timed) until it ends.
        assert.equal(requests({ route: '/api/events' }), 0);

        // Database.
        assert.ok(
          (valueOf(samples, 'db_query_duration_seconds_count', { outcome: 'ok' }) ?? 0) > 5,
        );
        if (kind.name === 'postgres') {
          assert.equal(valueOf(samples, 'db_pool_max_connections'), 5);
          const inUse = valueOf(samples, 'db_pool_connections', { state: 'in_use' });
          const idle = valueOf(samples, 'db_pool_connections', { state: 'idle' });
          assert.ok(inUse !== undefined && idle !== undefined && inUse + idle >= 1);
          assert.equal(valueOf(samples, 'db_pool_waiting'), 0);
        } else {
          assert.ok(!declared.has('db_pool_connections'), 'no pool on the embedded database');
        }

        // Chat: two subscriptions (the flooder's connection was closed by its ERROR).
        await until(() => server.app.metrics.sources.chatConnections?.() === 2, 'flooder closed');
        const later = parseSamples((await scrape(server)).text);
        assert.equal(valueOf(later, 'chat_connections'), 2);
        assert.equal(valueOf(later, 'chat_subscriptions'), 2);
        assert.equal(valueOf(samples, 'chat_messages_received_total'), stored);
        // Each stored message reached A's and B's subscriptions.
        assert.equal(valueOf(samples, 'chat_messages_delivered_total'), 2 * stored);
        // Every stored message's way from SEND to the last subscriber's frame was timed.
        assert.equal(valueOf(samples, 'chat_fanout_seconds_count'), stored);
        assert.ok((valueOf(samples, 'chat_fanout_seconds_sum') ?? 0) > 0);
        // In-process fan-out: nothing crosses instances, the lag histogram is empty.
        assert.equal(valueOf(samples, 'chat_fanout_lag_seconds_count'), 0);
        assert.equal(valueOf(samples, 'live_streams'), 1);
        assert.equal(valueOf(samples, 'rate_limit_refusals_total', { scope: 'chat' }), 1);
        assert.equal(valueOf(samples, 'rate_limit_refusals_total', { scope: 'http' }), 1);

        // Images.
        assert.equal(
          valueOf(samples, 'image_processing_duration_seconds_count', { outcome: 'ok' }),
          1,
        );
        assert.ok(
          (valueOf(samples, 'image_processing_duration_seconds_sum', { outcome: 'ok' }) ?? 0) > 0,
        );
        assert.equal(valueOf(samples, 'image_processing_queue', { state: 'active' }), 0);

        // Closing the stream counts it, without a duration.
        events.close();
        events = null;
        await until(() => server.app.metrics.sources.liveStreams?.() === 0, 'stream closed');
        await delay(50);
        const closed = parseSamples((await scrape(server)).text);
        assert.equal(valueOf(closed, 'live_streams'), 0);
        assert.equal(valueOf(closed, 'http_requests_total', { route: '/api/events' }), 1);
        assert.equal(
          samplesOf(closed, 'http_request_duration_seconds_count', { route: '/api/events' }).length,
          0,
        );
      } finally {
        events?.close();
        await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
        await server.close();
      }
    });
  });
}

describe('where /metrics is served', () => {
  it('is not served at all without METRICS_TOKEN or METRICS_PORT', async () => {
    const server = await startServer(await databaseKinds()[0].create());
    try {
      for (const headers of [{}, auth]) {
        const response = await fetch(`${server.baseUrl}/metrics`, { headers });
        assert.equal(response.status, 404);
      }
    } finally {
      await server.close();
    }
  });

  it('with METRICS_PORT, only on that listener (with /healthz and /readyz beside it)', async () => {
    const server = await startServer(await databaseKinds()[0].create(), { METRICS_PORT: '0' });
    try {
      const address = server.app.metricsAddress;
      assert.ok(address, 'the metrics listener is up');
      assert.equal(address.address, '127.0.0.1');
      const base = `http://127.0.0.1:${address.port}`;
      await fetch(`${server.baseUrl}/healthz`);
      const metrics = await fetch(`${base}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(await metrics.text(), /^http_requests_total\{.*route="\/healthz"/m);
      assert.deepEqual(await (await fetch(`${base}/healthz`)).json(), { status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      assert.equal(ready.status, 200);
      assert.equal(((await ready.json()) as { status: string }).status, 'ready');
      assert.equal((await fetch(`${base}/other`)).status, 404);
      assert.equal((await fetch(`${base}/metrics`, { method: 'POST' })).status, 405);
      // The main port does not serve it.
      assert.equal((await fetch(`${server.baseUrl}/metrics`)).status, 404);
    } finally {
      await server.close();
    }
  });

  it('with METRICS_PORT and METRICS_TOKEN, the listener asks for the token', async () => {
    const server = await startServer(await databaseKinds()[0].create(), {
      METRICS_PORT: '0',
      METRICS_TOKEN: TOKEN,
    });
    try {
      const base = `http://127.0.0.1:${server.app.metricsAddress!.port}`;
      assert.equal((await fetch(`${base}/metrics`)).status, 401);
      assert.equal((await fetch(`${base}/metrics`, { headers: auth })).status, 200);
      assert.equal((await fetch(`${server.baseUrl}/metrics`, { headers: auth })).status, 404);
    } finally {
      await server.close();
    }
  });

  it('refuses a token shorter than 16 characters at start', async () => {
    await assert.rejects(
      startServer(await databaseKinds()[0].create(), { METRICS_TOKEN: 'short' }),
      /METRICS_TOKEN: at least 16 characters/,
    );
  });
});

describe('chat fan-out lag across two instances through Redis', () => {
  it('is observed on the instance that receives', async (t) => {
    const env = { METRICS_TOKEN: TOKEN };
    const pair = await startRedisPair(t, env);
    if (!pair) return;
    const [first, second] = pair;
    const peers: StompPeer[] = [];
    try {
      const [a, b] = await insertMembers(first.database.db, [buildMember(), buildMember()]);
      const [club] = await insertClubs(first.database.db, [
        buildClub({ ownerId: a.id, memberIds: [b.id] }),
      ]);
      const onFirst = await connectStomp(first.baseUrl, await sessionCookie(a));
      const onSecond = await connectStomp(second.baseUrl, await sessionCookie(b));
      peers.push(onFirst, onSecond);
      for (const peer of peers) await subscribeRoom(peer, club.chatRoomId);
      onFirst.client.publish({ destination: roomSendDestination(club.chatRoomId), body: '"1"' });
      await until(() => onSecond.messages.length === 1, 'the message on the second instance');

      const receiving = (await scrape(second)).samples;
      assert.ok((valueOf(receiving, 'chat_fanout_lag_seconds_count') ?? 0) >= 1);
      assert.ok((valueOf(receiving, 'chat_fanout_lag_seconds_sum') ?? 1) < 1, 'under a second');
      assert.equal(valueOf(receiving, 'chat_messages_received_total'), 0);
      assert.equal(valueOf(receiving, 'chat_messages_delivered_total'), 1);
      const sending = (await scrape(first)).samples;
      assert.equal(valueOf(sending, 'chat_messages_received_total'), 1);
      // The first instance's own message is delivered locally, not through Redis: no lag there.
      assert.equal(valueOf(sending, 'chat_fanout_lag_seconds_count'), 0);

      const ready = (await (await fetch(`${second.baseUrl}/readyz`)).json()) as {
        checks: Record<string, string>;
      };
      assert.equal(ready.checks.redis, 'ok');
    } finally {
      await Promise.all(peers.map((peer) => peer.stop().catch(() => undefined)));
      await second.close();
      await first.close();
    }
  });
});
