import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';
import { noScriptContext, recordApiRequests } from './fixtures/no-js';

/**
 * /club and /chat/{roomId} render their first view on the server (issue 12): the club list and a
 * room's latest messages are in the HTML (so they show with JavaScript off), and hydration does
 * not ask for them again; search and live chat keep working afterwards.
 */

interface ClubRow {
  title: string;
  chatRoomId: number;
}

async function clubsFromApi(page: Page): Promise<ClubRow[]> {
  const response = await page.request.get('/api/clubs');
  expect(response.ok()).toBe(true);
  return (await response.json()) as ClubRow[];
}

async function latestFromApi(page: Page, roomId: string): Promise<string[]> {
  const response = await page.request.get(`/api/rooms/${roomId}/recentMessage?limit=20`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { message: string }[]).map((item) => item.message);
}

const bubbles = (page: Page) => page.getByRole('log').getByRole('listitem');

/** The room's refusal (Next's route announcer is an empty alert of its own). */
const refusal = (page: Page) =>
  page.getByRole('alert').filter({ hasText: '이 채팅방에 참여할 수 없습니다.' });

test('/club: the clubs are in the first HTML, with JavaScript off', async ({ page, browser }) => {
  await signIn(page, uniqueMember('ssr-club'));
  const clubs = await clubsFromApi(page);
  expect(clubs.length).toBeGreaterThan(0);

  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();
  await noJs.goto('/club');
  await expect(noJs.getByRole('heading', { level: 1, name: '클럽 목록' })).toBeVisible();
  // Each club's poster, in the order GET /api/clubs gives them.
  await expect(noJs.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(
    clubs.map((club) => club.title),
  );
  await expect(noJs.getByText('로딩 중...')).toHaveCount(0);
  await noJs.setViewportSize({ width: 390, height: 844 });
  await noJs.screenshot({ path: '/tmp/ssr-club-nojs-390.png', fullPage: true });
  await context.close();
});

test('/club: hydration does not ask for the list again; search still does', async ({ page }) => {
  await signIn(page, uniqueMember('ssr-club-js'));
  const [first] = await clubsFromApi(page);
  const requests = recordApiRequests(page);
  await page.goto('/club');
  await expect(page.getByRole('article', { name: first.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((line) => line.includes('/api/clubs'))).toEqual([]);

  // Hydrated: the search form is handled in the page, not submitted as a navigation.
  await page.getByLabel('클럽 검색').fill(first.title);
  await page.getByRole('button', { name: '검색' }).click();
  await expect
    .poll(() => requests.filter((line) => line.includes('/api/clubs')))
    .toEqual([expect.stringMatching(/^GET \/api\/clubs\?name=.+&isMyClubs=0$/)]);
  await expect(page.getByRole('article', { name: first.title })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/ssr-club-1280.png' });
});

test('/chat/{roomId}: the latest messages come with the HTML; hydration does not reload them; live chat works', async ({
  page,
  browser,
}) => {
  const owner = uniqueNamedMember('서버방장');
  const title = `서버 렌더 러닝 ${Date.now().toString(36)}`;
  await signIn(page, owner);
  await createClub(page, title, { intro: '함께 달려요.', place: '한강', time: '매주 일요일' });
  const roomId = await openRoom(page, title);
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  for (let index = 1; index <= 22; index++) await say(page, `서버 기록 ${index}번`);
  await expect(bubbles(page).filter({ hasText: '서버 기록 22번' })).toBeVisible();
  const latest = await latestFromApi(page, roomId);
  expect(latest).toHaveLength(20);

  // JavaScript off: the room's latest 20 messages, oldest first, and the composer (disabled).
  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();
  await noJs.goto(`/chat/${roomId}`);
  await expect(noJs.getByRole('heading', { level: 1, name: `채팅방 #${roomId}` })).toBeVisible();
  await expect(bubbles(noJs).locator('p')).toHaveText(latest);
  await expect(noJs.getByText('메시지를 불러오는 중...')).toHaveCount(0);
  await noJs.screenshot({ path: '/tmp/ssr-chat-nojs-1280.png' });
  await context.close();

  // JavaScript on: a reload hydrates what the server sent, connects, and asks for no history.
  const requests = recordApiRequests(page);
  await page.reload();
  await expect(page.getByText('연결됨')).toBeVisible();
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  await expect(bubbles(page)).toHaveCount(20);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((line) => line.includes('/recentMessage'))).toEqual([]);
  await page.screenshot({ path: '/tmp/ssr-chat-1280.png' });

  // Older messages still load on scrolling to the top.
  await page
    .getByRole('log')
    .locator('xpath=..')
    .evaluate((area) => area.scrollTo({ top: 0 }));
  await expect(bubbles(page)).toHaveCount(22);

  // Live: a guest joins and writes; the owner's hydrated room receives it, and answers.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await signIn(guest, uniqueNamedMember('서버손님'));
  expect(await openRoom(guest, title)).toBe(roomId);
  await expect(guest.getByLabel('메시지 입력')).toBeEnabled();
  await say(guest, '서버 렌더 후에도 실시간');
  await expect(bubbles(page).filter({ hasText: '서버 렌더 후에도 실시간' })).toHaveAttribute(
    'data-own',
    'false',
  );
  await say(page, '잘 받았어요');
  await expect(bubbles(guest).filter({ hasText: '잘 받았어요' })).toBeVisible();
  await guestContext.close();
});

test('/chat/{roomId}: a stranger sees the refusal from the server; a room no club owns is 404', async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueMember('ssr-stranger'));
  const [club] = await clubsFromApi(page);
  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();
  const response = await noJs.goto(`/chat/${club.chatRoomId}`);
  expect(response?.status()).toBe(200);
  await expect(refusal(noJs)).toBeVisible();
  await expect(noJs.getByRole('link', { name: '클럽 목록으로' })).toHaveAttribute('href', '/club');
  await expect(noJs.getByLabel('메시지 입력')).toBeDisabled();

  const missing = await noJs.goto('/chat/999999999');
  expect(missing?.status()).toBe(404);
  await context.close();

  // With JavaScript too: the refusal, and no history request.
  const requests = recordApiRequests(page);
  await page.goto(`/chat/${club.chatRoomId}`);
  await expect(refusal(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((line) => line.includes('/api/rooms/'))).toEqual([]);
});
