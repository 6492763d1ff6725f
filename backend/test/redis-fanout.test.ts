import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';

import pino from 'pino';

import { createFanout } from '../src/chat';
import type { FanoutEvent } from '../src/chat/fanout/fanout';
import { RedisFanout } from '../src/chat/fanout/redis';
import { loadConfig } from '../src/config';
import { delay } from './helpers/wait';

const log = pino({ level: 'silent' });

/** A started fan-out under `prefix` that keeps what other instances sent it. */
async function instance(url: string, prefix: string) {
  const received: FanoutEvent[] = [];
  const fanout = new RedisFanout(url, log, undefined, prefix);
  await fanout.start((event) => received.push(event));
  return { fanout, received };
}

describe('Redis fan-out channels (REDIS_CHANNEL_PREFIX)', () => {
  it('reach the instances of the same prefix only, for every kind of event', async (t) => {
    const url = process.env.TEST_REDIS_URL;
    if (!url) return t.skip('TEST_REDIS_URL is not set');
    const ours = `test-${randomUUID()}:`;
    const theirs = `test-${randomUUID()}:`;
    const sender = await instance(url, ours);
    const peer = await instance(url, ours);
    const stranger = await instance(url, theirs);
    const unprefixed = await instance(url, '');
    try {
      const events: FanoutEvent[] = [
        { type: 'message', roomId: 1, body: '{"text":"hi"}' },
        { type: 'member-gone', memberId: 7 },
        { type: 'member', memberIds: [1], name: 'notification', data: '{"unread":1}' },
      ];
      for (const event of events) await sender.fanout.publish(event);
      // Pub/sub has no acknowledgement: wait until the peer has all three, then a little longer
      // for anything that would wrongly reach the others.
      for (let i = 0; i < 100 && peer.received.length < events.length; i++) await delay(20);
      await delay(200);
      assert.deepEqual(peer.received, events);
      assert.deepEqual(sender.received, events, 'the publisher delivers its own at once');
      assert.deepEqual(stranger.received, [], 'another prefix hears nothing');
      assert.deepEqual(unprefixed.received, [], 'nor does an instance without a prefix');
    } finally {
      for (const { fanout } of [sender, peer, stranger, unprefixed]) await fanout.close();
    }
  });
});

describe('Redis fan-out of deployments on different database numbers (issue 23, point 5)', () => {
  it('hear nothing of each other without REDIS_CHANNEL_PREFIX', async (t) => {
    const base = process.env.TEST_REDIS_URL;
    if (!base) return t.skip('TEST_REDIS_URL is not set');
    /** One instance of a deployment on database `db`, configured as the backend is. */
    const deployment = async (db: number) => {
      const url = new URL(base);
      url.pathname = `/${db}`;
      const config = loadConfig({ REDIS_URL: url.href });
      const received: FanoutEvent[] = [];
      const fanout = createFanout(config.redisUrl, log, undefined, config.redisChannelPrefix);
      await fanout.start((event) => received.push(event));
      return { fanout, received };
    };
    const zero = [await deployment(0), await deployment(0)];
    const five = [await deployment(5), await deployment(5)];
    // Others may use the unprefixed channels of database 0 on this Redis meanwhile: only the
    // events carrying this run's marker count.
    const marker = randomUUID();
    const goneIds = [2_000_000_000 + process.pid, 2_000_000_001 + process.pid];
    const ours = (received: FanoutEvent[]) =>
      received.filter((event) =>
        event.type === 'member-gone'
          ? goneIds.includes(event.memberId)
          : JSON.stringify(event).includes(marker),
      );
    const eventsOf = (from: string, goneId: number): FanoutEvent[] => [
      { type: 'message', roomId: 1, body: JSON.stringify({ marker, from }) },
      { type: 'member-gone', memberId: goneId },
      { type: 'member', memberIds: [1], name: 'notification', data: `{"${marker}":"${from}"}` },
    ];
    try {
      const fromZero = eventsOf('db0', goneIds[0]);
      const fromFive = eventsOf('db5', goneIds[1]);
      for (const event of fromZero) await zero[0].fanout.publish(event);
      for (const event of fromFive) await five[0].fanout.publish(event);
      for (let i = 0; i < 100; i++) {
        if (ours(zero[1].received).length >= 3 && ours(five[1].received).length >= 3) break;
        await delay(20);
      }
      await delay(200);
      assert.deepEqual(ours(zero[1].received), fromZero, 'a deployment hears its own instances');
      assert.deepEqual(ours(five[1].received), fromFive, 'a deployment hears its own instances');
      assert.deepEqual(ours(zero[0].received), fromZero, 'and nothing of database 5');
      assert.deepEqual(ours(five[0].received), fromFive, 'and nothing of database 0');
    } finally {
      for (const { fanout } of [...zero, ...five]) await fanout.close();
    }
  });
});
