/** What instances tell each other about a room. */
export type RoomEvent =
  /** A stored message; `body` is the broadcast JSON (the ResponseEntity envelope). */
  | { type: 'message'; roomId: number; body: string }
  /** Membership ended: drop the member's subscriptions to the room (`memberId` null: everyone). */
  | { type: 'revoke'; roomId: number; memberId: number | null };

/**
 * What instances tell each other about a member: the account was deleted, so every instance
 * forgets what it remembers of the member and closes their chat connections.
 */
export type MemberEvent = { type: 'member-gone'; memberId: number };

export type FanoutEvent = RoomEvent | MemberEvent;

export type FanoutHandler = (event: FanoutEvent) => void;

/**
 * Delivers room events to the subscribers of every backend instance. Each event reaches the
 * handler of every instance exactly once, the publishing instance included.
 */
export interface Fanout {
  readonly kind: 'in-process' | 'redis';
  start(handler: FanoutHandler): Promise<void>;
  publish(event: FanoutEvent): Promise<void>;
  close(): Promise<void>;
}
