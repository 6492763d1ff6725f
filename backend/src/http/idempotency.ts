import { createHash, type Hash } from 'node:crypto';

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Db } from '../db/client';
import { type IdempotencyKeyRow, idempotencyKeys } from '../db/schema';
import { ApiError } from './errors';

/**
 * `Idempotency-Key` on members' writes (draft-ietf-httpapi-idempotency-key-header): the offline
 * queue replays writes made without a connection, and a replay or a retry must never apply twice.
 * The first request with a key reserves it and its answer is kept; the same request again is
 * answered from the store without running. Requests without the header are untouched, so the
 * original client sees no change.
 */

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: '멱등 키가 올바르지 않습니다.',
  inProgress: '같은 요청을 아직 처리하고 있습니다. 잠시 후 다시 시도해 주세요.',
  reused: '이 멱등 키는 다른 요청에 이미 쓰였습니다.',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;
/** Expired rows are deleted by the reservations themselves, at most this often per instance. */
const PURGE_INTERVAL_MS = 60_000;

/**
 * The key of an `Idempotency-Key` header: the draft's structured-field string (`"…"`, with `\"`
 * and `\\` escapes, nothing after the closing quote) or, leniently, a bare token; either way 1–255
 * visible ASCII characters without spaces. Null when malformed (two headers are joined with ", "
 * and so are malformed too).
 */
export function parseIdempotencyKey(header: string): string | null {
  const value = header.trim();
  if (!value.startsWith('"')) return VISIBLE_ASCII.test(value) ? value : null;
  let key = '';
  for (let i = 1; i < value.length; i++) {
    const char = value[i];
    if (char === '"') return i === value.length - 1 && VISIBLE_ASCII.test(key) ? key : null;
    if (char === '\\') {
      const next = value[i + 1];
      if (next !== '"' && next !== '\\') return null;
      key += next;
      i++;
    } else {
      key += char;
    }
  }
  return null;
}

/** A literal piece of the canonical serialisation (as opposed to a value still to serialise). */
class Piece {
  constructor(readonly text: string) {}
}

/**
 * Feeds `hash` a canonical JSON form of a parsed body (object keys sorted), so that the same
 * request re-serialised by the client hashes the same. Iterative: a body nested 200 000 levels
 * deep must not overflow the stack.
 */
function hashCanonical(hash: Hash, root: unknown): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Piece) {
      hash.update(item.text);
    } else if (Buffer.isBuffer(item)) {
      hash.update(item);
    } else if (Array.isArray(item)) {
      hash.update('[');
      stack.push(new Piece(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push(new Piece(','));
      }
    } else if (item !== null && typeof item === 'object') {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      hash.update('{');
      stack.push(new Piece('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(record[keys[i]]);
        stack.push(new Piece(`${JSON.stringify(keys[i])}:`));
        if (i > 0) stack.push(new Piece(','));
      }
    } else {
      hash.update(item === undefined ? '' : (JSON.stringify(item) ?? 'null'));
    }
  }
}

/**
 * What makes two requests "the same": method, URL (path and query) and the body. A multipart body
 * is streamed to the route later, so it is left out rather than consumed here.
 */
function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const contentType = request.headers['content-type'] ?? '';
  if (/^multipart\//i.test(contentType)) hash.update('multipart');
  else hashCanonical(hash, request.body);
  return hash.digest('hex');
}

/** The bytes of an answer, or null for a stream, which cannot be kept. */
function payloadBytes(payload: unknown): Buffer | null {
  if (payload === undefined || payload === null) return Buffer.alloc(0);
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (Buffer.isBuffer(payload)) return payload;
  return null;
}

function headerText(value: ReturnType<FastifyReply['getHeader']>): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

interface Reservation {
  memberId: number;
  key: string;
  /** 'running' until the answer is kept or the reservation released. */
  phase: 'running' | 'settled';
  /** The client went away before its whole request arrived (onRequestAbort). */
  aborted: boolean;
}

type Lookup = { kind: 'reserved' } | { kind: 'found'; row: IdempotencyKeyRow };

/**
 * Registers the mechanism on every signed-in write under /api (after the auth hook, which sets
 * `request.member`): preHandler looks up or reserves the key, onSend keeps the answer,
 * onResponse and onRequestAbort clean up.
 */
/** How long a request may hold its key without an answer before a retry takes it over. */
export const STALE_RESERVATION_SECONDS = 120;

