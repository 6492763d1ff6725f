import 'server-only';

import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

import { type Dispatcher, Pool } from 'undici';

import { recordUpstream, statusClass } from '@/lib/metrics/bff-metrics';

/**
 * The one HTTP client of the BFF towards BACKEND_URL: an undici connection pool per backend
 * origin, kept alive between requests, used through its dispatch interface. Measured here
 * (bench/proxy), undici costs about half the CPU of node:http's `http.request` per proxied call,
 * and Node 20's fetch about 4× that of node:http; the proxy's budget is mostly CPU inside the
 * Next process. Bodies stream both ways; only small declared-length answers are collected
 * (SMALL_BODY_BYTES).
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
  /** Streamed as it arrives, or whole (a body kept for a replay); null for no body. */
  body: ReadableStream<Uint8Array> | Uint8Array | null;
  /** Aborts the call (and a response body still streaming). */
  signal?: AbortSignal;
  /** Fail with 'timeout' when connecting or the response headers take longer than this. */
  timeoutMs: number;
}

/** A body the BFF hands to Next: whole (small, see SMALL_BODY_BYTES) or streaming. */
export type UpstreamBody = Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;

export interface UpstreamResponse {
  status: number;
  /** Lower-case names; `set-cookie` always an array. */
  headers: IncomingHttpHeaders;
  body: UpstreamBody;
  /**
   * A 4xx whose connection failed before its (small) body was complete: the backend refused the
   * request while it was still being sent, and closed the connection. The body is empty.
   */
  interrupted?: boolean;
}

/**
 * Bodies up to this size with a declared Content-Length and no Content-Encoding are collected
 * and handed to Next whole. That is at most a few socket reads, which a stream would deliver as
 * one or two chunks anyway; skipping the stream machinery for them saves about a tenth of the
 * proxy's CPU per call (bench/proxy). Anything longer, chunked or compressed streams.
 */
export const SMALL_BODY_BYTES = 16 * 1024;

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function failure(error: unknown, signal: AbortSignal | undefined): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (signal?.aborted) return new UpstreamError('aborted', { cause: error });
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) {
    return new UpstreamError('timeout', { cause: error });
  }
  return new UpstreamError('network', { cause: error });
}

function smallLength(headers: IncomingHttpHeaders): number | undefined {
  if (headers['content-encoding'] !== undefined) return undefined;
  const declared = headers['content-length'];
  if (declared === undefined) return undefined;
  const length = Number(declared);
  return Number.isSafeInteger(length) && length <= SMALL_BODY_BYTES ? length : undefined;
}

/**
 * One upstream exchange on undici's dispatch interface (no intermediate Node streams): resolves
 * with the status and headers and either the whole small body or a web stream fed straight from
 * the socket, paused while Next is behind.
 */
class UpstreamExchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | undefined;
  private settled = false;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  /** Small-body mode: the chunks so far. */
  private chunks: Buffer[] | undefined;
  private received = 0;
  /** Streaming mode: the web stream's controller while it is open. */
  private stream: ReadableStreamDefaultController<Uint8Array> | undefined;

  constructor(
    private readonly resolve: (response: UpstreamResponse) => void,
    private readonly reject: (error: UpstreamError) => void,
    private readonly signal: AbortSignal | undefined,
  ) {
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  private readonly onAbort = () => {
    this.controller?.abort(new UpstreamError('aborted'));
  };

  private done(): void {
    this.signal?.removeEventListener('abort', this.onAbort);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.signal?.aborted) controller.abort(new UpstreamError('aborted'));
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
  ): void {
    // 1xx (e.g. 103 Early Hints) precede the real answer; they are not forwarded.
    if (status < 200) return;
    const setCookie = headers['set-cookie'] as string | string[] | undefined;
    if (typeof setCookie === 'string') headers['set-cookie'] = [setCookie];
    this.status = status;
    this.headers = headers;
    if (smallLength(headers) !== undefined) {
      this.chunks = [];
      return;
    }
    const body = new ReadableStream<Uint8Array>(
      {
        start: (stream) => {
          this.stream = stream;
        },
        pull: () => {
          if (controller.paused) controller.resume();
        },
        cancel: () => {
          this.stream = undefined;
          controller.abort(new UpstreamError('aborted'));
        },
      },
      { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
    );
    this.settled = true;
    this.resolve({ status, headers, body });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.chunks) {
      this.chunks.push(chunk);
      this.received += chunk.length;
      return;
    }
    const stream = this.stream;
    if (!stream) return;
    stream.enqueue(chunk);
    if ((stream.desiredSize ?? 1) <= 0) controller.pause();
  }

  onResponseEnd(): void {
    this.done();
    if (this.chunks) {
      const { chunks, received } = this;
      const whole = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received);
      this.settled = true;
      this.resolve({
        status: this.status,
        headers: this.headers,
        body: whole as Uint8Array<ArrayBuffer>,
      });
      return;
    }
    this.stream?.close();
    this.stream = undefined;
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.done();
    const reason = failure(error, this.signal);
    if (
      !this.settled &&
      this.chunks &&
      reason.kind !== 'aborted' &&
      this.status >= 400 &&
      this.status < 500
    ) {
      // The refusal's headers arrived: it stands, even though the connection then broke (a
      // backend that stops reading an upload and closes, while the body is still being written).
      this.settled = true;
      const complete = this.received === Number(this.headers['content-length']);
      this.resolve({
        status: this.status,
        headers: this.headers,
        body: (complete
          ? Buffer.concat(this.chunks, this.received)
          : new Uint8Array(0)) as Uint8Array<ArrayBuffer>,
        interrupted: !complete,
      });
      return;
    }
    if (!this.settled) {
      this.settled = true;
      this.reject(reason);
      return;
    }
    // Headers (and maybe part of the body) went out already: the browser sees the body fail.
    this.stream?.error(reason);
    this.stream = undefined;
  }
}

/**
 * Sends the request. Resolves with the answer once its headers are in (a streaming body) or once
 * a small body is complete; fails with UpstreamError. Timed in bff_upstream_duration_seconds.
 */
export function sendUpstream(options: UpstreamRequest): Promise<UpstreamResponse> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(new UpstreamError('aborted'));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const exchange = new UpstreamExchange(
      (response) => {
        recordUpstream(
          'forward',
          statusClass(response.status),
          (performance.now() - started) / 1000,
        );
        resolve(response);
      },
      (error) => {
        recordUpstream('forward', error.kind, (performance.now() - started) / 1000);
        reject(error);
      },
      signal,
    );
    poolFor(options.origin, options.timeoutMs).dispatch(
      {
        origin: options.origin,
        path: options.path,
        method: options.method as Dispatcher.HttpMethod,
        headers: options.headers,
        // Pulled chunk by chunk, with backpressure; a browser that disconnects errors it, and
        // undici then abandons the upstream request too.
        body:
          options.body instanceof Uint8Array
            ? options.body
            : options.body
              ? Readable.fromWeb(options.body as NodeReadableStream<Uint8Array>)
              : null,
        // Redirects are never followed (dispatch has no redirect handling): they go to the
        // browser, or become 401 (forward.ts).
        headersTimeout: options.timeoutMs,
      },
      exchange,
    );
  });
}

/** Reads a body nobody needs to its end, so that its connection can be reused. */
export function discard(body: UpstreamBody): void {
  if (body instanceof ReadableStream) {
    void body.pipeTo(new WritableStream()).catch(() => undefined);
  }
}

/**
 * A Node stream (the decoder forward.ts puts behind a compressed answer) as a web stream, with
 * backpressure: the source is paused while the consumer (Next writing to the browser) is behind.
 * A source that dies mid-body errors the stream.
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
