import { createHash, randomBytes } from 'node:crypto';

import { and, eq, isNull } from 'drizzle-orm';

import type { Db } from '../db/client';
import { refreshTokenFamilies, refreshTokens } from '../db/schema';
import { seal, unseal } from './sealed';

export interface RefreshPolicy {
  /** AES-256-GCM key for the successor kept on rotated rows. */
  sealKey: Buffer;
  refreshTokenDays: number;
  graceSeconds: number;
}

export type RotateResult =
  | { ok: true; memberId: number; token: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

/** Refresh tokens in rotating families: one family per sign-in, stored hashed. */
export class RefreshTokenService {
  constructor(
    private readonly db: Db,
    private readonly policy: RefreshPolicy,
  ) {}

  private expiry(now: Date): Date {
    return new Date(now.getTime() + this.policy.refreshTokenDays * 86400_000);
  }

  /** Starts a new family for a sign-in and returns its first token. */
  async startFamily(memberId: number, now = new Date()): Promise<string> {
    const token = newToken();
    await this.db.transaction(async (tx) => {
      const [family] = await tx
        .insert(refreshTokenFamilies)
        .values({ memberId })
        .returning({ id: refreshTokenFamilies.id });
      await tx
        .insert(refreshTokens)
        .values({ familyId: family.id, tokenHash: hashToken(token), expiresAt: this.expiry(now) });
    });
    return token;
  }

  /**
   * Rotates a token. A token already rotated less than graceSeconds ago yields the same successor;
   * a later reuse revokes the whole family.
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
      if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;

      if (row.rotatedAt) {
        const age = now.getTime() - row.rotatedAt.getTime();
        const successor = row.successorSealed
          ? unseal(this.policy.sealKey, row.successorSealed)
          : null;
        if (age <= this.policy.graceSeconds * 1000 && successor) {
          return { ok: true, memberId: row.memberId, token: successor } as const;
        }
        await tx
          .update(refreshTokenFamilies)
          .set({ revokedAt: now })
          .where(eq(refreshTokenFamilies.id, row.familyId));
        return { ok: false, reason: 'reused' } as const;
      }
      if (row.expiresAt.getTime() <= now.getTime())
        return { ok: false, reason: 'expired' } as const;

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
      return { ok: true, memberId: row.memberId, token: successor } as const;
    });
  }

  /** Revokes the family the token belongs to; unknown tokens are ignored (logout is idempotent). */
  async revokeFamilyOf(token: string, now = new Date()): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (!row) return;
    await this.db
      .update(refreshTokenFamilies)
      .set({ revokedAt: now })
      .where(
        and(eq(refreshTokenFamilies.id, row.familyId), isNull(refreshTokenFamilies.revokedAt)),
      );
  }
}
