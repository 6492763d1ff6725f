import { createRequire } from 'node:module';

// sockjs's own JSON quoting (JSON.stringify plus \u escapes for characters some browsers mangle),
// so that a frame written here is byte for byte what sockjs itself would have sent.
const sockjsUtils = createRequire(import.meta.url)('sockjs/lib/utils') as {
  quote(text: string): string;
};

/**
 * One RFC 6455 text message as a single unmasked, unfragmented frame (what a server sends):
 * header and payload in one buffer, so each connection gets one socket write.
 */
export function webSocketTextFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81; // FIN, text
  if (length < 126) {
    wire[1] = length;
  } else if (length < 65_536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(wire, headerLength);
  return wire;
}

/**
 * One STOMP frame that many connections receive unchanged (a room message for one subscription
 * id), with its wire bytes computed at most once per transport. A fan-out to 1,000 members
 * otherwise quotes, frames and converts the same text 1,000 times.
 */
export class SharedFrame {
  private sockjsWire: Buffer | undefined;
  private nativeWire: Buffer | undefined;

  constructor(readonly text: string) {}

  /**
   * The WebSocket text message `a["<frame>"]` as one unmasked, unfragmented RFC 6455 frame: what
   * sockjs's WebSocket transport writes for one message.
   */
  webSocketBytes(): Buffer {
    this.sockjsWire ??= webSocketTextFrame(
      Buffer.from(`a[${sockjsUtils.quote(this.text)}]`, 'utf8'),
    );
    return this.sockjsWire;
  }

  /** The bare STOMP frame as one WebSocket text frame: the native endpoint's wire bytes. */
  nativeBytes(): Buffer {
    this.nativeWire ??= webSocketTextFrame(Buffer.from(this.text, 'utf8'));
    return this.nativeWire;
  }
}

/** The parts of sockjs 0.3's session this module reads (not its public API; see writeShared). */
interface SockjsInternals {
  _session?: {
    readyState?: number;
    send_buffer?: unknown[];
    recv?: {
      protocol?: string;
      ws?: { readyState?: number };
      /** WebSocket transports: the TCP socket (faye-websocket writes each frame straight to it). */
      connection?: {
        writable?: boolean;
        writableLength?: number;
        write(data: Buffer): boolean;
        destroy?(): void;
      } | null;
      /** Streaming and polling transports: the open HTTP response. */
      response?: { writableLength?: number; destroy?(): void } | null;
    } | null;
  };
}

const OPEN = 1;

/**
 * Writes a shared frame to a SockJS connection. On the WebSocket transport with nothing queued,
 * the precomputed bytes go straight to the socket: the same bytes sockjs and faye-websocket would
 * write, minus their per-connection work. Any other state (polling transports, raw WebSocket,
 * a queue, a closing socket, or a sockjs whose internals differ) goes through `conn.write` as
 * usual. sockjs is pinned in package-lock.json; backend/test/chat.test.ts covers both paths.
 */
export function writeShared(conn: { write(text: string): unknown }, frame: SharedFrame): void {
  const session = (conn as SockjsInternals)._session;
  const receiver = session?.recv;
  const socket = receiver?.connection;
  if (
    session?.readyState === OPEN &&
    session.send_buffer?.length === 0 &&
    receiver?.protocol === 'websocket' &&
    receiver.ws?.readyState === OPEN &&
    socket?.writable
  ) {
    socket.write(frame.webSocketBytes());
    return;
  }
  conn.write(frame.text);
}

/** Bytes of sockjs's session queue counted so far (the queue array is replaced on each flush). */
const queueCounts = new WeakMap<object, { queue: unknown[]; counted: number; bytes: number }>();

/**
 * Bytes written to a SockJS connection and not yet handed to the kernel: messages queued in the
 * sockjs session while no request is attached (polling transports between polls), plus what the
 * attached transport's socket or HTTP response still buffers (`writableLength`; faye-websocket and
 * writeShared write to the socket without a queue of their own). sockjs JSON-quotes queued
 * messages on the way out, so those count as their UTF-8 length, a little under the wire's.
 */
export function unsentBytes(conn: object): number {
  const session = (conn as SockjsInternals)._session;
  if (!session) return 0;
  let bytes = 0;
  const queue = session.send_buffer;
  if (queue && queue.length > 0) {
    let count = queueCounts.get(conn);
    if (!count || count.queue !== queue || count.counted > queue.length) {
      count = { queue, counted: 0, bytes: 0 };
      queueCounts.set(conn, count);
    }
    for (; count.counted < queue.length; count.counted++) {
      count.bytes += Buffer.byteLength(String(queue[count.counted]));
    }
    bytes += count.bytes;
  }
  const receiver = session.recv;
  if (receiver) {
    bytes += receiver.connection?.writableLength ?? receiver.response?.writableLength ?? 0;
  }
  return bytes;
}

/**
 * Ends a SockJS connection at once, its unsent bytes dropped: `conn.close(code, reason)` for the
 * session (its close frame reaches a client that polls again), then the socket or response under
 * it destroyed, since a client that stopped reading would otherwise hold them until TCP gives up.
 */
export function abortConnection(
  conn: object,
  { code, reason }: { code: number; reason: string },
): void {
  const session = (conn as SockjsInternals)._session;
  const receiver = session?.recv;
  const target = receiver?.connection ?? receiver?.response;
  if (session?.send_buffer) session.send_buffer.length = 0;
  (conn as { close(code: number, reason: string): unknown }).close(code, reason);
  target?.destroy?.();
}
