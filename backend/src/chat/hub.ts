import { randomBytes } from 'node:crypto';

import type { FastifyBaseLogger } from 'fastify';

import { chatBroadcast, type ChatMessage, roomTopic } from '@/lib/contract/chat';

import type { Fanout, FanoutEvent, FanoutHandler } from './fanout/fanout';
import { SharedFrame } from './shared-frame';

/**
 * The shared part of a room's MESSAGE frame: destination, content type, UTF-8 content-length, body
 * and NUL. These values need no STOMP escaping.
 */
export function messageFrameTail(roomId: number, body: string): string {
  return (
    `destination:${roomTopic(roomId)}\ncontent-type:application/json\n` +
    `content-length:${Buffer.byteLength(body, 'utf8')}\n\n${body}\0`
  );
}

/**
 * One room message on its way to this instance's subscribers: the MESSAGE frame is encoded once
 * per subscription id (clients mostly use the same one, e.g. stompjs's `sub-0`), wire bytes
 * included (SharedFrame), instead of once per member.
 */
export class RoomMessage {
  private readonly frames = new Map<string, SharedFrame>();

  constructor(
    /** Unique per message: STOMP's message-id. */
    readonly messageId: string,
    /** The frame after the per-subscription headers (messageFrameTail). */
    readonly tail: string,
  ) {}

  /** The whole MESSAGE frame for a subscription id (already escaped for the session's version). */
  frameFor(subscriptionHeader: string): SharedFrame {
    let frame = this.frames.get(subscriptionHeader);
    if (!frame) {
      frame = new SharedFrame(
        `MESSAGE\nsubscription:${subscriptionHeader}\nmessage-id:${this.messageId}\n${this.tail}`,
      );
      this.frames.set(subscriptionHeader, frame);
    }
    return frame;
  }
}

/** A live subscription of one connection to one room. */
export interface RoomSubscriber {
  readonly roomId: number;
  readonly memberId: number;
  /** Sends the message's MESSAGE frame for this subscription. */
  deliver(message: RoomMessage): void;
  /** Membership ended: the subscription is dropped. */
  revoked(): void;
}

/** What the hub and its STOMP sessions report to the metrics (src/metrics/metrics.ts). */
export interface ChatMetrics {
  /** A member's message was stored and is being broadcast. */
  chatMessageReceived(): void;
  /** One message went out to `count` subscribers of this instance. */
  chatMessagesDelivered(count: number): void;
  /** A SEND handled `seconds` ago has reached every subscriber of this instance. */
  observeFanoutTime(seconds: number): void;
  /** A refusal by a rate limit (`chat`: a SEND over the connection's rate). */
  rateLimitRefused(scope: string): void;
}

/**
 * Local room registry plus the fan-out: a published message reaches the subscribers of every
 * instance through `fanout`, which calls back `dispatch` here.
 */
export class ChatHub {
  private readonly rooms = new Map<number, Set<RoomSubscriber>>();
  private readonly memberGoneListeners = new Set<(memberId: number) => void>();
  /** message-id prefix of this instance; with `delivered`, unique across instances and restarts. */
  private readonly instanceTag = randomBytes(4).toString('hex');
  private delivered = 0;

  constructor(
    readonly fanout: Fanout,
    private readonly log: FastifyBaseLogger,
    readonly metrics?: ChatMetrics,
  ) {}

  /** Room subscriptions on this instance (for the metrics). */
  get subscriptions(): number {
    let count = 0;
    for (const set of this.rooms.values()) count += set.size;
    return count;
  }

  /** Also told of every event (the live streams of src/live, `session-gone` in app.ts and chat). */
  private readonly listeners = new Set<FanoutHandler>();

  /** Tells `listener` every event from now on; returns the unregister function. */
  addListener(listener: FanoutHandler): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): Promise<void> {
    return this.fanout.start((event) => {
      this.dispatch(event);
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch (error) {
          this.log.warn({ err: error, type: event.type }, 'fan-out listener failed');
        }
      }
    });
  }

  add(subscriber: RoomSubscriber): void {
    let set = this.rooms.get(subscriber.roomId);
    if (!set) {
      set = new Set();
      this.rooms.set(subscriber.roomId, set);
    }
    set.add(subscriber);
  }

  remove(subscriber: RoomSubscriber): void {
    const set = this.rooms.get(subscriber.roomId);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) this.rooms.delete(subscriber.roomId);
  }

  /**
   * Broadcasts a stored message to the room on every instance. `receivedAt` (performance.now())
   * is when its SEND reached this instance: the room's subscribers here have been written to when
   * the fan-out's publish returns, which is the fan-out time (chat_fanout_seconds).
   */
  publish(roomId: number, message: ChatMessage, receivedAt?: number): Promise<void> {
    this.metrics?.chatMessageReceived();
    const published = this.fanout.publish({
      type: 'message',
      roomId,
      body: JSON.stringify(chatBroadcast(message)),
    });
    if (receivedAt !== undefined) {
      this.metrics?.observeFanoutTime((performance.now() - receivedAt) / 1000);
    }
    return published;
  }

  /** Ends live subscriptions after a member left (`null`: the room is gone). */
  revoke(roomId: number, memberId: number | null): Promise<void> {
    return this.fanout.publish({ type: 'revoke', roomId, memberId });
  }

  /**
   * Tells every instance that the member's account is gone (after the deletion committed): each
   * calls its `onMemberGone` listeners (forget the cached member, close their chat connections).
   */
  memberGone(memberId: number): Promise<void> {
    return this.fanout.publish({ type: 'member-gone', memberId });
  }

  /** Registers a listener for `memberGone` on any instance; returns the unregister function. */
  onMemberGone(listener: (memberId: number) => void): () => void {
    this.memberGoneListeners.add(listener);
    return () => this.memberGoneListeners.delete(listener);
  }

  /**
   * Tells every instance that one session of the member ended (its refresh family was revoked):
   * each tells its `addListener` listeners (refuse its tokens, close its connections and streams).
   */
  sessionGone(memberId: number, sessionId: string): Promise<void> {
    return this.fanout.publish({ type: 'session-gone', memberId, sessionId });
  }

  private dispatch(event: FanoutEvent): void {
    if (event.type === 'member-gone') {
      for (const listener of this.memberGoneListeners) {
        try {
          listener(event.memberId);
        } catch (error) {
          this.log.warn({ err: error }, 'member-gone listener failed');
        }
      }
      return;
    }
    if (event.type !== 'message' && event.type !== 'revoke') return;
    const set = this.rooms.get(event.roomId);
    if (!set) return;
    if (event.type === 'message') {
      // Encoded once per message (and subscription id), not once per member.
      this.delivered += 1;
      const message = new RoomMessage(
        `${this.instanceTag}-${this.delivered}`,
        messageFrameTail(event.roomId, event.body),
      );
      for (const subscriber of set) {
        try {
          subscriber.deliver(message);
        } catch (error) {
          this.log.warn({ err: error }, 'chat delivery failed');
        }
      }
      this.metrics?.chatMessagesDelivered(set.size);
      return;
    }
    for (const subscriber of [...set]) {
      if (event.memberId === null || subscriber.memberId === event.memberId) {
        set.delete(subscriber);
        subscriber.revoked();
      }
    }
    if (set.size === 0) this.rooms.delete(event.roomId);
  }

  close(): Promise<void> {
    this.rooms.clear();
    this.memberGoneListeners.clear();
    this.listeners.clear();
    return this.fanout.close();
  }
}
