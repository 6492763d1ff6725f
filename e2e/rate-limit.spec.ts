import { expect, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { writeHeaders } from './fixtures/env';

/** A valid 2×2 PNG, small enough to write inline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAABJRU5ErkJggg==',
  'base64',
);

/** The wait is rounded up (`59분`, or `1시간` just after the window began). */
const RATE_LIMITED = /^요청이 너무 많습니다\. (\d+분|1시간) 후에 다시 시도해주세요\.$/;

test('the 31st upload within the hour is refused with the server’s message on the upload page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, uniqueMember('ratelimit'));
  // 30 uploads through the BFF, as the upload page sends them: each within the member's budget.
  for (let i = 1; i <= 30; i++) {
    const response = await page.request.post('/api/post', {
      headers: writeHeaders,
      multipart: {
        file: { name: `p${i}.png`, mimeType: 'image/png', buffer: TINY_PNG },
        text: `한도 확인 ${i}`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    expect(response.headers()['ratelimit-remaining']).toBe(String(30 - i));
  }

  try {
    await page.goto('/post/upload');
    await page
      .getByLabel('이미지를 드래그하거나 클릭하여 업로드하세요')
      .setInputFiles({ name: 'one-more.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByPlaceholder('게시글 내용을 입력하세요...').fill('서른한 번째');
    const answer = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/post',
    );
    await page.getByRole('button', { name: '업로드하기' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    await expect(page.getByRole('alert').filter({ hasText: RATE_LIMITED })).toBeVisible();
    await expect(page.getByText('업로드 실패!')).toHaveCount(0);
    await expect(page).toHaveURL(/\/post\/upload$/);
    await expect(page.getByPlaceholder('게시글 내용을 입력하세요...')).toHaveValue('서른한 번째');
  } finally {
    // Leave the shared feed as other specs expect it (deletions count as other writes).
    const own = await page.request.get('/api/member/posts');
    for (const post of (await own.json()) as Array<{ id: number }>) {
      await page.request.delete(`/api/post/${post.id}`, { headers: writeHeaders });
    }
  }
});

test('the upload page shows the daily quota’s message on its 429, keeping the form', async ({
  page,
}) => {
  await signIn(page, uniqueMember('quota'));
  const message =
    '하루 업로드 용량(200MB)을 넘어 더 올릴 수 없습니다. 9시간 5분 후에 다시 시도해주세요.';
  // The backend's quota is tested for real in backend/test/rate-limit.test.ts; here only the page.
  await page.route('**/api/post', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '32700' },
          body: JSON.stringify({
            code: '429',
            message,
            data: null,
            timestamp: '2026-03-01T14:55:00',
            path: null,
          }),
        })
      : route.continue(),
  );
  await page.goto('/post/upload');
  await page
    .getByLabel('이미지를 드래그하거나 클릭하여 업로드하세요')
    .setInputFiles({ name: 'big-day.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByPlaceholder('게시글 내용을 입력하세요...').fill('오늘 마지막 사진');
  await page.getByRole('button', { name: '업로드하기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page).toHaveURL(/\/post\/upload$/);
  await expect(page.getByRole('img', { name: '선택한 이미지 미리보기' })).toBeVisible();
  await expect(page.getByRole('button', { name: '업로드하기' })).toBeEnabled();
});

test('a sign-in start refused as too many lands on /login, which says to wait', async ({
  page,
}) => {
  await page.goto('/login?error=busy');
  await expect(
    page.getByRole('alert').filter({ hasText: '로그인 요청이 너무 많습니다.' }),
  ).toHaveText('로그인 요청이 너무 많습니다. 잠시 후 다시 시도해주세요.');
  await expect(page.getByRole('link', { name: 'Google 계정으로 로그인' })).toBeVisible();
});
