import { expect, test } from '@playwright/test';

import { demoMembers, signIn } from './fixtures/auth';

// Anonymous visitors to an unknown path are sent to /login first (every page but /login is
// protected); a malformed id is a 404 for everyone.
test('pages that cannot exist answer 404 with the not-found screen, signed in or not', async ({
  page,
}) => {
  for (const path of ['/chat/abc', '/friendProfile/abc']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
  }
  await signIn(page, demoMembers.minjun);
  for (const path of ['/chat/abc', '/friendProfile/0', '/no-such-page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
  }
  // A well-formed id of a member who does not exist: 404, with the member notice in the shell.
  const unknown = await page.goto('/friendProfile/999999999');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText('사용자를 찾을 수 없습니다')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeVisible();
  // A real room id is still the chat page.
  const room = await page.goto('/chat/1');
  expect(room?.status()).toBe(200);
});
