import { setTimeout as sleep } from 'node:timers/promises';

import type { FastifyRequest } from 'fastify';

/**
 * The test suite's way to make one read slow for one browser: with TEST_SLOW_READS on (refused
 * at start unless PUBLIC_URL is a loopback address), a request whose cookies include
 * `test_slow_read=<read>:<ms>` waits that long (at most 15 s) before the named read answers. The
 * BFF forwards the browser's cookies, from the page's server render too, so an end-to-end test
 * can slow one secondary read of one page and watch the rest of it arrive first.
 */
export const TEST_SLOW_READ_COOKIE = 'test_slow_read';
const MAX_DELAY_MS = 15_000;

/** Reads that may be slowed: their names in the cookie. */
export type SlowRead = 'week-summary' | 'day-records';

/** Waits as the request's slow-read cookie asks for `read`, when `enabled`; else returns at once. */
export async function testSlowRead(
  request: FastifyRequest,
  enabled: boolean,
  read: SlowRead,
): Promise<void> {
  if (!enabled) return;
  const value = request.cookies[TEST_SLOW_READ_COOKIE];
  const match = value ? /^([a-z-]+):(\d{1,5})$/.exec(value) : null;
  if (!match || match[1] !== read) return;
  await sleep(Math.min(Number(match[2]), MAX_DELAY_MS));
}
