import type { Db } from '../db/client';
import type { Member } from '../db/schema';
import { findMemberById } from './members';

/**
 * The member behind an access token, remembered for a few seconds.
 *
 * The auth hook resolves the token's member on every protected /api request; on embedded PGlite
 * that one query is about a fifth of a month-view request (bench/month). A member's name and
 * picture change only at sign-in and by the member's own edit (member/routes.ts), which call
 * `forget` on this instance; another instance behind
 * the same database shows the new name within `ttlMs`. A deleted account is forgotten on every
 * instance at once (`ChatHub.memberGone`, wired in app.ts), so its old access token is refused
 * there too, not only after `ttlMs`. Unknown ids are not remembered, so a new member is found at
 * once.
 */
export class MemberLookup {
  private readonly entries = new Map<number, { member: Member; expiresAt: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async find(id: number): Promise<Member | undefined> {
    const entry = this.entries.get(id);
    if (entry && entry.expiresAt > this.now()) return entry.member;
    const member = await findMemberById(this.db, id);
    if (!member) {
      this.entries.delete(id);
      return undefined;
    }
    // Map keeps insertion order: re-inserting moves the id to the end, so the first key is the
    // least recently loaded one.
    this.entries.delete(id);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, { member, expiresAt: this.now() + this.ttlMs });
    return member;
  }

  /** Drops what is remembered about `id` (its name or picture just changed, or it was deleted). */
  forget(id: number): void {
    this.entries.delete(id);
  }
}
