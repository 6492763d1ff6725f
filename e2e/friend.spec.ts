import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { APP_URL, writeHeaders } from './fixtures/env';
import { logWorkout } from './fixtures/workout';

async function memberId(page: Page): Promise<number> {
  const check = (await (await page.request.get(`${APP_URL}/api/login/check`)).json()) as {
    id: number;
  };
  expect(check.id).toBeGreaterThan(0);
  return check.id;
}

test('friends: request from suggestions, accept, see the friend’s calendar; others are denied', async ({
  browser,
}) => {
  // Three members signing in through the real OIDC flow, and their pages: more than a minute on a
  // busy machine.
  test.slow();
  const today = seoulToday();
  const memberB = uniqueNamedMember('B');
  const memberA = uniqueNamedMember('A');
  const memberC = uniqueNamedMember('C');

  // B first: suggestions list the newest members first, so B is near the top of A's.
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  await signIn(pageB, memberB);
  const idB = await memberId(pageB);
  await logWorkout(pageB, today, '데드리프트');

  const contextA = await browser.newContext();
  const pageA = await contextA.newPage();
  await signIn(pageA, memberA);

  // A sends B a request from the suggestions; B's card leaves.
  await pageA.goto('/friend');
  await expect(pageA.getByRole('heading', { level: 1, name: '친구' })).toBeVisible();
  const requestsA = pageA.getByRole('region', { name: '친구 요청' });
  await expect(requestsA.getByText('새로운 친구 요청이 없습니다.')).toBeVisible();
  const suggested = pageA.getByRole('region', { name: '추천 친구' });
  const cardB = suggested.getByRole('listitem').filter({ hasText: memberB.name });
  await expect(cardB.getByRole('link', { name: memberB.name })).toHaveAttribute(
    'href',
    `/friendProfile/${idB}`,
  );
  await cardB.getByRole('button', { name: '친구 요청' }).click();
  await expect(
    pageA.getByRole('alert').filter({ hasText: '친구 요청을 보냈습니다' }),
  ).toBeVisible();
  await expect(cardB).toHaveCount(0);

  // B accepts on /friend; the request leaves the list.
  await pageB.goto('/friend');
  const requestsB = pageB.getByRole('region', { name: '친구 요청' });
  const rowA = requestsB.getByRole('listitem').filter({ hasText: memberA.name });
  await expect(rowA).toBeVisible();
  await rowA.getByRole('button', { name: '수락' }).click();
  await expect(
    pageB.getByRole('alert').filter({ hasText: '친구 요청을 수락했습니다' }),
  ).toBeVisible();
  await expect(rowA).toHaveCount(0);
  await expect(requestsB.getByText('새로운 친구 요청이 없습니다.')).toBeVisible();

  // A: the profile counts one friend; the friend link navigates client-side to B's profile.
  await pageA.goto('/profile');
  await expect(pageA.getByRole('heading', { level: 1, name: memberA.name })).toBeVisible();
  await pageA.getByRole('tab', { name: '친구' }).click();
  const friendLink = pageA.getByRole('tabpanel', { name: '친구' }).getByRole('link', {
    name: memberB.name,
  });
  await expect(friendLink).toHaveAttribute('href', `/friendProfile/${idB}`);
  await pageA.evaluate(() => {
    (window as unknown as { __noReload?: boolean }).__noReload = true;
  });
  await friendLink.click();
  await pageA.waitForURL(`**/friendProfile/${idB}`);
  await expect(pageA.getByRole('heading', { level: 1, name: memberB.name })).toBeVisible();
  expect(
    await pageA.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
  ).toBe(true);

  // B's calendar with B's dot, and B's read-only day log.
  await expect(pageA.getByText('아직 게시물이 없습니다.')).toBeVisible();
  await pageA.getByRole('tab', { name: '운동 캘린더' }).click();
  const tile = pageA.getByRole('button', { name: new RegExp(`^${tileName(today)}( |$)`) });
  await expect(tile).toHaveAccessibleName(`${tileName(today)} 완료`);
  await expect(tile.locator('[data-mark]')).toHaveAttribute('data-mark', 'done');
  const log = pageA.getByRole('region', { name: `${today} 운동 일지` });
  await expect(log.getByRole('heading', { level: 3 })).toHaveText(['1데드리프트']);
  await expect(log).toContainText('1세트100kg5회');
  await expect(log.getByRole('checkbox')).toHaveCount(0);
  await expect(log.getByRole('button')).toHaveCount(0);
  await expect(pageA.getByText('접근 권한이 없습니다')).toHaveCount(0);

  // C is not B's friend: posts and calendar are denied.
  const contextC = await browser.newContext();
  const pageC = await contextC.newPage();
  await signIn(pageC, memberC);
  await pageC.goto(`/friendProfile/${idB}`);
  await expect(pageC.getByRole('heading', { level: 1, name: memberB.name })).toBeVisible();
  await expect(pageC.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeVisible();
  await pageC.getByRole('tab', { name: '운동 캘린더' }).click();
  const denied = pageC.getByRole('tabpanel', { name: '운동 캘린더' });
  await expect(denied.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeVisible();
  await expect(
    denied.getByText('이 사용자의 운동 기록을 볼 수 있는 권한이 없습니다.'),
  ).toBeVisible();
  await expect(pageC.getByRole('button', { name: new RegExp(`^${tileName(today)}`) })).toHaveCount(
    0,
  );
  await denied.getByRole('link', { name: '홈으로 돌아가기' }).click();
  await pageC.waitForURL(`${APP_URL}/`);

  // C's request to B (through the API) is rejected by B on /friend.
  const sent = await pageC.request.post(`${APP_URL}/api/friend/request/${idB}`, {
    headers: writeHeaders,
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await pageB.reload();
  const rowC = requestsB.getByRole('listitem').filter({ hasText: memberC.name });
  await rowC.getByRole('button', { name: '거절' }).click();
  await expect(
    pageB.getByRole('alert').filter({ hasText: '친구 요청을 거절했습니다' }),
  ).toBeVisible();
  await expect(rowC).toHaveCount(0);

  await Promise.all([contextA.close(), contextB.close(), contextC.close()]);
});
