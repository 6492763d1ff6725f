import type { FastifyBaseLogger } from 'fastify';

import { LIVE_EVENT } from '@/lib/contract/live';

import type { Db } from '../db/client';
import type { LiveHub } from '../live/hub';
import { unreadCount } from './service';

/** What pushes a member's notification count to their live streams (every tab and instance). */
export interface NotificationPush {
  db: Db;
  live: LiveHub;
}

/**
 * Tells each member (once) their unread count now, on every backend instance: called after the
 * transaction that changed their notifications has committed. A failure is logged, never the
 * action's: the stream's next opening sends the count again.
 */
export async function pushUnreadCounts(
  push: NotificationPush,
  memberIds: ReadonlyArray<number | null | undefined | false>,
  log: FastifyBaseLogger,
): Promise<void> {
  const unique = [...new Set(memberIds.filter((id): id is number => typeof id === 'number'))];
  for (const memberId of unique) {
    let count: number;
    try {
      count = await unreadCount(push.db, memberId);
    } catch (error) {
      log.warn({ err: error, memberId }, 'notification count for the live push failed');
      continue;
    }
    await sendUnreadCount(push.live, memberId, count, log);
  }
}

/** Sends a member's known unread count to their live streams; a failure is only logged. */
export async function sendUnreadCount(
  live: LiveHub,
  memberId: number,
  unreadCount: number,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await live.sendToMembers([memberId], LIVE_EVENT.notification, { unreadCount });
  } catch (error) {
    log.warn({ err: error, memberId }, 'notification count push failed');
  }
}
