import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { MESSAGES, TooManyRequestsError } from '../http/errors';
import type { RateLimitPeek } from '../http/rate-limits';
import type { ImageStorage } from '../storage/image-storage';
import { ExportLocks } from './export-lock';
import { exportFileName, exportStream } from './service';

/**
 * The Retry-After of the 429 of a second export while the member's first one is still being
 * written (MESSAGES.exportRunning): a guess, the running export's length is unknown.
 */
export const EXPORT_RUNNING_RETRY_SECONDS = 30;

/** The 429 of a second export while the member's first one is still being written. */
function exportRunning(): TooManyRequestsError {
  return new TooManyRequestsError(EXPORT_RUNNING_RETRY_SECONDS, MESSAGES.exportRunning);
}

/**
 * `내 데이터 내려받기` (issue 16): the signed-in member's own data as one ZIP (an addition to the
 * wire), streamed (chunked, no content length) at the pace the client reads. At most one export
 * per member at a time (a second one is 429 and does not count against the budget), and
 * RATE_LIMIT_EXPORTS of them per window (the `export` rate limit group). `redis`: the counters'
 * connection, which also holds the cross-instance lock; null keeps the lock in this process.
 */
export async function exportRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    images: ImageStorage;
    redis?: Redis | null;
    keyPrefix?: string;
    /** One export at a time per member (off with RATE_LIMITS=false). */
    oneAtATime?: boolean;
    /** Reads the `export` budget without spending it (registerRateLimits'); none: no budget. */
    peekRateLimit?: RateLimitPeek;
  },
): Promise<void> {
  const { db, images } = options;
  const locks =
    options.oneAtATime === false
      ? null
      : new ExportLocks(options.redis ?? null, options.keyPrefix ?? '', app.log);
  const peekRateLimit = options.peekRateLimit ?? (async () => null);

  /**
   * Whether an export would be accepted now (an addition to the wire): 204, or the 429 (body and
   * Retry-After) the export would get, one running first as the export's own checks go. Takes no
   * slot and spends no budget, so the app can ask before starting a download the browser saves
   * straight to disk, and show a refusal instead of a failed download.
   */
  app.get('/api/member/export/availability', async (request, reply) => {
    const member = requireMember(request);
    reply.header('cache-control', 'no-store');
    if (locks && (await locks.isRunning(member.id))) throw exportRunning();
    const limited = await peekRateLimit(request, 'export');
    if (limited) throw new TooManyRequestsError(limited.retryAfterSeconds);
    return reply.status(204).send();
  });

  app.get('/api/member/export', {
    // HEAD would read every photo for nothing.
    exposeHeadRoute: false,
    // A route's own onRequest hooks run before the rate limit's (http/rate-limits.ts), so a
    // refused concurrent export is not counted; the slot is held until the response is over,
    // however it ends (sent, refused by the rate limit, failed, or the client gone).
    onRequest: async (request, reply) => {
      const member = requireMember(request);
      if (!locks) return;
      const release = await locks.acquire(member.id);
      if (!release) {
        request.log.info({ memberId: member.id }, 'export refused: one is already running');
        throw exportRunning();
      }
      reply.raw.once('close', release);
      // Gone while the lock was being taken: 'close' has already been emitted.
      if (reply.raw.destroyed || request.raw.socket?.destroyed) release();
    },
    handler: async (request, reply) => {
      const member = requireMember(request);
      const stream = exportStream(db, images, member.id, (imageKey, error) =>
        request.log.warn({ err: error, imageKey }, 'export: post image unreadable; left out'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
