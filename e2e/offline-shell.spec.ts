import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { APP_URL } from './fixtures/env';
import { waitForServiceWorker } from './fixtures/offline';

/** The calendar's month title (`2026.05`), as home.spec.ts finds it. */
function monthTitle(page: Page) {
  const [year, month] = seoulToday().split('-').map(Number);
  return page.getByRole('button', { name: `${year}.${String(month).padStart(2, '0')}` });
}

const offlineHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: '오프라인입니다' });

/**
 * Waits until the service worker is active and controls the page. A page still loading when the
 * worker activates is not claimed (clients.claim() skips clients that are not yet execution
 * ready), so such a page is reloaded: a navigation with an active worker is always controlled.
 */

/** Paths (with query) of the requests stored in each of the origin's caches. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }
    return result;
  });
}

test('the offline page and the service worker are served to anyone', async ({ request }) => {
  const offline = await request.get(`${APP_URL}/~offline`, { maxRedirects: 0 });
  expect(offline.status()).toBe(200);
  expect(await offline.text()).toContain('오프라인입니다');
  const worker = await request.get(`${APP_URL}/sw.js`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toMatch(/javascript/);
});

test('offline: a visited page opens from the cache, an unvisited one shows the offline page', async ({
  page,
  context,
}) => {
  await signIn(page, uniqueMember('offline'));
  await expect(monthTitle(page)).toBeVisible();
  await waitForServiceWorker(page);

  // The precache holds the offline page (with its revision) and the app shell, under our names.
  let stored = await cachedPaths(page);
  const names = Object.keys(stored);
  expect(names.filter((name) => !name.startsWith('everyhealth-'))).toEqual([]);
  const precache = names.find((name) => name.startsWith('everyhealth-precache-'));
  expect(precache).toBeDefined();
  const precached = stored[precache!];
  expect(precached.some((path) => path.startsWith('/~offline?'))).toBe(true);
  expect(precached.some((path) => path.startsWith('/manifest.webmanifest?'))).toBe(true);
  expect(precached.some((path) => path.startsWith('/_next/static/'))).toBe(true);
  // No page with a member's data in the precache.
  expect(
    precached.filter((path) => !/^\/(?:_next\/static\/|icons\/|~offline\?|manifest)/.test(path)),
  ).toEqual([]);

  // The first load came before the worker; this one goes through it into the pages cache.
  await page.reload();
  await expect(monthTitle(page)).toBeVisible();
  stored = await cachedPaths(page);
  expect(stored['everyhealth-pages']).toContain('/');
  expect(stored['everyhealth-api'] ?? []).not.toContainEqual(
    expect.stringMatching(/^\/api\/login\/check/),
  );

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(monthTitle(page)).toBeVisible();
    await expect(offlineHeading(page)).toHaveCount(0);

    // Never visited: the offline page stands in, at the page's own address.
    await page.goto('/friend');
    await expect(offlineHeading(page)).toBeVisible();
    await expect(page).toHaveURL(/\/friend$/);
    await expect(
      page.getByText('피드, 친구, 클럽 채팅은 연결되면 다시 열 수 있습니다.'),
    ).toBeVisible();
    // Its link opens today's log from the cache; the unvisited page stays offline.
    await page.getByRole('link', { name: '오늘 기록 열기' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(monthTitle(page)).toBeVisible();
    await page.goto('/friend');
    await expect(offlineHeading(page)).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Back online: the retry loads the real page, and home loads from the network.
  await page.getByRole('button', { name: '다시 시도' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '친구' })).toBeVisible();
  await expect(offlineHeading(page)).toHaveCount(0);
  await page.goto('/');
  await expect(monthTitle(page)).toBeVisible();

  // Signed out, `/` redirects to /login through the worker; the redirect is not stored: the
  // pages cache keeps the last 200 of `/`.
  await context.clearCookies();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?next=%2F$/);
  const home = await page.evaluate(async () => {
    const response = await caches.match('/', { cacheName: 'everyhealth-pages' });
    return response && { status: response.status, redirected: response.redirected };
  });
  expect(home).toEqual({ status: 200, redirected: false });
});
