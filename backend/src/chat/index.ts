import type { FastifyBaseLogger } from 'fastify';

import type { Fanout } from './fanout/fanout';
import { InProcessFanout } from './fanout/in-process';
import { RedisFanout } from './fanout/redis';

/** Redis pub/sub when `redisUrl` is set (several instances), otherwise in-process. */
export function createFanout(redisUrl: string | undefined, log: FastifyBaseLogger): Fanout {
  return redisUrl ? new RedisFanout(redisUrl, log) : new InProcessFanout();
}

export { ChatHub } from './hub';
export { ChatServer } from './sockjs-server';
