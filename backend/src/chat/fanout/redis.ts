import { randomUUID } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

import type { Fanout, FanoutEvent, FanoutHandler } from './fanout';

/**
 * The channels, each under the deployment's prefix (REDIS_CHANNEL_PREFIX, '' by default):
 * `chat:room:{id}` a room's events, `chat:member:{id}` a member's (an account deleted),
 * `chat:session:{id}` a session's (it ended: logout, refresh-token reuse), `live:member` the events
 * for members' live streams (they name their members).
 */
export function channelNames(prefix = '') {
  return {
    room: (roomId: number) => `${prefix}chat:room:${roomId}`,
    member: (memberId: number) => `${prefix}chat:member:${memberId}`,
    session: (sessionId: string) => `${prefix}chat:session:${sessionId}`,
    live: `${prefix}live:member`,
    patterns: [
      `${prefix}chat:room:*`,
      `${prefix}chat:member:*`,
      `${prefix}chat:session:*`,
      `${prefix}live:*`,
    ],
  };
}

interface Envelope {
  /** Publishing instance; it delivered locally already and skips its own echo. */
  origin: string;
  event: FanoutEvent;
  /**
   * When it was published (epoch ms on the publisher's clock): the receiver's lag metric. Absent
   * from an older instance's envelopes during a rolling deploy.
   */
  sentAt?: number;
}

/**
 * Redis pub/sub between instances. The publisher delivers to its own subscribers at once (no Redis
 * round trip on the local path) and publishes to its event's channel (channelNames); every instance
 * pattern-subscribes to all four kinds under its prefix and delivers what other instances
 * published, so nothing is delivered twice.
 */
export class RedisFanout implements Fanout {
  readonly kind = 'redis' as const;
  private readonly id = randomUUID();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handler: FanoutHandler | null = null;
  private readonly channels: ReturnType<typeof channelNames>;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    /** Told, for each event from another instance, how long ago it was published (seconds). */
    private readonly observeLag?: (seconds: number) => void,
    channelPrefix = '',
  ) {
    this.channels = channelNames(channelPrefix);
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, { lazyConnect: true });
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => this.log.warn({ err: error }, 'redis fan-out error'));
    }
  }

  async start(handler: FanoutHandler): Promise<void> {
    this.handler = handler;
    this.sub.on('pmessage', (_pattern: string, _channel: string, message: string) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(message) as Envelope;
      } catch {
        return;
      }
      if (envelope.origin === this.id) return;
      if (this.observeLag && typeof envelope.sentAt === 'number') {
        this.observeLag((Date.now() - envelope.sentAt) / 1000);
      }
      this.handler?.(envelope.event);
    });
    await Promise.all([this.pub.connect(), this.sub.connect()]);
    await this.sub.psubscribe(...this.channels.patterns);
  }

  async publish(event: FanoutEvent): Promise<void> {
    this.handler?.(event);
    const envelope: Envelope = { origin: this.id, event, sentAt: Date.now() };
    const channel = this.channelOf(event);
    try {
      await this.pub.publish(channel, JSON.stringify(envelope));
    } catch (error) {
      this.log.error({ err: error, channel }, 'redis publish failed');
    }
  }

  /**
   * Both connections are up (the subscriber's too: without it this instance would miss the other
   * instances' messages) and Redis answers a PING.
   */
  async check(): Promise<void> {
    for (const [role, client] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      if (client.status !== 'ready')
        throw new Error(`redis ${role} connection is ${client.status}`);
    }
    await this.pub.ping();
  }

  private channelOf(event: FanoutEvent): string {
    if (event.type === 'member') return this.channels.live;
    if (event.type === 'session-gone') return this.channels.session(event.sessionId);
    return event.type === 'member-gone'
      ? this.channels.member(event.memberId)
      : this.channels.room(event.roomId);
  }

  async close(): Promise<void> {
    this.handler = null;
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}
