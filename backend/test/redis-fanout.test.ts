import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';

import pino from 'pino';

import type { FanoutEvent } from '../src/chat/fanout/fanout';
import { RedisFanout } from '../src/chat/fanout/redis';
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
