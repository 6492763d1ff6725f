import { eq } from 'drizzle-orm';

import type { Db } from '../db/client';
import { refreshTokenFamilies } from '../db/schema';
import { isFamilyId } from './refresh-tokens';

/** How long "this session is still on" is believed without asking the database again. */
export const SESSION_CHECK_TTL_MS = 2_000;

/**
 * Whether a session (the refresh-token family an access token names in `sid`) has ended: every
 * authenticated request, chat handshake and live stream asks. "Ended" is final (a revoked family
 * never comes back; a purged or unknown one counts as ended), so it is remembered until evicted;
 * "still on" is remembered for `ttlMs` (2 s) only. That bound holds on every instance whatever
 * happens to the fan-out: with Redis down, another instance sees a logout within 2 s from the
 * database. The `session-gone` fan-out event (`ended`, on the instance that revoked) marks the
 * family on every instance at once (`markEnded`), so normally it is immediate.
 */
export class SessionRevocations {
  private readonly entries = new Map<string, { ended: boolean; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<boolean>>();
  /** Publishes `session-gone` (set once the fan-out exists; app.ts). */
  announce: ((familyId: string, memberId: number) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the session has ended (revoked, purged, or not a family id at all). */
  async isEnded(familyId: string): Promise<boolean> {
    if (!isFamilyId(familyId)) return true;
    const entry = this.entries.get(familyId);
    if (entry && (entry.ended || entry.expiresAt > this.now())) return entry.ended;
    let pending = this.loading.get(familyId);
    if (!pending) {
      pending = this.load(familyId).finally(() => this.loading.delete(familyId));
      this.loading.set(familyId, pending);
    }
    return pending;
  }

  private async load(familyId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ revokedAt: refreshTokenFamilies.revokedAt })
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, familyId));
    // Marked ended while the query ran (the event can overtake a read of the older state).
    if (this.entries.get(familyId)?.ended) return true;
    const ended = !row || row.revokedAt !== null;
    this.remember(familyId, ended);
    return ended;
  }

  private remember(familyId: string, ended: boolean): void {
    // Map keeps insertion order: the first key is the least recently stored one.
    this.entries.delete(familyId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(familyId, { ended, expiresAt: this.now() + this.ttlMs });
  }

  /** The session ended (told by the fan-out, on every instance): refused from now on. */
  markEnded(familyId: string): void {
    if (isFamilyId(familyId)) this.remember(familyId, true);
  }

  /**
   * The family was revoked in the database just now: refused here at once and `session-gone` is
   * published, which closes its chat connections and live streams on every instance.
   */
  async ended(familyId: string, memberId: number): Promise<void> {
    this.markEnded(familyId);
    await this.announce?.(familyId, memberId);
  }
}
