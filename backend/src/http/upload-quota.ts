import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

import { TooManyRequestsError, uploadQuotaMessage } from './errors';

/**
 * The daily upload quota (issue 17): the image bytes a member's `POST /api/post` bodies deliver per
 * Seoul calendar day, whatever became of them (a refused image cost the reading too), except an
 * upload the quota itself stops, which stores nothing and counts nothing. Bytes are reserved
 * before they are read, so concurrent uploads (on any instance, with Redis) cannot overshoot
 * together: the declared Content-Length up front (refused at once when it would not fit), then
 * in steps of QUOTA_STEP_BYTES while the file streams in; what was reserved and not received is
 * given back at the end.
 */

/** How much more is reserved at a time while an upload streams past its reservation. */
export const QUOTA_STEP_BYTES = 1024 * 1024;

const SEOUL_OFFSET_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;
/** Counters outlive their day a little, for uploads that end after midnight. */
const COUNTER_TTL_MS = 2 * DAY_MS;

/** `yyyy-MM-dd` of the Seoul day at `nowMs` (UTC+9, no daylight saving). */
export function seoulDay(nowMs: number): string {
  return new Date(nowMs + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole seconds from `nowMs` to the next Seoul midnight (at least 1). */
export function secondsToSeoulMidnight(nowMs: number): number {
  const intoDay = (nowMs + SEOUL_OFFSET_MS) % DAY_MS;
  return Math.max(1, Math.ceil((DAY_MS - intoDay) / 1000));
}

/** Where the day's counters live. */
export interface QuotaStore {
  /** Adds `bytes` to `key` unless the total would pass `limit`; whether it did. */
  reserve(key: string, bytes: number, limit: number, ttlMs: number): Promise<boolean>;
  /** Takes `bytes` back off `key` (a counter that expired meanwhile stays gone). */
  release(key: string, bytes: number): Promise<void>;
}

/** One process's counters (no REDIS_URL: a single instance). Only today's are kept. */
export class MemoryQuotaStore implements QuotaStore {
  private readonly counters = new Map<string, { bytes: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async reserve(key: string, bytes: number, limit: number, ttlMs: number): Promise<boolean> {
    const now = this.now();
    for (const [name, counter] of this.counters) {
      if (counter.expiresAt <= now) this.counters.delete(name);
    }
    const counter = this.counters.get(key) ?? { bytes: 0, expiresAt: now + ttlMs };
    if (counter.bytes + bytes > limit) return false;
    counter.bytes += bytes;
    this.counters.set(key, counter);
    return true;
  }

  async release(key: string, bytes: number): Promise<void> {
    const counter = this.counters.get(key);
    if (counter) counter.bytes = Math.max(0, counter.bytes - bytes);
  }
}

const RESERVE = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
if total > tonumber(ARGV[2]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return 0
end
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  local left = redis.call('DECRBY', KEYS[1], ARGV[1])
  if left < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') end
end
return 1
`;

type QuotaCommands = Redis & {
  uploadQuotaReserve(key: string, bytes: number, limit: number, ttlMs: number): Promise<number>;
  uploadQuotaRelease(key: string, bytes: number): Promise<number>;
};

/** Counters in Redis, shared by every instance; each step is one atomic script. */
export class RedisQuotaStore implements QuotaStore {
  private readonly redis: QuotaCommands;

  constructor(redis: Redis) {
    this.redis = redis as QuotaCommands;
    if (!('uploadQuotaReserve' in redis)) {
      redis.defineCommand('uploadQuotaReserve', { numberOfKeys: 1, lua: RESERVE });
      redis.defineCommand('uploadQuotaRelease', { numberOfKeys: 1, lua: RELEASE });
    }
  }

  async reserve(key: string, bytes: number, limit: number, ttlMs: number): Promise<boolean> {
    return (await this.redis.uploadQuotaReserve(key, bytes, limit, ttlMs)) === 1;
  }

  async release(key: string, bytes: number): Promise<void> {
    await this.redis.uploadQuotaRelease(key, bytes);
  }
}

/** The quota stopped an upload: nothing of it is kept, and it counts nothing. */
export class UploadQuotaExceededError extends TooManyRequestsError {
  constructor(quotaBytes: number, retryAfterSeconds: number) {
    super(retryAfterSeconds, uploadQuotaMessage(quotaBytes, retryAfterSeconds));
    this.name = 'UploadQuotaExceededError';
  }
}

/** The members' daily upload quota; see the module comment. */
export class UploadQuota {
  constructor(
    private readonly store: QuotaStore,
    readonly quotaBytes: number,
    private readonly keyPrefix: string,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts one upload of `memberId`, reserving `declaredBytes` (the body's Content-Length, 0 when
   * unknown) at once. Rejects with UploadQuotaExceededError when that does not fit in what is left
   * of the member's day.
   */
  async begin(memberId: number, declaredBytes: number): Promise<UploadAllowance> {
    const now = this.now();
    const allowance = new UploadAllowance(
      this,
      `${this.keyPrefix}upload-bytes:${seoulDay(now)}:${memberId}`,
      secondsToSeoulMidnight(now),
    );
    if (declaredBytes > 0) await allowance.reserve(declaredBytes);
    return allowance;
  }

  /** @internal */
  async reserve(key: string, bytes: number): Promise<boolean> {
    try {
      return await this.store.reserve(key, bytes, this.quotaBytes, COUNTER_TTL_MS);
    } catch (error) {
      // The counters are unreachable (Redis down): the upload goes through uncounted.
      this.log.warn({ err: error }, 'upload quota unavailable; upload not counted');
      return true;
    }
  }

  /** @internal */
  async release(key: string, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    try {
      await this.store.release(key, bytes);
    } catch (error) {
      this.log.warn({ err: error }, 'upload quota unavailable; reservation not given back');
    }
  }

  /** @internal */
  exceeded(retryAfterSeconds: number): UploadQuotaExceededError {
    return new UploadQuotaExceededError(this.quotaBytes, retryAfterSeconds);
  }
}

/** One upload's share of the quota: what it reserved and what it received. */
export class UploadAllowance {
  private reserved = 0;
  private received = 0;
  private finished = false;

  constructor(
    private readonly quota: UploadQuota,
    private readonly key: string,
    private readonly retryAfterSeconds: number,
  ) {}

  /** @internal Reserves `bytes` more; rejects with UploadQuotaExceededError when they do not fit. */
  async reserve(bytes: number): Promise<void> {
    if (!(await this.quota.reserve(this.key, bytes))) {
      throw this.quota.exceeded(this.retryAfterSeconds);
    }
    this.reserved += bytes;
  }

  /** Counts `bytes` more received; rejects with UploadQuotaExceededError past the quota. */
  async take(bytes: number): Promise<void> {
    this.received += bytes;
    const missing = this.received - this.reserved;
    if (missing <= 0) return;
    // A step ahead saves round trips; near the quota's end, exactly what is missing may still fit.
    if (missing < QUOTA_STEP_BYTES && (await this.quota.reserve(this.key, QUOTA_STEP_BYTES))) {
      this.reserved += QUOTA_STEP_BYTES;
      return;
    }
    await this.reserve(missing);
  }

  /**
   * Ends the upload: what was reserved beyond what was received is given back, or everything
   * when `counted` is false (the quota refused it).
   */
  async finish(counted: boolean): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    await this.quota.release(this.key, counted ? this.reserved - this.received : this.reserved);
  }
}
