import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { animationsSettled } from './fixtures/animations';
import { cookieNames, signIn, uniqueMember, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';
import { APP_URL, writeHeaders } from './fixtures/env';
import { createExercise } from './fixtures/workout';

/**
 * 계정 삭제 (issue 16, point 5) through the real stack: a fresh member with an exercise and a post
 * deletes the account from the settings page, lands on /login with the notice, the old cookies open
 * nothing any more, and signing in again with the same e-mail makes a new, empty member.
 */

/** A valid 2×2 PNG, small enough to write inline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAABJRU5ErkJggg==',
  'base64',
);

async function post(page: Page, text: string): Promise<void> {
  const upload = await page.request.post(`${APP_URL}/api/post`, {
    headers: writeHeaders,
    multipart: { file: { name: 'last.png', mimeType: 'image/png', buffer: TINY_PNG }, text },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
}

/** axe-core's WCAG 2.1 A/AA and best-practice findings (as e2e/a11y.spec.ts checks screens). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

test('A deletes the account and can no longer sign in to the old data (signing in again makes a new, empty member)', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const member = uniqueMember('delete');
  const suffix = Date.now().toString(36);
  const theirClub = `남는 클럽 ${suffix}`;
  const myClub = `사라질 클럽 ${suffix}`;
  // B owns a club that A joins and talks in.
  const other = await browser.newContext();
  const pageB = await other.newPage();
  await signIn(pageB, uniqueNamedMember('남는'));
  await createClub(pageB, theirClub, { intro: '소개', place: '한강', time: '매주 토요일' });

  await signIn(page, member);
  await createClub(page, myClub, { intro: '소개', place: '집 앞', time: '매일' });
  const roomId = await openRoom(page, theirClub);
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  await say(page, '곧 탈퇴합니다');
  await expect(
    page.getByRole('log').getByRole('listitem').filter({ hasText: '곧 탈퇴합니다' }),
  ).toHaveAttribute('data-own', 'true');
  await createExercise(page, '탈퇴 전 스쿼트', [{ reps: 5, weight: 100 }]);
  const text = `마지막 게시물 ${Date.now().toString(36)}`;
  await post(page, text);
  const [mine] = (await (await page.request.get('/api/member/posts')).json()) as Array<{
    imageUrl: string;
  }>;
  expect((await page.request.get(`/api/images/${mine.imageUrl}`)).status()).toBe(200);
  const oldCookies = await page.context().cookies();
  const oldCheck = (await (await page.request.get('/api/login/check')).json()) as { id: number };

  // On /settings since issue 29 (no longer /profile).
  await page.goto('/settings');
  await page.getByRole('button', { name: '계정 삭제' }).click();
  const dialog = page.getByRole('alertdialog', { name: '계정을 삭제할까요?' });
  await expect(dialog).toBeVisible();
  await animationsSettled(dialog);
  await expect(dialog.getByRole('button', { name: '취소' })).toBeFocused();
  await expect(dialog.getByRole('link', { name: '내 데이터 내려받기' })).toHaveAttribute(
    'href',
    '/api/member/export',
  );
  const confirm = dialog.getByRole('button', { name: '계정 영구 삭제' });
  await expect(confirm).toBeDisabled();
  await page.screenshot({ path: 'test-results/account-deletion-dialog-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsSettled(dialog);
  await page.screenshot({ path: 'test-results/account-deletion-dialog-390.png' });
  await dialog
    .getByRole('checkbox', { name: '위 내용을 확인했으며, 계정을 영구히 삭제합니다.' })
    .check();
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: 'test-results/account-deletion-dialog-390-confirmed.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await confirm.click();
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('status')).toHaveText(
    '계정이 삭제되었습니다. 그동안 EveryHealth를 이용해 주셔서 감사합니다.',
  );
  await page.screenshot({ path: 'test-results/account-deletion-login-notice.png' });
  const names = await cookieNames(page);
  expect(names).not.toContain('access_token');
  expect(names).not.toContain('refresh_token');

  // B's room keeps A's message, from (탈퇴한 회원); A's own club is gone.
  await pageB.goto(`/chat/${roomId}`);
  const left = pageB.getByRole('log').getByRole('listitem').filter({ hasText: '곧 탈퇴합니다' });
  await expect(left.getByText('(탈퇴한 회원)')).toBeVisible();
  await expect(left).toHaveAttribute('data-own', 'false');
  await expect(left.getByRole('link')).toHaveCount(0);
  await pageB.setViewportSize({ width: 390, height: 844 });
  await pageB.screenshot({ path: 'test-results/account-deletion-chat-390.png' });
  const clubs = (await (
    await pageB.request.get(`/api/clubs?name=${encodeURIComponent(suffix)}`)
  ).json()) as Array<{ title: string }>;
  expect(clubs.map((club) => club.title)).toEqual([theirClub]);
  await other.close();

  // The old cookies (another device keeping them) open nothing: the refresh is refused too.
  const stale = await browser.newContext();
  try {
    await stale.addCookies(oldCookies);
    const check = (await (await stale.request.get(`${APP_URL}/api/login/check`)).json()) as {
      check: boolean;
    };
    expect(check.check).toBe(false);
    expect((await stale.request.get(`${APP_URL}/api/member/exercises`)).status()).toBe(401);
    const refresh = await stale.request.post(`${APP_URL}/api/token/refresh`, {
      headers: writeHeaders,
    });
    expect(refresh.status()).toBe(401);
    const stalePage = await stale.newPage();
    await stalePage.goto(`${APP_URL}/profile`);
    await expect(stalePage).toHaveURL(/\/login(\?|$)/);
  } finally {
    await stale.close();
  }

  // The same e-mail again: a new member with nothing of the old one's.
  await signIn(page, { email: member.email });
  const newCheck = (await (await page.request.get('/api/login/check')).json()) as { id: number };
  expect(newCheck.id).not.toBe(oldCheck.id);
  expect(await (await page.request.get('/api/member/exercises')).json()).toEqual([]);
  expect(await (await page.request.get('/api/member/posts')).json()).toEqual([]);
  expect((await page.request.get(`/api/images/${mine.imageUrl}`)).status()).toBe(404);
  await page.goto('/exercise');
  await expect(page.getByRole('heading', { level: 1, name: '운동' })).toBeVisible();
  await expect(page.getByText('탈퇴 전 스쿼트')).toHaveCount(0);
  await page.goto('/post');
  await expect(page.getByRole('list', { name: '게시물 목록' })).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText('아직 게시물이 없습니다.')).toBeVisible();
});

test('계정 삭제 on the settings page, its dialog and the sign-in notice pass axe in both themes', async ({
  page,
}) => {
  // Six axe scans of whole pages: each takes seconds on a busy 2-core machine.
  test.slow();
  await signIn(page, uniqueMember('delete-a11y'));
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: '내 데이터' });
  await expect(panel.getByRole('button', { name: '계정 삭제' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('button', { name: '계정 삭제' }).scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `test-results/account-deletion-panel-390-${colorScheme}.png` });
    expect(await violations(page), `settings (${colorScheme})`).toEqual([]);
    await panel.getByRole('button', { name: '계정 삭제' }).click();
    const dialog = page.getByRole('alertdialog', { name: '계정을 삭제할까요?' });
    await animationsSettled(dialog);
    expect(await violations(page), `dialog (${colorScheme})`).toEqual([]);
    await dialog.getByRole('checkbox').check();
    expect(await violations(page), `dialog, confirmed (${colorScheme})`).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await animationsSettled(dialog);
    await page.screenshot({ path: `test-results/account-deletion-dialog-1280-${colorScheme}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Nothing was deleted: the member is still signed in.
    await expect(panel.getByRole('button', { name: '계정 삭제' })).toBeFocused();
  }
  await page.context().clearCookies();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/login?deleted=1');
    await expect(page.getByRole('status')).toBeVisible();
    expect(await violations(page), `/login?deleted=1 (${colorScheme})`).toEqual([]);
  }
});
