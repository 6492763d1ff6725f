/**
 * The part of `ws` 8 the backend uses (the package ships no types and @types/ws is not installed;
 * see README, chat). Kept to what src/chat/native-websocket.ts calls.
 */
declare module 'ws' {
  import type { EventEmitter } from 'node:events';
  import type { IncomingMessage } from 'node:http';
  import type { Duplex } from 'node:stream';

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    static readonly CONNECTING: 0;
    static readonly OPEN: 1;
    static readonly CLOSING: 2;
    static readonly CLOSED: 3;
    readonly readyState: 0 | 1 | 2 | 3;
    readonly bufferedAmount: number;
    readonly protocol: string;
    constructor(
      url: string,
      protocols?: string | string[],
      options?: { headers?: Record<string, string> },
    );
    send(data: string | Buffer, callback?: (error?: Error) => void): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: 'close', listener: (code: number, reason: Buffer) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'open', listener: () => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export interface ServerOptions {
    noServer?: boolean;
    perMessageDeflate?: boolean;
    maxPayload?: number;
    clientTracking?: boolean;
    handleProtocols?: (protocols: Set<string>, request: IncomingMessage) => string | false;
  }

  export class WebSocketServer extends EventEmitter {
    constructor(options: ServerOptions);
    handleUpgrade(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      callback: (client: WebSocket, request: IncomingMessage) => void,
    ): void;
    close(callback?: (error?: Error) => void): void;
  }

  export default WebSocket;
}
