import type { FastifyBaseLogger } from 'fastify';

import type { Fanout } from './fanout/fanout';
import { InProcessFanout } from './fanout/in-process';
import { RedisFanout } from './fanout/redis';

/**
 * Redis pub/sub when `redisUrl` is set (several instances), otherwise in-process. `observeLag` is
 * told how long each event from another instance took to arrive (Redis only); `channelPrefix`
 * goes before every channel name (Redis only).
 */
export function createFanout(
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  observeLag?: (seconds: number) => void,
  channelPrefix = '',
): Fanout {
  return redisUrl
    ? new RedisFanout(redisUrl, log, observeLag, channelPrefix)
    : new InProcessFanout();
}

export { ChatHub, type ChatMetrics } from './hub';
export { ChatServer } from './sockjs-server';
