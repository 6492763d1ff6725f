import { isIP } from 'node:net';

import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';

import { SIGN_IN_BUSY_ERROR } from '@/lib/contract/values';

import { TooManyRequestsError } from './errors';

/**
 * Rate limits on REST (issue 17): every budget, the route groups they apply to and the key of a
 * caller, in one place. A budget counts requests per member (signed in) or per client address
 * (anonymous) in a fixed window; the counters live in Redis when REDIS_URL is set, so that the
 * limits hold across backend instances, else in this process. Reads are not limited.
 */

export const RATE_LIMIT_GROUPS = [
  'write',
  'upload',
  'comment',
  'friendRequest',
  'clubCreate',
  'signIn',
  'export',
  'readMark',
] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];

/** At most `max` requests per `windowMs`. */
export interface Budget {
  max: number;
  windowMs: number;
}

export type Budgets = Record<RateLimitGroup, Budget>;

/**
 * The documented defaults (README, "Rate limits") as `max/window`, and the variable that overrides
 * each. Room enough for real use, the offline queue's replays and the test suites; tight enough
 * that a script cannot fill the disk or spam other members.
 */
export const BUDGET_DEFAULTS: Record<RateLimitGroup, { env: string; value: string }> = {
  write: { env: 'RATE_LIMIT_WRITES', value: '300/1m' },
  upload: { env: 'RATE_LIMIT_UPLOADS', value: '30/1h' },
  comment: { env: 'RATE_LIMIT_COMMENTS', value: '60/10m' },
  friendRequest: { env: 'RATE_LIMIT_FRIEND_REQUESTS', value: '30/1h' },
  clubCreate: { env: 'RATE_LIMIT_CLUBS', value: '10/1d' },
  signIn: { env: 'RATE_LIMIT_SIGN_IN', value: '30/1m' },
  // Each export reads every photo of the member: a handful per hour is all anyone needs.
  export: { env: 'RATE_LIMIT_EXPORTS', value: '3/1h' },
  // The app sends a read mark at most every 400 ms per open room: 10 a second leaves room for
  // several open rooms and tabs, and stops a script from flooding the member's live streams (each
  // mark is fanned out to every instance).
  readMark: { env: 'RATE_LIMIT_READ_MARKS', value: '600/1m' },
};

/** 200 MiB of uploads per member and (Seoul) day. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;

/** The default Redis key prefix of the counters (rate limits and the upload quota). */
export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'everyhealth:ratelimit:';

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const BUDGET = /^(\d{1,9})\s*\/\s*(\d{1,6})\s*(ms|s|m|h|d)$/;

