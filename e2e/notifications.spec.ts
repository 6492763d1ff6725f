import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { APP_URL, writeHeaders } from './fixtures/env';

/**
 * Issue 16, notifications, through the real stack with two members in two browser contexts: B's
 * like reaches A's bell live (no reload), the list says who and leads to the post, opening it
 * clears the badge; a friend request shows up too; a kind A switched off produces nothing.
 */

/** A valid 2×2 PNG, small enough to write inline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAAABJRU5ErkJggg==',
  'base64',
);

async function post(page: Page, text: string): Promise<number> {
  const upload = await page.request.post(`${APP_URL}/api/post`, {
    headers: writeHeaders,
    multipart: { file: { name: 'squat.png', mimeType: 'image/png', buffer: TINY_PNG }, text },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const mine = (await (await page.request.get(`${APP_URL}/api/member/posts`)).json()) as Array<{
    id: number;
    text: string;
  }>;
  const found = mine.find((candidate) => candidate.text === text);
  expect(found).toBeDefined();
  return found!.id;
}

async function memberId(page: Page): Promise<number> {
  const check = (await (await page.request.get(`${APP_URL}/api/login/check`)).json()) as {
    id: number;
  };
  return check.id;
}

/** axe-core's WCAG 2.1 AA findings inside the open list (the a11y spec covers the pages). */
async function listViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('dialog, [role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

const bell = (page: Page) => page.getByRole('button', { name: /^알림( \d+개)?$/ });

test('B likes A’s post and A’s bell shows it live; opening the list clears it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = uniqueNamedMember('에이');
  await signIn(page, alice);
  const text = `스쿼트 140kg ${Date.now().toString(36)}`;
  const postId = await post(page, text);
  // A stays on the home page from here on: nothing below reloads it.
  await expect(bell(page)).toHaveAccessibleName('알림');

  const other = await browser.newContext();
  const bob = await other.newPage();
  const bobMember = uniqueNamedMember('비');
  await signIn(bob, bobMember);
  await bob.goto('/post');
  const card = bob
    .getByRole('list', { name: '게시물 목록' })
    .getByRole('article')
    .filter({ hasText: text });
  await card.getByRole('button', { name: '좋아요', exact: true }).click();
  await expect(card.getByRole('button', { name: '좋아요 1개' })).toBeVisible();

  // Live: the badge shows 1 without a reload.
  await expect(page.getByRole('button', { name: '알림 1개' })).toBeVisible();
  await expect(page.getByRole('button', { name: '알림 1개' })).toHaveText(/1/);

  await page.getByRole('button', { name: '알림 1개' }).click();
  const dialog = page.getByRole('dialog', { name: '알림' });
  const item = dialog.getByRole('link', {
    name: new RegExp(`^${bobMember.name} 님이 내 게시물을 좋아합니다\\.`),
  });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('href', `/profile?post=${postId}`);
  // Opened: read; the badge clears (here and in any other tab of A's).
  await expect(bell(page)).toHaveAccessibleName('알림');
  await page.screenshot({ path: 'test-results/notifications/list-1280x800.png' });

  // Escape closes and gives the focus back to the bell.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bell(page)).toBeFocused();

  // Reopened: the item is there, no longer new; it leads to the post on the profile.
  await bell(page).click();
  await expect(item).toBeVisible();
  await expect(item).not.toHaveAccessibleName(/새 알림/);
  await item.click();
  await page.waitForURL((url) => url.pathname === '/profile' && url.search === `?post=${postId}`);
  const focused = page.getByRole('region', { name: '알림의 게시물' });
  await expect(focused.getByText(text)).toBeVisible();
  await expect(focused.getByRole('button', { name: '좋아요 1개' })).toBeVisible();
  await page.screenshot({ path: 'test-results/notifications/post-1280x800.png' });
  await other.close();
});

test('a friend request shows up live; a kind switched off produces nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = uniqueNamedMember('에이');
  await signIn(page, alice);
  const aliceId = await memberId(page);
  const postId = await post(page, `벤치 ${Date.now().toString(36)}`);

  // A switches comments off in the settings (/settings since issue 29, no longer /profile).
  await page.goto('/settings');
  const settings = page.getByRole('region', { name: '알림 설정' });
  const comments = settings.getByRole('switch', { name: '내 게시물에 댓글이 달렸을 때' });
  await expect(comments).toBeChecked();
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/member/notification-settings') &&
      response.request().method() === 'PUT',
  );
  await comments.click();
  expect((await saved).status()).toBe(200);
  await expect(comments).not.toBeChecked();
  await settings.screenshot({ path: 'test-results/notifications/settings-1280x800.png' });

  const other = await browser.newContext();
  const bob = await other.newPage();
  const bobMember = uniqueNamedMember('비');
  await signIn(bob, bobMember);
  // B asks A to be friends: A's bell shows it live.
  const request = await bob.request.post(`${APP_URL}/api/friend/request/${aliceId}`, {
    headers: writeHeaders,
  });
  expect(request.status()).toBe(200);
  await expect(page.getByRole('button', { name: '알림 1개' })).toBeVisible();

  // B comments (switched off: nothing), then likes (on: the second).
  const comment = await bob.request.post(`${APP_URL}/api/comment`, {
    headers: writeHeaders,
    data: { postId, text: '폼 좋아요' },
  });
  expect(comment.status()).toBe(201);
  const like = await bob.request.put(`${APP_URL}/api/post/${postId}/like`, {
    headers: writeHeaders,
  });
  expect(like.status()).toBe(200);
  await expect(page.getByRole('button', { name: '알림 2개' })).toBeVisible();

  // On a phone: the bell sits in the top bar; the list is a sheet.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/notifications/topbar-390x844.png' });
  await page.getByRole('button', { name: '알림 2개' }).click();
  const dialog = page.getByRole('dialog', { name: '알림' });
  const list = dialog.getByRole('list', { name: '알림 목록' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link').nth(0)).toHaveAccessibleName(
    new RegExp(`^${bobMember.name} 님이 내 게시물을 좋아합니다\\.`),
  );
  const requestItem = list.getByRole('link').nth(1);
  await expect(requestItem).toHaveAccessibleName(
    new RegExp(`^${bobMember.name} 님이 친구 요청을 보냈습니다\\.`),
  );
  await expect(dialog.getByText('댓글을 남겼습니다')).toHaveCount(0);
  await expect(bell(page)).toHaveAccessibleName('알림');
  await page.screenshot({ path: 'test-results/notifications/list-390x844.png' });
  expect(await listViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await listViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/notifications/list-390x844-dark.png' });
  await page.emulateMedia({ colorScheme: 'light' });

  await requestItem.click();
  await page.waitForURL((url) => url.pathname === '/friend');
  await expect(
    page
      .getByRole('region', { name: '친구 요청' })
      .getByRole('listitem')
      .filter({ hasText: bobMember.name }),
  ).toBeVisible();
  await other.close();
});
