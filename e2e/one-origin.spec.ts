import { type APIResponse, expect, test } from '@playwright/test';

import { demoMembers } from './fixtures/auth';
import { APP_PORT, APP_URL } from './fixtures/env';

/**
 * One origin (issue 12): a page opened on another host than PUBLIC_URL's (here 127.0.0.1 while
 * PUBLIC_URL is localhost) is redirected to the same path on PUBLIC_URL, so signing in sets the
 * cookies on the host the app then reads them from.
 */
const OTHER_HOST = `http://127.0.0.1:${APP_PORT}`;

/**
 * Where a response moves the browser: a 307's Location or, where Next would have made that
 * Location relative (on its own host, localhost:{port}, which is PUBLIC_URL here; see proxy.ts),
 * the Refresh header of the page it answers instead.
 */
function movedTo(response: APIResponse): string | undefined {
  if (response.status() === 307) return response.headers()['location'];
  expect(response.status()).toBe(200);
  return /^0;url=(.+)$/.exec(response.headers()['refresh'] ?? '')?.[1];
}

test('a page on another host redirects to the same path and query on PUBLIC_URL', async ({
  request,
}) => {
  for (const path of ['/', '/club?isMyClubs=1', '/login']) {
    const response = await request.get(`${OTHER_HOST}${path}`, { maxRedirects: 0 });
    expect(movedTo(response), path).toBe(`${APP_URL}${path}`);
    expect(response.headers()['set-cookie'], path).toBeUndefined();
  }
  // The BFF is not a page: it answers on any host.
  const api = await request.get(`${OTHER_HOST}/api/login/check`, { maxRedirects: 0 });
  expect(api.status()).toBe(200);
});

test('a newcomer on 127.0.0.1 signs in and lands on PUBLIC_URL signed in', async ({ page }) => {
  await page.goto(`${OTHER_HOST}/`);
  await expect(page).toHaveURL(`${APP_URL}/login?next=%2F`);
  await page.goto(`${OTHER_HOST}/login`);
  await expect(page).toHaveURL(`${APP_URL}/login`);
  await page.getByRole('link', { name: 'Google 계정으로 로그인' }).click();
  await expect(page.getByRole('heading', { name: '개발용 로그인' })).toBeVisible();
  await page.getByLabel('이메일').fill(demoMembers.jiho.email);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.waitForURL((url) => url.origin === APP_URL && url.pathname === '/');
  await expect(page.getByText('로그인하지 못했습니다')).toHaveCount(0);
  await expect(page.getByText(demoMembers.jiho.name).first()).toBeVisible();
  const check = await page.request.get(`${APP_URL}/api/login/check`);
  expect(await check.json()).toMatchObject({ check: true, name: demoMembers.jiho.name });
});
