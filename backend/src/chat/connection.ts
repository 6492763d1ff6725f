import type sockjs from 'sockjs';

import { abortConnection, type SharedFrame, unsentBytes, writeShared } from './shared-frame';

/** A close code and reason (4000–4999 are the application's). */
export interface CloseReason {
  code: number;
  reason: string;
}

/**
 * One open chat connection, whatever carries it: a SockJS session (sockjs-server.ts) or a native
 * WebSocket (native-websocket.ts). ChatServer runs the STOMP session, the limits and the
 * authentication on this, so both transports get the same rules from the same code.
 */
export interface ChatConnection {
  readonly transport: 'sockjs' | 'native';
  /** One STOMP frame (or heart-beat) as one message. */
  write(text: string): void;
  /** A frame many connections receive unchanged: its precomputed bytes where possible. */
  writeShared(frame: SharedFrame): void;
  /** Bytes written and not yet handed to the kernel (the slow-consumer check). */
  unsentBytes(): number;
  /** Closes after what is queued (the close frame carries the code). */
  close(reason?: CloseReason): void;
  /** Closes at once, unsent bytes dropped (a client that stopped reading). */
  abort(reason: CloseReason): void;
  /** Each message the client sent: a string, a Buffer, or (SockJS) any JSON value. */
  onData(listener: (data: unknown) => void): void;
  onClose(listener: () => void): void;
}

/** A SockJS connection as a ChatConnection (the precomputed-bytes path is shared-frame.ts's). */
export function sockjsConnection(conn: sockjs.Connection): ChatConnection {
  return {
    transport: 'sockjs',
    write: (text) => void conn.write(text),
    writeShared: (frame) => writeShared(conn, frame),
    unsentBytes: () => unsentBytes(conn),
    close: (reason) => {
      if (!reason) conn.close();
      // A number, as the SockJS close frame carries it (`c[4002,"…"]`; @types/sockjs says string,
      // which clients would then see as "4002").
      else
        (conn as unknown as { close(code: number, reason: string): void }).close(
          reason.code,
          reason.reason,
        );
    },
    abort: (reason) => abortConnection(conn, reason),
    onData: (listener) => void conn.on('data', listener),
    onClose: (listener) => void conn.on('close', listener),
  };
}
