import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helpers for lib/bff: a real HTTP stub upstream and unsigned JWTs. Not used at runtime. */

export type StubHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export interface StubUpstream {
  url: string;
  server: Server;
  /** Requests received, by "METHOD path". */
  calls: string[];
  count(methodAndPath: string): number;
  setHandler(handler: StubHandler): void;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1:0 that records every request and delegates to `handler`. */
export async function startStub(handler: StubHandler): Promise<StubUpstream> {
  let current = handler;
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    Promise.resolve(current(req, res)).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    calls,
    count: (methodAndPath) => calls.filter((call) => call === methodAndPath).length,
    setHandler: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a request body whole (in the stub only). */
export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An unsigned JWT with the given claims (the BFF never verifies signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS512' })}.${part(claims)}.c2lnbmF0dXJl`;
}

/** An access token expiring `secondsFromNow` from now (negative: already expired). */
export function accessJwt(secondsFromNow: number, id = 1): string {
  const now = Math.floor(Date.now() / 1000);
  return makeJwt({
    id,
    name: 'tester',
    authorities: 'USER',
    tokenType: 'access',
    iat: now - 60,
    exp: now + secondsFromNow,
  });
}

/** Paths proxy.ts must run for (pages) and must leave alone (BFF, SockJS, static, Next). */
export const PAGE_PATHS = [
  '/',
  '/login',
  '/post',
  '/post/upload',
  '/exercise',
  '/friendProfile/3',
  '/club/create',
  '/chat/12',
  '/chat/7',
  '/chat/abc',
  '/chatroom',
];
/** SockJS under /chat: not pages; proxy.ts sends them on to the backend. */
export const SOCKJS_PATHS = [
  '/chat/info',
  '/chat/websocket',
  '/chat/123/abcdefgh/websocket',
  '/chat/123/abcdefgh/xhr_streaming',
  '/chat/123/abcdefgh/xhr_send',
];
export const NON_PAGE_PATHS = [
  '/api/login/check',
  '/api',
  '/oauth2/authorization/google',
  '/login/oauth2/code/google',
  '/healthz',
  '/readyz',
  '/metrics',
  '/_not-found',
  '/chat',
  '/chat/iframe.html',
  '/chat/iframe-1.6.1.html',
  '/chat/12/x',
  ...SOCKJS_PATHS,
  '/_next/static/chunks/main.js',
  '/_next/image',
  '/favicon.ico',
  '/robots.txt',
  '/images/logo.png',
];
