import { randomUUID } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** Lets go of a member's export slot; calling it again does nothing. */
export type ReleaseExport = () => void;

/**
 * How long a Redis lock outlives its instance: renewed every third of it while the export runs,
 * so an instance that dies mid-export blocks its member's next export for at most this long.
 */
export const EXPORT_LOCK_TTL_MS = 60_000;

// Renews or deletes the lock only while it is still ours (another export may hold it after ours
// expired).
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** The connection with the two scripts as commands (EVALSHA, loaded once per connection). */
type LockCommands = Redis & {
  exportLockRenew(key: string, token: string, ttlMs: number): Promise<number>;
  exportLockRelease(key: string, token: string): Promise<number>;
};

/**
 * One export at a time per member: in this process always, and across instances through a Redis
 * lock (`SET NX PX`, renewed while the export runs) when Redis is configured. When Redis cannot
 * be reached the export goes ahead under this instance's lock alone, as the rate limits let
 * requests through then.
 */
export class ExportLocks {
  private readonly running = new Set<number>();
  private readonly redis: LockCommands | null;

  constructor(
    redis: Redis | null,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.redis = redis as LockCommands | null;
    if (redis && !('exportLockRenew' in redis)) {
      redis.defineCommand('exportLockRenew', { numberOfKeys: 1, lua: RENEW });
      redis.defineCommand('exportLockRelease', { numberOfKeys: 1, lua: RELEASE });
    }
  }

  /** The member's export slot, or null when one of their exports is running (here or elsewhere). */
  async acquire(memberId: number): Promise<ReleaseExport | null> {
    if (this.running.has(memberId)) return null;
    this.running.add(memberId);
    let released = false;
    // Idempotent: a second call must not free a slot a later export of the member holds.
    const releaseHere = () => {
      if (released) return;
      released = true;
      this.running.delete(memberId);
    };
    const redis = this.redis;
    if (!redis) return () => releaseHere();

    const key = this.keyOf(memberId);
    const token = randomUUID();
    try {
      const taken = await redis.set(key, token, 'PX', EXPORT_LOCK_TTL_MS, 'NX');
      if (taken !== 'OK') {
        releaseHere();
        return null;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'export lock: Redis unreachable; this instance only');
      return () => releaseHere();
    }
    const renewal = setInterval(() => {
      redis.exportLockRenew(key, token, EXPORT_LOCK_TTL_MS).catch((error: unknown) => {
        this.log.warn({ err: error }, 'export lock: renewal failed');
      });
    }, EXPORT_LOCK_TTL_MS / 3);
    renewal.unref();
    return () => {
      if (released) return;
      releaseHere();
      clearInterval(renewal);
      redis.exportLockRelease(key, token).catch((error: unknown) => {
        this.log.warn({ err: error }, 'export lock: release failed; it expires by itself');
      });
    };
  }

  /**
   * True when one of the member's exports runs (here or, through Redis, elsewhere), without taking
   * the slot: what `acquire` would refuse now. Redis unreachable: this instance's view alone.
   */
  async isRunning(memberId: number): Promise<boolean> {
    if (this.running.has(memberId)) return true;
    if (!this.redis) return false;
    try {
      return (await this.redis.exists(this.keyOf(memberId))) === 1;
    } catch (error) {
      this.log.warn({ err: error }, 'export lock: Redis unreachable; this instance only');
      return false;
    }
  }

  private keyOf(memberId: number): string {
    return `${this.keyPrefix}export-running:${memberId}`;
  }
}
