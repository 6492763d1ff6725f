import { createRequire } from 'node:module';

// sockjs's own JSON quoting (JSON.stringify plus \u escapes for characters some browsers mangle),
// so that a frame written here is byte for byte what sockjs itself would have sent.
const sockjsUtils = createRequire(import.meta.url)('sockjs/lib/utils') as {
  quote(text: string): string;
};

/**
 * One STOMP frame that many connections receive unchanged (a room message for one subscription
 * id), with its SockJS-over-WebSocket wire bytes computed at most once. A fan-out to 200 members
 * otherwise quotes, frames and converts the same text 200 times.
 */
export class SharedFrame {
  private wire: Buffer | undefined;

  constructor(readonly text: string) {}

  /**
   * The WebSocket text message `a["<frame>"]` as one unmasked, unfragmented RFC 6455 frame: what
   * sockjs's WebSocket transport writes for one message.
   */
  webSocketBytes(): Buffer {
    if (this.wire) return this.wire;
    const payload = Buffer.from(`a[${sockjsUtils.quote(this.text)}]`, 'utf8');
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
    this.wire = wire;
    return wire;
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
      connection?: { writable?: boolean; write(data: Buffer): boolean };
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
