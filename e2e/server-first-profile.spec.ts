import { type Browser, expect, type Page, test } from '@playwright/test';

import { demoMembers, signIn } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { noScriptContext } from './fixtures/no-js';

interface Member {
  id: number;
  name: string;
}

/** GET `path` as the page's signed-in member, answered 200 with JSON. */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The signed-in member's id and name (GET /api/login/check). */
async function whoAmI(page: Page): Promise<Member> {
  const check = await getJson<{ id: number; name: string }>(page, '/api/login/check');
  expect(check.id).toBeGreaterThan(0);
  return { id: check.id, name: check.name };
}

/** Paths of the /api requests the page sends from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname);
  });
  return seen;
}

/** `YYYY.MM`, the calendar's month title. */
function monthTitle(dateKey: string): string {
  return dateKey.slice(0, 7).replace('-', '.');
}

/**
 * 김민준 (signed in) with the ids of 이서연 (a friend, found in his friend list) and 박지호 (not a
 * friend: he has only asked, so he is among the requests, not the friends).
 */
async function minjunAndOthers(page: Page, browser: Browser) {
  await signIn(page, demoMembers.minjun);
  const me = await whoAmI(page);
  const friends = await getJson<{ friend: Member }[]>(page, '/api/member/friend');
  const friend = friends.map((entry) => entry.friend).find((m) => m.name === '이서연');
  expect(friend, '이서연 is 김민준’s friend').toBeDefined();

  const other = await browser.newContext();
  const jihoPage = await other.newPage();
  await signIn(jihoPage, demoMembers.jiho);
  const stranger = await whoAmI(jihoPage);
  await other.close();
  expect(friends.some((entry) => entry.friend.id === stranger.id)).toBe(false);
  return { me, friend: friend!, stranger };
}

test('profiles: the first HTML carries the member, the posts, the calendar or the denial, with JavaScript off', async ({
  page,
  browser,
}) => {
  const { me, friend, stranger } = await minjunAndOthers(page, browser);
  const today = seoulToday();
  const [year, month] = today.split('-').map(Number);
  const friendDays = await getJson<{ localDate: string; checkBox: string }[]>(
    page,
    `/api/today/friend/${friend.id}/yearAndMonth/${year}/${month}`,
  );
  const myPosts = await getJson<{ id: number; text: string }[]>(page, '/api/member/posts');
  expect(myPosts.length).toBeGreaterThan(0);

  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();

  // A stranger: the posts tab (shown first) and the calendar tab are the access-denied screen.
  await noJs.goto(`/friendProfile/${stranger.id}`);
  await expect(noJs.getByRole('heading', { level: 1, name: stranger.name })).toBeVisible();
  await expect(noJs.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeVisible();
  await expect(noJs.getByRole('list', { name: '게시물 목록' })).toHaveCount(0);
  // The tab is a link: without JavaScript it loads the page opened on that tab.
  await noJs.getByRole('tab', { name: '운동 캘린더' }).click();
  await noJs.waitForURL(`**/friendProfile/${stranger.id}?tab=calendar`);
  const denied = noJs.getByRole('tabpanel', { name: '운동 캘린더' });
  await expect(denied.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeVisible();
  await expect(
    denied.getByText('이 사용자의 운동 기록을 볼 수 있는 권한이 없습니다.'),
  ).toBeVisible();
  await expect(noJs.getByRole('button', { name: monthTitle(today) })).toHaveCount(0);
  await noJs.screenshot({ path: '/tmp/ssr-friend-profile-denied-nojs.png', fullPage: true });

  // A friend: the post grid first, then the calendar tab with the friend's dots.
  await noJs.goto(`/friendProfile/${friend.id}`);
  await expect(noJs.getByRole('heading', { level: 1, name: friend.name })).toBeVisible();
  await expect(noJs.getByRole('list', { name: '게시물 목록' }).getByRole('img')).not.toHaveCount(0);
  await noJs.getByRole('tab', { name: '운동 캘린더' }).click();
  await noJs.waitForURL(`**/friendProfile/${friend.id}?tab=calendar`);
  await expect(noJs.getByRole('tab', { name: '운동 캘린더' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(noJs.getByRole('button', { name: monthTitle(today) })).toBeVisible();
  await expect(noJs.getByText('접근 권한이 없습니다')).toHaveCount(0);
  await expect(noJs.locator('[data-mark]')).toHaveCount(friendDays.length);
  for (const day of friendDays) {
    const tile = noJs.getByRole('button', { name: new RegExp(`^${tileName(day.localDate)}( |$)`) });
    await expect(tile.locator('[data-mark]')).toHaveAttribute(
      'data-mark',
      day.checkBox === 'True' ? 'done' : 'open',
    );
  }
  await expect(noJs.getByRole('region', { name: `${today} 운동 일지` })).toBeVisible();
  await noJs.screenshot({ path: '/tmp/ssr-friend-profile-calendar-nojs.png', fullPage: true });

  // The own profile: name, counts and the post grid.
  await noJs.goto('/profile');
  await expect(noJs.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  const grid = noJs.getByRole('list', { name: '게시물 목록' });
  await expect(grid.getByRole('img')).toHaveCount(myPosts.length);
  await expect(grid.getByRole('img', { name: myPosts[0].text })).toBeVisible();
  const counts = noJs.getByRole('definition');
  await expect(counts).toHaveText([String(myPosts.length), /^\d+$/]);
  await noJs.screenshot({ path: '/tmp/ssr-profile-nojs.png', fullPage: true });
  await noJs.getByRole('tab', { name: '친구' }).click();
  await noJs.waitForURL('**/profile?tab=friends');
  await expect(
    noJs.getByRole('tabpanel', { name: '친구' }).getByRole('link', { name: friend.name }),
  ).toHaveAttribute('href', `/friendProfile/${friend.id}`);

  await context.close();
});

test('profiles: hydration asks the backend for nothing the HTML brought', async ({
  page,
  browser,
}) => {
  const { me, friend } = await minjunAndOthers(page, browser);
  const today = seoulToday();

  await page.goto(`/friendProfile/${friend.id}?tab=calendar`);
  await expect(page.getByRole('button', { name: monthTitle(today) })).toBeVisible();
  let seen = apiRequests(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1, name: friend.name })).toBeVisible();
  expect(seen.filter((path) => path.includes(`/friend/${friend.id}`))).toEqual([]);
  expect(seen.filter((path) => path.startsWith('/api/friend/check/'))).toEqual([]);
  expect(seen.filter((path) => path.startsWith('/api/member/friend/'))).toEqual([]);
  // Still the client's tabs and calendar: switching needs no page load, and the friend's posts
  // came with the HTML too.
  await page.getByRole('tab', { name: '게시물' }).click();
  await expect(page).toHaveURL(new RegExp(`/friendProfile/${friend.id}\\?tab=calendar$`));
  await expect(page.getByRole('list', { name: '게시물 목록' }).getByRole('img')).not.toHaveCount(0);
  expect(seen.filter((path) => path.includes(`/friend/${friend.id}`))).toEqual([]);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: me.name })).toBeVisible();
  seen = apiRequests(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('list', { name: '게시물 목록' })).toBeVisible();
  expect(seen.filter((path) => path === '/api/member/posts')).toEqual([]);
  expect(seen.filter((path) => path === '/api/member/friend')).toEqual([]);
});
