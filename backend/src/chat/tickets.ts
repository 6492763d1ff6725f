import { createHash, randomBytes } from 'node:crypto';

import { eq, lt } from 'drizzle-orm';

import { CHAT_TICKET_SECONDS } from '@/lib/contract/chat';

import type { AuthContext } from '../auth/context';
import type { Member } from '../db/schema';
import { chatTickets } from '../db/schema';

/** What a used ticket authenticates: the member, their session, and until when. */
export interface TicketIdentity {
  member: Member;
  /** The session (refresh family) the ticket was minted in; null without `sid`. */
  sessionId: string | null;
  /** When the access token it was minted from expires (epoch ms): the connection ends then. */
  expiresAt: number;
}

export interface ChatTicketOptions {
  /** How long a ticket stays valid (default CHAT_TICKET_SECONDS, 60 s). */
  lifetimeMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
/** 32 random bytes, base64url: 43 characters. */
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Chat tickets (issue 24): how a browser whose SockJS endpoint is on another origin (CHAT_URL, e.g.
 * the app on Vercel, which cannot proxy WebSockets) authenticates, since the host-bound session
 * cookie never reaches that origin. `mint` runs behind the cookie (`POST /api/chat/ticket`, through
 * the BFF, same origin); `use` runs at the STOMP CONNECT of a session opened without the cookie.
 *
 * A ticket is 256 random bits, stored only as its sha256, bound to the member and the session
 * (refresh family) of the access token it was minted with, valid for about a minute and never
 * beyond that token, and used once: `use` deletes its row and takes what the delete returned, so
 * of two CONNECTs with one ticket, on one instance or several sharing the database, exactly one
 * gets it. The member must still exist and the session must not have ended when it is used.
 */
export class ChatTickets {
  private readonly lifetimeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly auth: AuthContext,
    options: ChatTicketOptions = {},
  ) {
    this.lifetimeMs = options.lifetimeMs ?? CHAT_TICKET_SECONDS * 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * A new ticket for `memberId`, minted with an access token of `sessionId` that expires at
   * `accessExpiresAt` (epoch ms). Expired tickets are swept away first (indexed, usually none).
   */
  async mint(
    memberId: number,
    sessionId: string | null,
    accessExpiresAt: number,
  ): Promise<{ ticket: string; expiresAt: Date }> {
    const now = this.now();
    await this.auth.db.delete(chatTickets).where(lt(chatTickets.expiresAt, new Date(now)));
    const ticket = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Math.min(now + this.lifetimeMs, accessExpiresAt));
    await this.auth.db.insert(chatTickets).values({
      tokenHash: hashTicket(ticket),
      memberId,
      sessionId,
      accessExpiresAt: new Date(accessExpiresAt),
      expiresAt,
    });
    return { ticket, expiresAt };
  }

  /**
   * Uses `ticket` up: its identity, or null when it is malformed, unknown, used already, expired,
   * or its member or session is gone. Atomic: the row's delete is the claim.
   */
  async use(ticket: string | undefined): Promise<TicketIdentity | null> {
    if (ticket === undefined || !TICKET_SHAPE.test(ticket)) return null;
    const [row] = await this.auth.db
      .delete(chatTickets)
      .where(eq(chatTickets.tokenHash, hashTicket(ticket)))
      .returning();
    if (!row) return null;
    const now = this.now();
    if (row.expiresAt.getTime() <= now || row.accessExpiresAt.getTime() <= now) return null;
    const [member, ended] = await Promise.all([
      this.auth.members.find(row.memberId),
      row.sessionId !== null && this.auth.sessions.isEnded(row.sessionId),
    ]);
    if (!member || ended) return null;
    return { member, sessionId: row.sessionId, expiresAt: row.accessExpiresAt.getTime() };
  }
}
