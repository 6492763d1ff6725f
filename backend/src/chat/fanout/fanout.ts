/** What instances tell each other about a room. */
export type RoomEvent =
  /** A stored message; `body` is the broadcast JSON (the ResponseEntity envelope). */
  | { type: 'message'; roomId: number; body: string }
  /** Membership ended: drop the member's subscriptions to the room (`memberId` null: everyone). */
  | { type: 'revoke'; roomId: number; memberId: number | null }
  /** A member joined the room's club: their live streams follow the room from now on. */
  | { type: 'join'; roomId: number; memberId: number };

/** What instances tell each other about members. */
export type MemberEvent =
  /**
   * The account was deleted: every instance forgets what it remembers of the member and closes
   * their chat connections and live streams.
   */
  | { type: 'member-gone'; memberId: number }
  /**
   * One session of the member ended (logout, refresh-token reuse): every instance refuses its
   * access tokens from now on and closes its chat connections and live streams. `sessionId` is
   * the refresh family the access tokens name (`sid`); the member's other sessions stay.
   */
  | { type: 'session-gone'; memberId: number; sessionId: string }
  /** A live event for these members' streams (`name` is the SSE event, `data` its JSON). */
  | { type: 'member'; memberIds: number[]; name: string; data: string };

export type FanoutEvent = RoomEvent | MemberEvent;

export type FanoutHandler = (event: FanoutEvent) => void;

/**
 * Delivers events to the subscribers of every backend instance. Each event reaches the handler of
 * every instance exactly once, the publishing instance included: there before `publish` returns
 * (its promise may still wait on another instance's transport), which the hub's fan-out time
 * relies on.
 */
export interface Fanout {
  readonly kind: 'in-process' | 'redis';
  start(handler: FanoutHandler): Promise<void>;
  publish(event: FanoutEvent): Promise<void>;
  close(): Promise<void>;
  /** Resolves when the fan-out can carry events between instances now (readiness); none in-process. */
  check?(signal: AbortSignal): Promise<void>;
}
