import { createHash, randomBytes } from 'node:crypto';

import { and, eq, gt, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { refreshTokenFamilies, refreshTokens } from '../db/schema';
import { seal, unseal } from './sealed';

export interface RefreshPolicy {
  /** AES-256-GCM key for the successor kept on rotated rows. */
  sealKey: Buffer;
  refreshTokenDays: number;
  /**
   * A token rotated this recently yields the same successor again even when the successor has
   * been used since (two tabs refreshing at once).
   */
  graceSeconds: number;
  /**
   * A token rotated this recently yields the same successor again as long as the successor has
   * not been used (the answer was lost on a bad connection): the access-token lifetime. Defaults
   * to `graceSeconds`. The sealed successor is kept no longer than the larger of the two.
   */
  lostAnswerSeconds?: number;
}

export type RotateResult =
  | { ok: true; memberId: number; token: string; familyId: string }
  | {
      ok: false;
      reason: 'unknown' | 'expired' | 'revoked' | 'reused';
      /** The family, when the token was known (`reused`: it was revoked just now). */
      familyId?: string;
      memberId?: number;
    };

/** Revoked or expired families (and their tokens) are kept this long before the purge. */
const FAMILY_RETENTION_MS = 86400_000;
/** The purge runs at most this often per instance, from the session endpoints. */
const PURGE_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

/** Refresh tokens in rotating families: one family per sign-in, stored hashed. */
export class RefreshTokenService {
  constructor(
    private readonly db: Db,
    private readonly policy: RefreshPolicy,
  ) {}

  private lastPurge = 0;

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.policy.refreshTokenDays * 86400_000);
  }

  /** How long a rotated row keeps its sealed successor (it can be handed out that long). */
  private get successorWindowMs(): number {
    return Math.max(this.policy.graceSeconds, this.policy.lostAnswerSeconds ?? 0) * 1000;
  }

  /** Starts a new family for a sign-in and returns its first token. */
  async startFamily(memberId: number, now = new Date()): Promise<string> {
    return (await this.startSession(memberId, now)).token;
  }

  /** Starts a new family (a session) for a sign-in: its id and its first token. */
  async startSession(
    memberId: number,
    now = new Date(),
  ): Promise<{ token: string; familyId: string }> {
    const token = newToken();
    const familyId = await this.db.transaction(async (tx) => {
      const [family] = await tx
        .insert(refreshTokenFamilies)
        .values({ memberId })
        .returning({ id: refreshTokenFamilies.id });
      await tx
        .insert(refreshTokens)
        .values({ familyId: family.id, tokenHash: hashToken(token), expiresAt: this.expiry(now) });
      return family.id;
    });
    return { token, familyId };
  }

  /**
   * Rotates a token. A token already rotated yields the same successor again within graceSeconds,
   * and within lostAnswerSeconds as long as the successor itself has not been rotated (its answer
   * was lost); any other reuse revokes the whole family.
   */
  async rotate(token: string, now = new Date()): Promise<RotateResult> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: refreshTokens.id,
          familyId: refreshTokens.familyId,
          expiresAt: refreshTokens.expiresAt,
          rotatedAt: refreshTokens.rotatedAt,
          successorSealed: refreshTokens.successorSealed,
          memberId: refreshTokenFamilies.memberId,
          revokedAt: refreshTokenFamilies.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(refreshTokenFamilies, eq(refreshTokens.familyId, refreshTokenFamilies.id))
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .for('update');
      if (!row) return { ok: false, reason: 'unknown' } as const;
      const known = { familyId: row.familyId, memberId: row.memberId };
      if (row.revokedAt) return { ok: false, reason: 'revoked', ...known } as const;

      if (row.rotatedAt) {
        const age = now.getTime() - row.rotatedAt.getTime();
        const successor = row.successorSealed
          ? unseal(this.policy.sealKey, row.successorSealed)
          : null;
        if (successor && age <= this.successorWindowMs) {
          const same = { ok: true, token: successor, ...known } as const;
          if (age <= this.policy.graceSeconds * 1000) return same;
          // Past the grace window: only an answer that never arrived is handed out again.
          const [next] = await tx
            .select({ rotatedAt: refreshTokens.rotatedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, hashToken(successor)))
            .for('update');
          if (next && !next.rotatedAt) return same;
        }
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: now })
          .where(eq(refreshTokenFamilies.id, row.familyId));
        return { ok: false, reason: 'reused', ...known } as const;
      }
      if (row.expiresAt.getTime() <= now.getTime())
        return { ok: false, reason: 'expired', ...known } as const;

      const successor = newToken();
      await tx.insert(refreshTokens).values({
        familyId: row.familyId,
        tokenHash: hashToken(successor),
        expiresAt: this.expiry(now),
      });
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: now, successorSealed: seal(this.policy.sealKey, successor) })
        .where(eq(refreshTokens.id, row.id));
      return { ok: true, token: successor, ...known } as const;
    });
  }

  /**
   * Revokes the family the token belongs to and answers it (id and member); unknown tokens and
   * families already revoked are ignored (null: logout is idempotent).
   */
  async revokeFamilyOf(
    token: string,
    now = new Date(),
  ): Promise<{ familyId: string; memberId: number } | null> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId, memberId: refreshTokenFamilies.memberId })
      .from(refreshTokens)
      .innerJoin(refreshTokenFamilies, eq(refreshTokens.familyId, refreshTokenFamilies.id))
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (!row) return null;
    return (await this.revokeFamily(row.familyId, now)) ? row : null;
  }

  /**
   * Revokes a family by id (`memberId`: only if it is that member's), e.g. the one an access
   * token names. Already revoked or unknown families are left as they are: false.
   */
  async revokeFamily(familyId: string, now = new Date(), memberId?: number): Promise<boolean> {
    if (!isFamilyId(familyId)) return false;
    const revoked = await this.db
      .update(refreshTokenFamilies)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokenFamilies.id, familyId),
          isNull(refreshTokenFamilies.revokedAt),
          memberId === undefined ? undefined : eq(refreshTokenFamilies.memberId, memberId),
        ),
      )
      .returning({ id: refreshTokenFamilies.id });
    return revoked.length > 0;
  }

  /**
   * Housekeeping: clears sealed successors that can no longer be handed out, deletes rotated
   * tokens expired over a day ago (a reuse that old is only `unknown`) and families revoked or
   * expired over a day ago with their tokens.
   */
  async purge(now = new Date()): Promise<void> {
    const sealedBefore = new Date(now.getTime() - this.successorWindowMs);
    const retainedSince = new Date(now.getTime() - FAMILY_RETENTION_MS);
    await this.db
      .update(refreshTokens)
      .set({ successorSealed: null })
      .where(
        and(isNotNull(refreshTokens.successorSealed), lt(refreshTokens.rotatedAt, sealedBefore)),
      );
    await this.db
      .delete(refreshTokens)
      .where(and(isNotNull(refreshTokens.rotatedAt), lt(refreshTokens.expiresAt, retainedSince)));
    await this.db.delete(refreshTokenFamilies).where(
      or(
        lt(refreshTokenFamilies.revokedAt, retainedSince),
        notExists(
          this.db
            .select({ one: sql`1` })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.familyId, refreshTokenFamilies.id),
                gt(refreshTokens.expiresAt, retainedSince),
              ),
            ),
        ),
      ),
    );
  }

  /**
   * Runs `purge` at most once a minute per instance (the session endpoints call it, as the
   * idempotency keys' reservations purge theirs); a failure is logged, never the caller's.
   */
  async purgeIfDue(log: { warn(obj: object, msg: string): void }): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_INTERVAL_MS) return;
    this.lastPurge = Date.now();
    try {
      await this.purge();
    } catch (error) {
      log.warn({ err: error }, 'could not purge old refresh tokens');
    }
  }
}

const FAMILY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed family id (a uuid); anything else names no family. */
export function isFamilyId(value: string): boolean {
  return FAMILY_ID.test(value);
}
