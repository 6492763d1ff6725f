import { expect, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';

test('create a club (validated, client-side navigation) and find it by search and filter', async ({
  page,
}) => {
  await signIn(page, uniqueMember('club'));
  const title = `새벽 러닝 ${Date.now().toString(36)}`;

  await page.goto('/club');
  await expect(page.getByRole('heading', { level: 1, name: '클럽 목록' })).toBeVisible();
  await expect(page.getByRole('search')).toBeVisible();
  // Marks this document: it survives client-side navigations only.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await page.getByRole('link', { name: '새 클럽 만들기' }).click();
  await expect(page).toHaveURL(/\/club\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: '새로운 클럽 만들기' })).toBeVisible();
  await expect(page.getByText('새로운 클럽을 만들고 멤버들과 함께하세요.')).toBeVisible();
  await expect(page.getByLabel('활동 시간')).toHaveAttribute(
    'placeholder',
    '예: 매주 화요일, 토요일 저녁 7시',
  );

  // Nothing is sent until every field passes.
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/club') posts++;
  });
  await page.getByRole('button', { name: '클럽 만들기' }).click();
  for (const message of [
    '클럽 이름을 입력해주세요.',
    '클럽 소개를 입력해주세요.',
    '활동 장소를 입력해주세요.',
    '활동 시간을 입력해주세요.',
    '클럽 특징을 입력해주세요.',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('클럽 이름')).toHaveAttribute('aria-invalid', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/club-create-invalid-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel('클럽 이름').fill(title);
  await expect(page.getByText('클럽 이름을 입력해주세요.')).toBeHidden();
  await page.getByLabel('클럽 소개').fill('해 뜨기 전 한강을 함께 달려요.\n페이스는 자유!');
  await page.getByLabel('활동 장소').fill('여의도 한강공원');
  await page.getByLabel('활동 시간').fill('매주 화요일, 토요일 오전 6시');
  await page.getByLabel('클럽 특징').fill('초보 환영');
  await page.screenshot({ path: '/tmp/club-create-1280.png', fullPage: true });
  expect(posts).toBe(0);
  await page.getByRole('button', { name: '클럽 만들기' }).click();

  await expect(page).toHaveURL(/\/club$/);
  expect(posts).toBe(1);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('여의도 한강공원')).toBeVisible();
  await expect(card.getByText('매주 화요일, 토요일 오전 6시')).toBeVisible();
  await expect(card.getByText('클럽 특징')).toBeVisible();
  await expect(card.getByText('초보 환영')).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  await page.screenshot({ path: '/tmp/club-list-1280.png', fullPage: true });

  // Search by text (button), then by text + 나의 클럽 (Enter).
  const search = page.getByLabel('클럽 검색');
  await search.fill(title.slice(3));
  const searched = page.waitForRequest(
    (request) => request.url().includes('/api/clubs?') && request.url().includes('isMyClubs=0'),
  );
  await page.getByRole('button', { name: '검색' }).click();
  await searched;
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toBeVisible();

  await search.fill('존재하지-않는-클럽');
  await search.press('Enter');
  await expect(page.getByText('조건에 맞는 클럽이 없습니다.')).toBeVisible();

  await search.fill('');
  await page.getByLabel('클럽 범위').selectOption({ label: '나의 클럽' });
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByLabel('클럽 범위').selectOption({ label: '전체' });
  await page.getByRole('button', { name: '검색' }).click();
  await expect(card).toBeVisible();
  await page.screenshot({ path: '/tmp/club-list-390.png', fullPage: true });
});
