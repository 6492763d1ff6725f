import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 in front of a server (PostgreSQL, Redis): a backend pointed at the
 * relay loses its server when the relay stops (the listener closes and every open connection is
 * cut, as when the server goes down) and finds it again when the relay starts once more on the
 * same port, without the real server being touched (the machine's servers are shared).
 */
export class TcpRelay {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Starts listening (on a free port the first time, on the same port afterwards). */
  async start(): Promise<number> {
    const server = createServer((inbound) => {
      const outbound = createConnection({ host: this.targetHost, port: this.targetPort });
      for (const socket of [inbound, outbound]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          inbound.destroy();
          outbound.destroy();
        });
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.address() as { port: number }).port;
    return this.port;
  }

  /** Closes the listener (new connections are refused) and cuts every open connection. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string {
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(this.port);
    return relayed.href;
  }
}