export function registerIdempotency(app: FastifyInstance, db: Db, ttlHours: number): void {
  const reservations = new WeakMap<FastifyRequest, Reservation>();
  const expired = sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${ttlHours}::int)`;
  // A reservation still without an answer after STALE_RESERVATION_SECONDS belongs to a request
  // that will never answer (its instance crashed, or recording the answer failed): it is taken
  // over, so that the member's retry is not refused with 409 until the key expires.
  const takeable = sql`(${expired}) or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${STALE_RESERVATION_SECONDS}))`;
  let lastPurge = 0;

  async function purgeExpired(request: FastifyRequest): Promise<void> {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    try {
      await db.delete(idempotencyKeys).where(expired);
    } catch (error) {
      request.log.warn({ err: error }, 'could not purge expired idempotency keys');
    }
  }

  /**
   * Reserves (member, key) or finds the row already there. ON CONFLICT makes the database the
   * arbiter, so two backend instances on one database agree on who runs the request; an expired
   * row is taken over in the same statement (it counts as absent).
   */
  async function reserveOrFind(memberId: number, key: string, fingerprint: string) {
    for (let attempt = 0; attempt < 3; attempt++) {
      const reserved = await db
        .insert(idempotencyKeys)
        .values({ memberId, key, fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.memberId, idempotencyKeys.key],
          set: {
            fingerprint,
            status: null,
            contentType: null,
            preferenceApplied: null,
            body: null,
            createdAt: sql`now()`,
          },
          setWhere: takeable,
        })
        .returning({ memberId: idempotencyKeys.memberId });
      if (reserved.length > 0) return { kind: 'reserved' } satisfies Lookup;
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.memberId, memberId), eq(idempotencyKeys.key, key)));
      if (row) return { kind: 'found', row } satisfies Lookup;
      // Released (a 5xx) between the two statements: try to reserve again.
    }
    return null;
  }

  async function release(reservation: Reservation): Promise<void> {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.memberId, reservation.memberId),
          eq(idempotencyKeys.key, reservation.key),
          isNull(idempotencyKeys.status),
        ),
      );
  }

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !WRITES.has(request.method) || request.is404) return;
    // Only signed-in members' writes: the auth hook sets `member` on protected /api requests only,
    // so public endpoints (logout, token refresh) ignore the header.
    const member = request.member;
    if (!member || !request.url.startsWith('/api/')) return;
    const key = parseIdempotencyKey(Array.isArray(header) ? header.join(', ') : header);
    if (key === null) throw new ApiError(400, IDEMPOTENCY_MESSAGES.invalidKey);
    const fingerprint = fingerprintOf(request);

    await purgeExpired(request);
    const lookup = await reserveOrFind(member.id, key, fingerprint);
    if (lookup === null) throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress);
    if (lookup.kind === 'reserved') {
      reservations.set(request, { memberId: member.id, key, phase: 'running', aborted: false });
      return;
    }
    const { row } = lookup;
    if (row.fingerprint !== fingerprint) throw new ApiError(422, IDEMPOTENCY_MESSAGES.reused);
    if (row.status === null) throw new ApiError(409, IDEMPOTENCY_MESSAGES.inProgress);
    reply.code(row.status).header('Idempotent-Replayed', 'true');
    if (row.contentType !== null) reply.header('content-type', row.contentType);
    if (row.preferenceApplied !== null) reply.header('Preference-Applied', row.preferenceApplied);
    // An answer without a body and a type (a bare 201) is replayed as one, not as octet-stream.
    const empty = row.contentType === null && (row.body === null || row.body.length === 0);
    return reply.send(empty ? undefined : row.body);
  });

  // Keeps the answer before it is written, so that a client retrying the moment it has an answer
  // already finds it. 5xx and 429 answers are not kept (the retry runs again: a rate limit or the
  // upload quota refuses for a while, not for good), nor refusals of a request
  // whose body never fully arrived: nothing was applied, and the refusal may be the cut-off itself
  // (an abandoned upload). A success is kept even then: it was applied, and must not be repeated.
  app.addHook('onSend', async (request, reply, payload) => {
    const reservation = reservations.get(request);
    if (!reservation || reservation.phase !== 'running') return payload;
    reservation.phase = 'settled';
    const status = reply.statusCode;
    const body = payloadBytes(payload);
    const cutOff = reservation.aborted || !request.raw.complete;
    try {
      if (status >= 500 || status === 429 || body === null || (cutOff && status >= 400)) {
        if (body === null) request.log.warn('a streamed answer cannot be kept for its key');
        await release(reservation);
      } else {
        await db
          .update(idempotencyKeys)
          .set({
            status,
            contentType: headerText(reply.getHeader('content-type')),
            preferenceApplied: headerText(reply.getHeader('preference-applied')),
            body,
          })
          .where(
            and(
              eq(idempotencyKeys.memberId, reservation.memberId),
              eq(idempotencyKeys.key, reservation.key),
              isNull(idempotencyKeys.status),
            ),
          );
      }
    } catch (error) {
      // The answer still goes out. A reservation left running answers 409 until it expires:
      // better than applying the change a second time.
      request.log.error({ err: error }, 'could not record the answer of an idempotency key');
    }
    return payload;
  });

  // An answer that went out without passing onSend (a hijacked reply) cannot be replayed.
  app.addHook('onResponse', async (request) => {
    const reservation = reservations.get(request);
    if (!reservation || reservation.phase !== 'running') return;
    reservation.phase = 'settled';
    await release(reservation).catch((error: unknown) =>
      request.log.error({ err: error }, 'could not release an idempotency key'),
    );
  });

  // The route keeps running after the client left, and may still apply the change: releasing the
  // key now would let a retry run it a second time in parallel. onSend settles it once the route
  // has answered; a refusal is released there, a success kept.
  app.addHook('onRequestAbort', async (request) => {
    const reservation = reservations.get(request);
    if (reservation) reservation.aborted = true;
  });
}
