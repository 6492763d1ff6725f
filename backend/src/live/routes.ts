import type { FastifyInstance } from 'fastify';

import { LIVE_EVENT, type NotificationLiveEvent } from '@/lib/contract/live';

import { memberRoomIds, newestMessageIdOfMember } from '../chat/unread';
import type { Db } from '../db/client';
import { requireMember } from '../http/auth-hook';
import { unreadCount } from '../notification/service';
import { type LiveHub, type LiveStream, sseFrame } from './hub';

/** A comment line often enough that proxies and the BFF's idle timeouts keep the stream open. */
export const HEARTBEAT_MS = 25_000;
/** A stream whose client reads slower than events come is dropped past this backlog (it reconnects). */
const MAX_BACKLOG_BYTES = 1024 * 1024;
/** Longest a timer may wait in Node. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * `GET /api/events`: the signed-in member's live stream (server-sent events; issue 16). It tells of
 * messages in the member's rooms, their read positions and their notifications, from whichever
 * instance they happen on. It opens with `ready`, then `notification` with the member's unread
 * count. The stream ends when the access token expires, or at once when its session ends (logout,
 * `session-gone`) or the account is deleted; the browser's EventSource reconnects through the BFF, which refreshes.
 */
export async function liveRoutes(
  app: FastifyInstance,
  options: { db: Db; live: LiveHub; heartbeatMs?: number },
): Promise<void> {
  const { db, live } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

  app.get('/api/events', { config: { longLived: true } }, async (request, reply) => {
    const member = requireMember(request);
    const rooms = new Set(await memberRoomIds(db, member.id));
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: compressing proxies (Next's included) must not buffer the stream.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.flushHeaders();

    let open = true;
    const stream: LiveStream = {
      memberId: member.id,
      sessionId: request.sessionId,
      rooms,
      send(frame) {
        if (!open) return;
        if (res.writableLength > MAX_BACKLOG_BYTES) {
          close();
          return;
        }
        res.write(frame);
      },
      close: (reason) => close(reason),
    };
    const heartbeat = setInterval(() => stream.send(': ping\n\n'), heartbeatMs);
    const untilExpiry = (request.accessTokenExpiresAt ?? Date.now()) - Date.now();
    const expiry = setTimeout(() => close(), Math.max(0, Math.min(untilExpiry, MAX_TIMER_MS)));
    function close(reason?: string): void {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      live.detach(stream);
      res.end(reason ? `: ${reason}\n\n` : undefined);
    }
    request.raw.once('close', () => close());
    res.once('close', () => close());

    // Attached first, so nothing published from here on is missed; then the newest message the
    // member could know of, so the client can tell whether what it holds is older (and read again).
    live.attach(stream);
    const latestMessageId = await newestMessageIdOfMember(db, member.id).catch(() => null);
    // The member's notification count now, read after attaching so that no change falls between
    // the two: the bell needs no request of its own at each (re)opening.
    let notification = '';
    try {
      const count: NotificationLiveEvent = { unreadCount: await unreadCount(db, member.id) };
      notification = sseFrame(LIVE_EVENT.notification, JSON.stringify(count));
    } catch (error) {
      request.log.warn({ err: error }, 'notification count for a new live stream failed');
    }
    // The client reconnects after this delay when the stream drops.
    stream.send(
      `retry: 3000\n${sseFrame(LIVE_EVENT.ready, JSON.stringify({ latestMessageId }))}${notification}`,
    );
  });
}