/** `30/1h` → {max: 30, windowMs: 3 600 000}; null when malformed or zero. */
export function parseBudget(text: string): Budget | null {
  const match = BUDGET.exec(text.trim());
  if (!match) return null;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  if (max < 1 || windowMs < 1) return null;
  return { max, windowMs };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy`: which peers' `X-Forwarded-For` is believed when working
 * out a client's address. `true`/`false`, a number of hops, or a comma-separated list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal. Null when malformed.
 */
export function parseTrustProxy(text: string): boolean | number | string[] | null {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) return null;
  for (const item of items) {
    if (PROXY_NAMES.has(item)) continue;
    const [address, bits, extra] = item.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return null;
    if (
      bits !== undefined &&
      !(/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
    )
      return null;
  }
  return items;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes (method and route pattern) with a budget of their own. */
const ROUTE_GROUPS: ReadonlyMap<string, RateLimitGroup> = new Map([
  ['POST /api/post', 'upload'],
  ['POST /api/member/me/picture', 'upload'],
  ['POST /api/comment', 'comment'],
  ['POST /api/friend/request/:memberId', 'friendRequest'],
  ['POST /api/club', 'clubCreate'],
  ['GET /oauth2/authorization/google', 'signIn'],
  ['GET /api/member/export', 'export'],
  ['PUT /api/rooms/:roomId/read', 'readMark'],
]);

/**
 * Writes that are not counted. The session endpoints are called by the BFF and proxy.ts from the
 * Next server for every member (one address for all) and need a valid refresh token to do
 * anything. (Read marks have a budget of their own: a busy chat would otherwise eat the member's
 * write budget.)
 */
const NOT_COUNTED: ReadonlySet<string> = new Set(['POST /api/token/refresh', 'POST /api/logout']);

/**
 * The budget a request counts against, or null for none: its route's own group, else `write` for
 * any other POST/PUT/PATCH/DELETE under /api (HEAD counts as its GET). Reads (but the data
 * export, which has a budget of its own), the development
 * identity provider (its sign-ins start at the limited sign-in start) and the OAuth callback are
 * not limited.
 */
export function rateLimitGroupOf(
  method: string,
  routeUrl: string | undefined,
): RateLimitGroup | null {
  if (!routeUrl) return null;
  // Fastify answers HEAD with the GET route's handler: it counts as that GET.
  const route = `${method === 'HEAD' ? 'GET' : method} ${routeUrl}`;
  const own = ROUTE_GROUPS.get(route);
  if (own) return own;
  if (NOT_COUNTED.has(route)) return null;
  if (WRITES.has(method) && routeUrl.startsWith('/api/')) return 'write';
  return null;
}

/**
 * Whose budget a request spends: the signed-in member's, else the client address's (Fastify's
 * `request.ip`, which believes `X-Forwarded-For` only from TRUST_PROXY peers; IPv6 by /64, as one
 * client usually holds a whole /64).
 */
export function rateLimitSubjectOf(request: FastifyRequest): string {
  return request.member ? `member:${request.member.id}` : `ip:${normalizeIP(request.ip)}`;
}

export interface RateLimitSettings {
  enabled: boolean;
  budgets: Budgets;
  /** Prefix of the counters' Redis keys. */
  keyPrefix: string;
  /** Where the public app lives: a refused sign-in start sends a browser back to its /login. */
  publicUrl: string;
}

/** A browser navigation (as opposed to a script or fetch asking for JSON). */
function wantsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/**
 * Whether a request of `group` from this caller would be refused now, without counting it: the
 * seconds until its budget has room again, or null when it has room (or limits are off, or the
 * counters cannot be read). For answers that predict a refusal (the export's availability).
 */
export type RateLimitPeek = (
  request: FastifyRequest,
  group: RateLimitGroup,
) => Promise<{ retryAfterSeconds: number } | null>;

/**
 * Counts members' writes and anonymous sign-in starts with @fastify/rate-limit, after the auth
 * hook (`request.member`) and before the body is read: the plugin's hook runs as a route-level
 * onRequest hook, which follows every application-level onRequest hook and precedes parsing, the
 * idempotency keys (preHandler) and the route. Over budget: 429 with the JSON error body, `Retry-After`
 * and the `RateLimit-*` headers (a browser's sign-in start goes back to /login with a notice).
 * Register before the routes. `redis`: the shared counters; null keeps them in this process.
 * Resolves with a peek at the same counters.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
  redis: Redis | null,
): Promise<RateLimitPeek> {
  if (!settings.enabled) return async () => null;
  const groups = new WeakMap<FastifyRequest, RateLimitGroup | null>();
  const groupOf = (request: FastifyRequest): RateLimitGroup | null => {
    let group = groups.get(request);
    if (group === undefined) {
      group = rateLimitGroupOf(request.method, request.routeOptions.url);
      groups.set(request, group);
    }
    return group;
  };
  const budgetOf = (request: FastifyRequest): Budget => settings.budgets[groupOf(request)!];

  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    enableDraftSpec: true,
    ...(redis ? { redis, nameSpace: settings.keyPrefix } : { cache: 20_000 }),
    // Redis unreachable: members keep writing (unlimited for that moment) rather than failing.
    skipOnError: true,
    allowList: (request) => groupOf(request) === null,
    // Unlimited requests (allowList) need no key: it is worked out for counted ones only.
    keyGenerator: (request) => {
      const group = groupOf(request);
      return group === null ? '' : `${group}:${rateLimitSubjectOf(request)}`;
    },
    max: (request) => budgetOf(request).max,
    timeWindow: (request) => budgetOf(request).windowMs,
    onExceeded: (request, key) => request.log.info({ key }, 'rate limit exceeded'),
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const location =
        groupOf(request) === 'signIn' && wantsHtml(request)
          ? `${settings.publicUrl}/login?error=${SIGN_IN_BUSY_ERROR}`
          : null;
      return new TooManyRequestsError(seconds, undefined, location);
    },
  });

  // The plugin's own limiter without options: the same store, keys, budgets and allow list as its
  // hooks (a limiter made with options would get a store of its own). Its `read` counts nothing.
  const limiter = app.createRateLimit();
  return async (request, group) => {
    // The request is judged as one of `group` (its own route's group no longer matters: its hook
    // has already run).
    groups.set(request, group);
    const state = await limiter(request, { increment: false });
    // Counters unreadable (skipOnError): current 0, room.
    if (state.isAllowed || state.remaining > 0) return null;
    return { retryAfterSeconds: Math.max(1, Math.ceil(state.ttl / 1000)) };
  };
}

/**
 * The Redis connection of the counters (REDIS_URL), connected. Commands fail at once while it is
 * down (no offline queue) and after 1 s at most, and the limits then let requests through.
 */
export async function connectCounterRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  redis.on('error', (error: Error) => log.warn({ err: error }, 'redis (rate limits) error'));
  await redis.connect();
  return redis;
}
