import { expect, test } from '@playwright/test';

import { cookieNames, demoMembers, signInThroughUi } from './fixtures/auth';
import { APP_URL } from './fixtures/env';

const sidebar = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: '주요 메뉴' });

test('an anonymous visit to / goes to /login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('link', { name: 'Google 계정으로 로그인' })).toBeVisible();
});

test('every protected route sends an anonymous visitor to /login, keeping where they were going', async ({
  page,
}) => {
  for (const route of [
    '/post',
    '/exercise',
    '/routine',
    '/profile',
    '/friend',
    '/club',
    '/club/create',
    '/chat/12',
  ]) {
    await page.goto(route);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/login');
    expect(landed.searchParams.get('next')).toBe(route);
  }
});

test('signing in through the development provider lands on / with the name in the sidebar', async ({
  page,
}) => {
  await signInThroughUi(page, demoMembers.minjun);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: '운동 캘린더' })).toBeVisible();
  await expect(page.getByRole('link', { name: /김민준/ }).first()).toHaveAttribute(
    'href',
    '/profile',
  );
  expect(await cookieNames(page)).toEqual(
    expect.arrayContaining(['access_token', 'refresh_token']),
  );
});

test('a reload keeps the session', async ({ page }) => {
  await signInThroughUi(page, demoMembers.seoyeon);
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /이서연/ }).first()).toBeVisible();
});

test('a page load sends no session check from the browser: the server made it', async ({
  page,
}) => {
  await signInThroughUi(page, demoMembers.minjun);
  const checks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login/check') checks.push(request.url());
  });
  await page.reload();
  await expect(page.getByRole('link', { name: /김민준/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The signed-in layout checked the session on the server and started the browser's with it.
  expect(checks).toHaveLength(0);
});

test('with only the refresh cookie left, / opens without passing through /login', async ({
  page,
  context,
}) => {
  await signInThroughUi(page, demoMembers.jiho);
  // Off the app first: its open page would otherwise notice the missing access cookie (its live
  // stream reconnecting through the BFF) and be refreshed before this test's own visit.
  await page.goto('about:blank');
  const refreshOnly = (await context.cookies()).filter((cookie) => cookie.name !== 'access_token');
  await context.clearCookies();
  await context.addCookies(refreshOnly);
  expect(await cookieNames(page)).not.toContain('access_token');

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: /박지호/ }).first()).toBeVisible();
  expect(visited).not.toContain('/login');
  expect(await cookieNames(page)).toContain('access_token');
});

test('logout lands on /login and the session is gone', async ({ page }) => {
  await signInThroughUi(page, demoMembers.minjun);
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('a signed-in visit to /login goes to /', async ({ page }) => {
  await signInThroughUi(page, demoMembers.seoyeon);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar(page).getByRole('link', { name: '홈' })).toBeVisible();
});

test('a first-time member is created from the sign-in and greeted by name', async ({ page }) => {
  await signInThroughUi(page, { email: `newcomer-${Date.now()}@example.com`, name: '최하늘' });
  await expect(page.getByRole('link', { name: /최하늘/ }).first()).toBeVisible();
});

test('an access token the backend refuses (another signing key) ends on /login, cookies cleared, without a loop', async ({
  page,
  context,
}) => {
  // A well-formed JWT that expires in an hour but was never signed by this backend: what a browser
  // keeps after JWT_SECRET or the data folder changed.
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const forged = [
    part({ alg: 'HS512' }),
    part({
      id: 1,
      name: '김민준',
      authorities: 'USER',
      tokenType: 'access',
      iat: now,
      exp: now + 3600,
    }),
    'c2lnbmVkLWVsc2V3aGVyZQ',
  ].join('.');
  await context.addCookies([{ name: 'access_token', value: forged, url: APP_URL }]);
  await page.goto('/post');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Google 계정으로 로그인' })).toBeVisible();
  expect(await cookieNames(page)).not.toContain('access_token');
});
