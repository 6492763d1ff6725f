import { type APIRequestContext, expect, test } from '@playwright/test';

import { parseSamples, valueOf } from '../testing/prometheus-samples';
import { signIn, uniqueMember } from './fixtures/auth';
import { BACKEND_PORT, METRICS_TOKEN } from './fixtures/env';

const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const auth = { authorization: `Bearer ${METRICS_TOKEN}` };

async function scrape(request: APIRequestContext, url: string) {
  const response = await request.get(url, { headers: auth, maxRedirects: 0 });
  expect(response.status()).toBe(200);
  return parseSamples(await response.text());
}

test('the app and the backend are ready, and their metrics count what a member just did', async ({
  page,
  request,
}) => {
  // Probes and the scraper are never sent to /login, with or without a session.
  for (const path of ['/healthz', '/readyz', '/metrics']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(path === '/metrics' ? 401 : 200);
  }
  expect(await (await request.get('/readyz')).json()).toEqual({
    status: 'ready',
    checks: { backend: 'ok' },
  });
  const backendReady = await request.get(`${BACKEND}/readyz`);
  expect(backendReady.status()).toBe(200);
  expect(await backendReady.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
  });

  await signIn(page, uniqueMember('metrics'));
  await page.goto('/club');
  await expect(page.getByRole('heading', { name: '클럽 목록' })).toBeVisible();

  const app = await scrape(request, '/metrics');
  expect(valueOf(app, 'http_requests_total', { route: '/api/[...path]' })).toBeGreaterThan(0);
  expect(valueOf(app, 'http_requests_total', { route: '/login/oauth2/[...path]' })).toBeGreaterThan(
    0,
  );
  expect(valueOf(app, 'bff_upstream_duration_seconds_count', { kind: 'forward' })).toBeGreaterThan(
    0,
  );
  // The signed-in pages' first views are server reads.
  expect(valueOf(app, 'bff_upstream_duration_seconds_count', { kind: 'read' })).toBeGreaterThan(0);
  expect(valueOf(app, 'process_resident_memory_bytes')).toBeGreaterThan(0);

  const backend = await scrape(request, `${BACKEND}/metrics`);
  expect(
    valueOf(backend, 'http_requests_total', { route: '/api/login/check', status: '200' }),
  ).toBeGreaterThan(0);
  expect(valueOf(backend, 'db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
  // The demo seed's images went through the pipeline at start.
  expect(
    valueOf(backend, 'image_processing_duration_seconds_count', { outcome: 'ok' }),
  ).toBeGreaterThan(0);
});
