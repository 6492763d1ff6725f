import 'server-only';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { Pool } from 'undici';

/**
 * The one HTTP client of the BFF towards BACKEND_URL: an undici connection pool per backend
 * origin, kept alive between requests. Measured here (bench/proxy), undici's `Pool.request` costs
 * about half the CPU of node:http's `http.request` per proxied call, and Node 20's fetch about 4×
 * that of node:http; the proxy's budget is mostly CPU inside the Next process. Bodies stream both
 * ways; nothing is buffered whole.
 */

const POOLS_KEY = Symbol.for('everyhealth.bff.upstream-pools');
const globalPools = globalThis as typeof globalThis & { [POOLS_KEY]?: Map<string, Pool> };
// On globalThis so that every route bundle Next builds shares the same kept-alive connections.
const pools: Map<string, Pool> = (globalPools[POOLS_KEY] ??= new Map());

function poolFor(origin: string, timeoutMs: number): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connect: { timeout: timeoutMs },
      keepAliveTimeout: 10_000,
      // No HTTP pipelining: a slow answer must not hold up the requests queued behind it.
      pipelining: 1,
    });
    pools.set(origin, pool);
  }
  return pool;
}

/** Why an upstream call failed: nobody answered in time, the client left, or the network failed. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'aborted' | 'network',
    options?: { cause?: unknown },
  ) {
    super(`upstream ${kind}`, options);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamRequest {
  /** BACKEND_URL's origin (settings.backendOrigin) and the checked path + query to request there. */
  origin: string;
  path: string;
  method: string;
  /** Flat `[name, value, …]` list; must include `host`. */
  headers: string[];
  /** Streamed as it arrives; null for no body. */
  body: ReadableStream<Uint8Array> | null;
  /** Aborts the call (and a response body still streaming). */
  signal?: AbortSignal;
  /** Fail with 'timeout' when connecting or the response headers take longer than this. */
  timeoutMs: number;
}

export interface UpstreamResponse {
  status: number;
  /** Lower-case names; `set-cookie` always an array. */
  headers: IncomingHttpHeaders;
  body: Readable;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** Sends the request; resolves once the response headers are in, the body still streaming. */
export async function sendUpstream(options: UpstreamRequest): Promise<UpstreamResponse> {
  const { signal } = options;
  if (signal?.aborted) throw new UpstreamError('aborted');
  try {
    const response = await poolFor(options.origin, options.timeoutMs).request({
      path: options.path,
      method: options.method as 'GET',
      headers: options.headers,
      // Pulled chunk by chunk, with backpressure; a browser that disconnects errors it, and undici
      // then abandons the upstream request too.
      body: options.body
        ? Readable.fromWeb(options.body as import('node:stream/web').ReadableStream)
        : null,
      signal,
      // Redirects are never followed (undici's request has no redirect handling): they go to the
      // browser, or become 401 (forward.ts).
      headersTimeout: options.timeoutMs,
    });
    const headers = response.headers as IncomingHttpHeaders;
    const setCookie = headers['set-cookie'] as string | string[] | undefined;
    if (typeof setCookie === 'string') headers['set-cookie'] = [setCookie];
    return { status: response.statusCode, headers, body: response.body };
  } catch (error) {
    if (signal?.aborted) throw new UpstreamError('aborted', { cause: error });
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
      throw new UpstreamError('timeout', { cause: error });
    }
    throw new UpstreamError('network', { cause: error });
  }
}

/**
 * Bodies up to this size with a declared Content-Length are handed to Next as one buffer. That is
 * at most one socket read's worth, which a stream would also deliver as a single chunk; skipping
 * the web-stream machinery for it saves about a tenth of the proxy's CPU per call (bench/proxy).
 */
export const SMALL_BODY_BYTES = 16 * 1024;

/** The whole body when it declares a length of at most SMALL_BODY_BYTES, else undefined. */
export async function smallBody(
  response: UpstreamResponse,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = response.headers['content-length'];
  if (declared === undefined) return undefined;
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length > SMALL_BODY_BYTES) return undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk as Buffer);
    received += (chunk as Buffer).length;
  }
  if (received !== length) throw new UpstreamError('network');
  const whole = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
  return whole as Uint8Array<ArrayBuffer>;
}

/**
 * The response body as a web stream, with backpressure: the socket is paused while the consumer
 * (Next writing to the browser) is behind. An upstream that dies mid-body errors the stream.
 */
export function webBody(response: Readable): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (error: unknown) => {
          if (open) controller.error(error);
          open = false;
        };
        response.on('data', (chunk: Buffer) => {
          if (!open) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) response.pause();
        });
        response.once('end', () => {
          if (open) controller.close();
          open = false;
        });
        response.once('error', fail);
        response.once('close', () => {
          if (open && !response.readableEnded) fail(new UpstreamError('network'));
        });
      },
      pull() {
        if (response.isPaused()) response.resume();
      },
      cancel() {
        open = false;
        response.destroy();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}
