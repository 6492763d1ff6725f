import type { FastifyBaseLogger } from 'fastify';

import { chatBroadcastSchema } from '@/lib/contract/chat';
import { type ChatLiveEvent, LIVE_EVENT, type LiveEventData } from '@/lib/contract/live';

import type { Fanout, FanoutEvent } from '../chat/fanout/fanout';
import { lastMessageOf } from './last-message';

/** One member's open event stream on this instance. */
export interface LiveStream {
  readonly memberId: number;
  /** The session (refresh family) whose access token opened it; null for a token without one. */
  readonly sessionId?: string | null;
  /** The rooms whose messages this stream is told of (the member's clubs' rooms). */
  readonly rooms: Set<number>;
  /** Writes one whole SSE frame (a connection too far behind is closed instead). */
  send(frame: string): void;
  /** Ends the stream (it detaches itself); `reason` goes out first as an SSE comment line. */
  close(reason?: string): void;
}

/** Why a member's oldest stream was ended (an SSE comment: clients ignore it, people can read it). */
export const TOO_MANY_STREAMS_REASON = 'closed: too many live streams of this member';

const DEFAULT_MAX_STREAMS_PER_MEMBER = 10;

/** One SSE frame (an event name and its JSON data, which never holds a newline). */
export function sseFrame(name: string, data: string): string {
  return `event: ${name}\ndata: ${data}\n\n`;
}

/**
 * The members' live streams on this instance, and the way to reach them on every instance: events
 * go through the chat fan-out (in-process, or Redis between instances), so a message stored on one
 * instance updates the unread counts of members whose stream is open on another.
 */
export class LiveHub {
  private readonly byMember = new Map<number, Set<LiveStream>>();
  private readonly byRoom = new Map<number, Set<LiveStream>>();

  constructor(
    private readonly fanout: Fanout,
    private readonly log: FastifyBaseLogger,
    /** Streams per member on this instance; attaching one more ends the member's oldest. */
    private readonly limits: { maxStreamsPerMember?: number } = {},
  ) {}

  /** Streams open on this instance (for tests and metrics). */
  get size(): number {
    let count = 0;
    for (const set of this.byMember.values()) count += set.size;
    return count;
  }

  attach(stream: LiveStream): void {
    addTo(this.byMember, stream.memberId, stream);
    for (const roomId of stream.rooms) addTo(this.byRoom, roomId, stream);
    const mine = this.byMember.get(stream.memberId)!;
    const max = this.limits.maxStreamsPerMember ?? DEFAULT_MAX_STREAMS_PER_MEMBER;
    // A Set iterates in insertion order: the first is the member's oldest stream.
    for (const oldest of mine) {
      if (mine.size <= max) break;
      if (oldest === stream) continue;
      this.log.info({ memberId: stream.memberId }, 'live stream closed: too many of the member');
      oldest.close(TOO_MANY_STREAMS_REASON);
      // Detached by its close; a stream that failed to must not count any longer either.
      this.detach(oldest);
    }
  }

  detach(stream: LiveStream): void {
    removeFrom(this.byMember, stream.memberId, stream);
    for (const roomId of stream.rooms) removeFrom(this.byRoom, roomId, stream);
  }

  /** Ends every stream of this instance (shutting down: clients reconnect to another). */
  closeAll(): void {
    for (const set of [...this.byMember.values()]) for (const stream of [...set]) stream.close();
  }

  /** Sends an event to these members' streams on every instance. */
  sendToMembers<N extends keyof LiveEventData>(
    memberIds: readonly number[],
    name: N,
    data: LiveEventData[N],
  ): Promise<void> {
    if (memberIds.length === 0) return Promise.resolve();
    return this.fanout.publish({
      type: 'member',
      memberIds: [...memberIds],
      name,
      data: JSON.stringify(data),
    });
  }

  /** The member joined the room's club: their streams (every instance) follow the room. */
  roomJoined(roomId: number, memberId: number): Promise<void> {
    return this.fanout.publish({ type: 'join', roomId, memberId });
  }

  /** Called with every fan-out event of this instance (ChatHub.addListener). */
  readonly dispatch = (event: FanoutEvent): void => {
    switch (event.type) {
      case 'message':
        return this.deliverMessage(event.roomId, event.body);
      case 'join':
        return this.follow(event.roomId, event.memberId);
      case 'revoke':
        return this.unfollow(event.roomId, event.memberId);
      case 'member-gone':
        // The account was deleted: its streams end (and would be refused on reconnecting).
        for (const stream of [...(this.byMember.get(event.memberId) ?? [])]) stream.close();
        return;
      case 'session-gone':
        // One session ended (logout, reuse revocation): its streams end (a reconnect is refused);
        // the member's other sessions keep theirs.
        for (const stream of [...(this.byMember.get(event.memberId) ?? [])]) {
          if (stream.sessionId === event.sessionId) stream.close();
        }
        return;
      case 'member': {
        const frame = sseFrame(event.name, event.data);
        for (const memberId of event.memberIds) {
          for (const stream of this.byMember.get(memberId) ?? []) this.write(stream, frame);
        }
      }
    }
  };

  private deliverMessage(roomId: number, body: string): void {
    const streams = this.byRoom.get(roomId);
    if (!streams) return;
    const parsed = chatBroadcastSchema.safeParse(JSON.parse(body));
    if (!parsed.success) return;
    const data: ChatLiveEvent = { roomId, lastMessage: lastMessageOf(parsed.data.body) };
    // Encoded once per message, whatever the number of streams.
    const frame = sseFrame(LIVE_EVENT.chat, JSON.stringify(data));
    for (const stream of streams) this.write(stream, frame);
  }

  private follow(roomId: number, memberId: number): void {
    const frame = sseFrame(LIVE_EVENT.rooms, '{}');
    for (const stream of this.byMember.get(memberId) ?? []) {
      if (!stream.rooms.has(roomId)) {
        stream.rooms.add(roomId);
        addTo(this.byRoom, roomId, stream);
      }
      this.write(stream, frame);
    }
  }

  private unfollow(roomId: number, memberId: number | null): void {
    const frame = sseFrame(LIVE_EVENT.rooms, '{}');
    for (const stream of [...(this.byRoom.get(roomId) ?? [])]) {
      if (memberId !== null && stream.memberId !== memberId) continue;
      stream.rooms.delete(roomId);
      removeFrom(this.byRoom, roomId, stream);
      this.write(stream, frame);
    }
  }

  private write(stream: LiveStream, frame: string): void {
    try {
      stream.send(frame);
    } catch (error) {
      this.log.warn({ err: error }, 'live event delivery failed');
    }
  }
}

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(stream);
}

function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}
