import 'server-only';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';

/**
 * The one HTTP client of the BFF towards BACKEND_URL: node:http with a keep-alive agent.
 * Measured here, Node 20's fetch (undici) costs about 4× the CPU of http.request per proxied
 * request, which alone would put the proxy well under its budget (bench/proxy). Bodies stream
 * both ways; nothing is buffered whole.
 */

const AGENT_KEY = Symbol.for('everyhealth.bff.agents');
type Agents = { http: http.Agent; https: https.Agent };
const globalAgents = globalThis as typeof globalThis & { [AGENT_KEY]?: Agents };
const agents: Agents = (globalAgents[AGENT_KEY] ??= {
  http: new http.Agent({ keepAlive: true, keepAliveMsecs: 10_000, scheduling: 'lifo' }),
  https: new https.Agent({ keepAlive: true, keepAliveMsecs: 10_000, scheduling: 'lifo' }),
});

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
  /** BACKEND_URL's parts (settings.backend) and the checked path + query to request there. */
  target: { secure: boolean; hostname: string; port: number };
  path: string;
  method: string;
  /** Flat `[name, value, …]` list; must include `host`. */
  headers: string[];
  /** Streamed as it arrives; null for no body. */
  body: ReadableStream<Uint8Array> | null;
  /** Aborts the call (and a response body still streaming). */
  signal?: AbortSignal;
  /** Fail with 'timeout' when the response headers take longer than this. */
  timeoutMs: number;
}

async function pumpBody(
  body: ReadableStream<Uint8Array>,
  request: http.ClientRequest,
): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (request.destroyed) return void reader.cancel().catch(() => undefined);
      if (!request.write(value)) {
        await new Promise<void>((resolve) => {
          const settle = () => {
            request.off('drain', settle);
            request.off('close', settle);
            resolve();
          };
          request.on('drain', settle);
          request.on('close', settle);
        });
      }
    }
    request.end();
  } catch (error) {
    // The browser's body failed (it disconnected): abandon the upstream request too.
    request.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    reader.releaseLock();
  }
}

/** Sends the request; resolves with the response once its headers are in. */
export function sendUpstream(options: UpstreamRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(new UpstreamError('aborted'));
    const { secure, hostname, port } = options.target;
    let failure: UpstreamError | undefined;
    const request = (secure ? https : http).request({
      hostname,
      port,
      path: options.path,
      method: options.method,
      headers: options.headers,
      agent: secure ? agents.https : agents.http,
    });
    // A body longer than its Content-Length would desynchronise the kept-alive connection.
    (request as http.ClientRequest & { strictContentLength?: boolean }).strictContentLength = true;

    const timer = setTimeout(() => {
      failure = new UpstreamError('timeout');
      request.destroy(failure);
    }, options.timeoutMs);
    const onAbort = () => {
      failure ??= new UpstreamError('aborted');
      request.destroy(failure);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    request.once('response', (response) => {
      clearTimeout(timer);
      if (signal) {
        // Keep listening while the body streams; stop once it is done.
        response.once('close', () => signal.removeEventListener('abort', onAbort));
      }
      resolve(response);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      reject(failure ?? new UpstreamError('network', { cause: error }));
    });

    if (options.body) void pumpBody(options.body, request);
    else request.end();
  });
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
        response.once('aborted', () => fail(new UpstreamError('network')));
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
