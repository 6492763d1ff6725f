import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import { type RawData, WebSocket, WebSocketServer } from 'ws';

import type { ChatConnection } from './connection';
import type { SharedFrame } from './shared-frame';

/**
 * The native endpoint: STOMP frames straight over a WebSocket, one frame per text message, no
 * SockJS framing. The same path sockjs-node served its "raw WebSocket" at, with the same wire, so
 * clients of that endpoint see no change; `ws` serves it now (it is several times cheaper per
 * message than sockjs's faye-websocket, and lets a room's frame go out as one precomputed buffer).
 */
export const NATIVE_WEBSOCKET_PATH = /^\/chat\/websocket\/?$/;

/**
 * Largest message taken from a client. A STOMP frame may be 64 KiB (the decoder's limit, which
 * answers a bigger frame with an ERROR `frame too large`, as the SockJS raw endpoint this one
 * replaced did); past four times that `ws` closes the socket with 1009 before buffering more (its
 * own default is 100 MiB). Four, so that the floods the decoder itself refuses (100 frames per
 * message, a frame of 20,000 headers) still get their ERROR, and heart-beats their room.
 */
export const NATIVE_MAX_PAYLOAD = 256 * 1024;

/** The STOMP subprotocols stompjs offers (`v12.stomp`, …): one is chosen when offered. */
const STOMP_PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

/** Accepts authorised upgrades on the native path (the caller has checked origin and member). */
export class NativeWebSocketEndpoint {
  private readonly server = new WebSocketServer({
    noServer: true,
    // Compression would cost a deflate per connection per message (a room's frame could no longer
    // be shared), for short JSON messages.
    perMessageDeflate: false,
    maxPayload: NATIVE_MAX_PAYLOAD,
    clientTracking: false,
    handleProtocols: (offered) => STOMP_PROTOCOLS.find((name) => offered.has(name)) ?? false,
  });

  /** Completes the handshake (ws answers a malformed one with 400) and hands on the connection. */
  accept(
    req: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    opened: (connection: ChatConnection) => void,
  ): void {
    this.server.handleUpgrade(req, socket, head, (ws) => opened(nativeConnection(ws)));
  }
}

/** The parts of ws 8's WebSocket that writeNativeShared reads (not its public API). */
interface WsInternals {
  _socket?: { writable?: boolean; write(data: Buffer): boolean } | null;
  _sender?: { _state?: number; _queue?: unknown[] } | null;
}

/**
 * Writes a shared frame's precomputed bytes straight to the socket: one write of one buffer per
 * connection, nothing framed per member. Allowed when ws's sender holds nothing back (it queues
 * only while compressing or reading a Blob, neither of which happens here); otherwise, or should
 * ws's internals differ, `ws.send` frames it as usual. ws is pinned in package-lock.json, and
 * backend/test/shared-frame.test.ts checks the bytes against a ws client.
 */
function writeNativeShared(ws: WebSocket, frame: SharedFrame): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  const { _socket: socket, _sender: sender } = ws as unknown as WsInternals;
  if (socket?.writable && sender?._state === 0 && sender._queue?.length === 0) {
    socket.write(frame.nativeBytes());
    return;
  }
  ws.send(frame.text);
}

/** A ws connection as a ChatConnection. */
export function nativeConnection(ws: WebSocket): ChatConnection {
  // ws reports protocol errors (bad UTF-8, oversized or malformed frames) as 'error' and then
  // closes the socket itself (1007, 1009, 1002); unhandled, the event would crash the process.
  ws.on('error', () => undefined);
  return {
    transport: 'native',
    write: (text) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
    },
    writeShared: (frame) => writeNativeShared(ws, frame),
    unsentBytes: () => ws.bufferedAmount,
    close: (reason) => (reason ? ws.close(reason.code, reason.reason) : ws.close()),
    abort: (reason) => {
      // The close frame would wait behind the unread bytes: send it, then drop the socket.
      ws.close(reason.code, reason.reason);
      ws.terminate();
    },
    onData: (listener) =>
      void ws.on('message', (data: RawData) =>
        // Text and binary messages both arrive as Buffers; the STOMP decoder checks UTF-8.
        listener(
          Buffer.isBuffer(data)
            ? data
            : Array.isArray(data)
              ? Buffer.concat(data)
              : Buffer.from(data),
        ),
      ),
    onClose: (listener) => void ws.on('close', () => listener()),
  };
}
