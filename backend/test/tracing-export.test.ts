import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { TEST_JWT_SECRET } from './helpers/app';
import { delay, until } from './helpers/wait';

// The backend as `npm start` runs it (src/main.ts in its own process), with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at a local OTLP receiver: its spans arrive at /v1/traces,
// over protobuf (the default) and JSON, under the configured service name, and its log lines
// carry the trace id that the request's traceparent named.

const backendDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Receiver {
  url: string;
  posts: { path: string; contentType: string; body: Buffer }[];
  close(): Promise<void>;
}

/** A minimal OTLP/HTTP receiver: keeps every POST, answers 200 with an empty body. */
async function startReceiver(): Promise<Receiver> {
  const posts: Receiver['posts'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      posts.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type']),
        body: Buffer.concat(chunks),
      });
      const json = String(req.headers['content-type']).includes('json');
      res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
      res.end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Backend {
  url: string;
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stop(): Promise<number | null>;
}

async function startBackend(env: Record<string, string>): Promise<Backend> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eh-tracing-export-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: backendDir,
    env: {
      PATH: process.env.PATH,
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
      MIGRATE_ON_START: 'true',
      LOG_LEVEL: 'info',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    let newline;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`backend exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('backend did not start');
    await delay(100);
  }
  return {
    url,
    child,
    lines,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const TRACEPARENT = `00-${TRACE_ID}-b7ad6b7169203331-01`;

describe('OTLP export of the backend', () => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  for (const protocol of ['http/protobuf', 'http/json'] as const) {
    it(`sends the request's spans to /v1/traces over ${protocol}, and logs their trace id`, async () => {
      receiver.posts.length = 0;
      const serviceName = protocol === 'http/json' ? 'backend-under-test' : undefined;
      const backend = await startBackend({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
        ...(serviceName ? { OTEL_SERVICE_NAME: serviceName } : {}),
      });
      let code: number | null;
      try {
        const url = `/api/login/check?export=${protocol}`;
        const response = await fetch(`${backend.url}${url}`, {
          headers: { traceparent: TRACEPARENT },
        });
        assert.equal(response.status, 200);
        await response.arrayBuffer();
        const traceBytes = Buffer.from(TRACE_ID, 'hex');
        const carries = (body: Buffer) =>
          protocol === 'http/json'
            ? body.toString('utf8').includes(TRACE_ID)
            : body.includes(traceBytes);
        await until(() => receiver.posts.some((post) => carries(post.body)), 'span export', 15_000);
        const post = receiver.posts.find((p) => carries(p.body))!;
        assert.equal(post.path, '/v1/traces');
        assert.match(
          post.contentType,
          protocol === 'http/json' ? /application\/json/ : /application\/x-protobuf/,
        );
        assert.ok(post.body.includes(serviceName ?? 'everyhealth-backend'), 'service.name');
        if (protocol === 'http/json') {
          const spans = JSON.parse(post.body.toString('utf8')).resourceSpans.flatMap(
            (r: { scopeSpans: { spans: { traceId: string; name: string }[] }[] }) =>
              r.scopeSpans.flatMap((s) => s.spans),
          );
          assert.ok(
            spans.some(
              (s: { traceId: string; name: string }) =>
                s.traceId === TRACE_ID && s.name === 'GET /api/login/check',
            ),
          );
        }
        const incoming = backend.lines.find(
          (line) => (line.req as { url?: string } | undefined)?.url === url,
        );
        assert.equal(incoming?.trace_id, TRACE_ID);
        assert.match(String(incoming?.span_id), /^[0-9a-f]{16}$/);
      } finally {
        code = await backend.stop();
      }
      assert.equal(code, 0, 'a clean stop after flushing the spans');
    });
  }
});
