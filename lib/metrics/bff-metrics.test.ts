/** @jest-environment node */
import { createServer } from 'node:net';

import { GET, POST } from '@/lib/bff';
import { backendGet } from '@/lib/bff/backend-get';
import { readinessResponse } from '@/lib/bff/readiness';
import { resetRefreshFlights } from '@/lib/bff/refresh';
import { accessJwt, startStub, type StubUpstream } from '@/lib/bff/test-utils';
import { declaredNames, parseSamples, type Sample, valueOf } from '@/testing/prometheus-samples';

import { resetMetrics } from './bff-metrics';
import { metricsResponse } from './endpoint';
import { bffRouteOf } from './measure-bff';

const APP = 'http://localhost:3000';
const TOKEN = 'next-metrics-token-0123456789';
let stub: StubUpstream;
const savedEnv = { ...process.env };

beforeAll(async () => {
  stub = await startStub((req, res) => {
    const cookie = req.headers.cookie ?? '';
    if (req.url === '/api/token/refresh') {
      if (cookie.includes('refresh_token=good')) {
        res.writeHead(200, {
          'set-cookie': [
            `access_token=${accessJwt(1800)}; Path=/; HttpOnly`,
            'refresh_token=next; Path=/api/token/refresh; HttpOnly',
          ],
        });
        return res.end('ok');
      }
      res.writeHead(401);
      return res.end();
    }
    if (req.url === '/readyz') {
      res.writeHead(stub.count('GET /readyz') === 1 ? 200 : 503, {
        'content-type': 'application/json',
      });
      return res.end('{}');
    }
    if (req.url?.startsWith('/api/missing')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"code":"404"}');
    }
    if (req.url === '/api/slow') return undefined; // never answers
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
beforeEach(() => {
  process.env.BACKEND_URL = stub.url;
  process.env.PUBLIC_URL = APP;
  process.env.METRICS_TOKEN = TOKEN;
  delete process.env.BFF_UPSTREAM_TIMEOUT_MS;
  stub.calls.length = 0;
  resetRefreshFlights();
  resetMetrics();
});
afterAll(async () => {
  process.env = savedEnv;
  await stub.close();
});

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const response = await metricsResponse(
    new Request(`${APP}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, samples: parseSamples(text) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe('the BFF in the Next server metrics', () => {
  it('counts requests by route pattern and status, upstream calls by class, and refreshes by outcome', async () => {
    expect((await GET(new Request(`${APP}/api/member/exercises?secret=1`))).status).toBe(200);
    expect(
      (await POST(new Request(`${APP}/api/post`, { method: 'POST', body: '{}' }))).status,
    ).toBe(201);
    expect((await GET(new Request(`${APP}/api/missing/7`))).status).toBe(404);
    expect((await GET(new Request(`${APP}/oauth2/authorization/google`))).status).toBe(200);
    expect((await GET(new Request(`${APP}/login/oauth2/code/google?code=x`))).status).toBe(200);
    // An expired access token with a good refresh token, then with a refused one.
    const refreshed = await GET(
      new Request(`${APP}/api/member/exercises`, {
        headers: { cookie: `access_token=${accessJwt(-60)}; refresh_token=good` },
      }),
    );
    expect(refreshed.status).toBe(200);
    await GET(
      new Request(`${APP}/api/member/exercises`, {
        headers: { cookie: `access_token=${accessJwt(-60)}; refresh_token=bad` },
      }),
    );
    // A server component's read.
    expect((await backendGet('/api/member/exercises', '')).status).toBe(200);
    // The backend times out, then is not there at all.
    process.env.BFF_UPSTREAM_TIMEOUT_MS = '150';
    expect((await GET(new Request(`${APP}/api/slow`))).status).toBe(504);
    process.env.BACKEND_URL = `http://127.0.0.1:${await freePort()}`;
    expect((await GET(new Request(`${APP}/api/member/exercises`))).status).toBe(502);

    const { text, samples } = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
      'http_requests_total',
      'http_request_duration_seconds',
      'bff_upstream_duration_seconds',
      'bff_token_refreshes_total',
    ]) {
      expect(declaredNames(text)).toContain(name);
    }
    const requests = (labels: Record<string, string>) =>
      valueOf(samples, 'http_requests_total', labels) ?? 0;
    expect(requests({ method: 'GET', route: '/api/[...path]', status: '200' })).toBe(3);
    expect(requests({ method: 'POST', route: '/api/[...path]', status: '201' })).toBe(1);
    expect(requests({ route: '/api/[...path]', status: '404' })).toBe(1);
    expect(requests({ route: '/api/[...path]', status: '504' })).toBe(1);
    expect(requests({ route: '/api/[...path]', status: '502' })).toBe(1);
    expect(requests({ route: '/oauth2/[...path]', status: '200' })).toBe(1);
    expect(requests({ route: '/login/oauth2/[...path]', status: '200' })).toBe(1);
    // The refused refresh: the request goes on without a session (the stub answers 200).
    expect(requests({})).toBe(9);
    expect(
      valueOf(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/[...path]',
        status: '504',
      }),
    ).toBe(1);
    // No raw path or query ever becomes a label.
    expect(text).not.toMatch(/secret|member\/exercises|missing\/7/);

    const upstream = (labels: Record<string, string>) =>
      valueOf(samples, 'bff_upstream_duration_seconds_count', labels) ?? 0;
    expect(upstream({ kind: 'forward', status_class: '2xx' })).toBe(6);
    expect(upstream({ kind: 'forward', status_class: '4xx' })).toBe(1);
    expect(upstream({ kind: 'forward', status_class: 'timeout' })).toBe(1);
    // A GET whose connection fails before any answer is sent once more (forward.ts): two calls.
    expect(upstream({ kind: 'forward', status_class: 'network' })).toBe(2);
    expect(upstream({ kind: 'read', status_class: '2xx' })).toBe(1);
    expect(upstream({ kind: 'refresh', status_class: '2xx' })).toBe(1);
    expect(upstream({ kind: 'refresh', status_class: '4xx' })).toBe(1);
    const slow = valueOf(samples, 'bff_upstream_duration_seconds_sum', { status_class: 'timeout' });
    expect(slow).toBeGreaterThanOrEqual(0.14);

    expect(valueOf(samples, 'bff_token_refreshes_total', { outcome: 'refreshed' })).toBe(1);
    expect(valueOf(samples, 'bff_token_refreshes_total', { outcome: 'rejected' })).toBe(1);
  });

  it('refuses a scrape without the token, and serves none without METRICS_TOKEN', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const response = await metricsResponse(
        new Request(`${APP}/metrics`, { headers: authorization ? { authorization } : {} }),
      );
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('http_requests_total');
    }
    delete process.env.METRICS_TOKEN;
    const off = await metricsResponse(
      new Request(`${APP}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }),
    );
    expect(off.status).toBe(404);
  });

  it('records nothing in a process started without METRICS_TOKEN', async () => {
    delete process.env.METRICS_TOKEN;
    resetMetrics();
    const answer = await GET(new Request(`${APP}/api/member/exercises`));
    expect(answer.status).toBe(200);
    // The token set afterwards serves the endpoint, but this process has been counting nothing.
    process.env.METRICS_TOKEN = TOKEN;
    const { text } = await scrape();
    expect(text).not.toContain('http_requests_total');
    expect(text).not.toContain('bff_upstream_duration_seconds');
  });

  it('names the route pattern of each BFF entry point', () => {
    expect(bffRouteOf('http://localhost:3000/api/x')).toBe('/api/[...path]');
    expect(bffRouteOf('https://health.example.com/oauth2/authorization/google')).toBe(
      '/oauth2/[...path]',
    );
    expect(bffRouteOf('http://[::1]:3000/login/oauth2/code/google?state=/oauth2/')).toBe(
      '/login/oauth2/[...path]',
    );
  });
});

describe('GET /readyz of the Next server', () => {
  it("is 200 when the backend's /readyz is, 503 when it is not or cannot be reached", async () => {
    const ready = await readinessResponse();
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { backend: 'ok' } });
    const notReady = await readinessResponse();
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({
      status: 'not ready',
      checks: { backend: 'not ready' },
    });
    process.env.BACKEND_URL = `http://127.0.0.1:${await freePort()}`;
    const down = await readinessResponse();
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: 'not ready',
      checks: { backend: 'unreachable' },
    });
    expect(down.headers.get('cache-control')).toBe('no-store');
  });
});
