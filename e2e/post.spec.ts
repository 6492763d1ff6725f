import { expect, type Page, type Response, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { IMAGES_IN_BUCKET } from './fixtures/env';

/** A valid 2×2 PNG (the accent red), small enough to write inline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAABJRU5ErkJggg==',
  'base64',
);

const feedCards = (page: Page) =>
  page.getByRole('list', { name: '게시물 목록' }).getByRole('article');

async function scrollToEnd(page: Page) {
  const end = page.getByText('더 이상 게시물이 없습니다.');
  for (let i = 0; i < 30 && !(await end.isVisible()); i++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  await expect(end).toBeVisible();
}

test('upload an image with text: validated, client-side navigation, new post on top, image through the BFF', async ({
  page,
}) => {
  await signIn(page, uniqueMember('post'));
  const text = `오늘의 운동 완료 ${Date.now().toString(36)}`;

  await page.goto('/post');
  await expect(page.getByRole('heading', { level: 1, name: '포스트' })).toBeVisible();
  await expect(feedCards(page).first()).toBeVisible();
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await page.getByRole('link', { name: '포스트 업로드' }).first().click();
  await expect(page).toHaveURL(/\/post\/upload$/);
  await expect(page.getByRole('heading', { level: 1, name: '포스트 업로드' })).toBeVisible();
  await expect(page.getByText('PNG, JPG, GIF (최대 10MB)')).toBeVisible();

  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/post') uploads++;
  });
  const input = page.getByLabel('이미지를 드래그하거나 클릭하여 업로드하세요');
  const textarea = page.getByPlaceholder('게시글 내용을 입력하세요...');

  // Nothing is sent without both parts, and a non-image is not taken.
  await page.getByRole('button', { name: '업로드하기' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: '파일과 내용을 모두 입력해주세요!' }),
  ).toBeVisible();
  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: '이미지 파일만 업로드 가능합니다.' }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: '선택한 이미지 미리보기' })).toHaveCount(0);
  expect(uploads).toBe(0);

  await input.setInputFiles({ name: 'workout.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: '선택한 이미지 미리보기' })).toBeVisible();
  await textarea.fill(text);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/post-upload-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '/tmp/post-upload-1280.png', fullPage: true });

  const imageResponses: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/images/')) imageResponses.push(response);
  });
  await page.getByRole('button', { name: '업로드하기' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '업로드 성공!' })).toBeVisible();
  await expect(page).toHaveURL(/\/post$/);
  expect(uploads).toBe(1);
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(
    true,
  );

  const first = feedCards(page).first();
  await expect(first).toContainText(text);
  const image = first.getByRole('img', { name: '게시물 사진' });
  await expect(image).toHaveAttribute('src', /^\/api\/images\/.+\.png$/);
  await expect
    .poll(() =>
      image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
    )
    .toBeGreaterThan(0);
  // The browser shows one of the photo's variants (WebP first), fetched through the BFF.
  const shown = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  const response = imageResponses.find((candidate) => candidate.url() === shown);
  expect(response, shown).toBeDefined();
  expect(response?.status()).toBe(200);
  // In a bucket, keys carry the `images/` folder (kept as a path segment through the BFF).
  const folder = IMAGES_IN_BUCKET ? 'images/' : '';
  expect(new URL(shown).pathname).toMatch(
    new RegExp(`^/api/images/${folder}[0-9a-f-]{36}-w\\d+\\.(webp|jpg)$`),
  );
  expect(response?.headers()['content-type']).toMatch(/^image\/(webp|jpeg)$/);
});

test('the feed pages in 5 at a time and ends with the end message', async ({ page }) => {
  await signIn(page, uniqueMember('feed'));
  const feedRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/posts')) feedRequests.push(url.pathname + url.search);
  });
  await page.goto('/post');
  await expect(feedCards(page)).toHaveCount(5);
  // The first page came with the HTML (server-first): hydration asks for no feed page.
  expect(feedRequests).toEqual([]);
  await page.screenshot({ path: '/tmp/post-feed-1280.png' });

  await scrollToEnd(page);
  const ids = await feedCards(page).evaluateAll((cards) =>
    cards.map((card) => Number(card.getAttribute('data-post-id'))),
  );
  expect(ids.length).toBeGreaterThanOrEqual(12);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  expect(feedRequests[0]).toBe(`/api/posts/scroll?limit=5&postId=${ids[4]}`);
  expect(feedRequests.every((url) => url.startsWith('/api/posts/scroll'))).toBe(true);
  await expect(page.getByText('로딩 중...')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: '/tmp/post-feed-390.png' });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.screenshot({ path: '/tmp/post-feed-end-390.png' });
});

test('comment on a post and see it appear', async ({ page }) => {
  const member = uniqueMember('comment');
  await signIn(page, member);
  await page.goto('/post');
  const first = feedCards(page).first();
  await first.getByRole('button', { name: '댓글' }).click();

  const dialog = page.getByRole('dialog', { name: '댓글' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('textbox', { name: '댓글 입력' });
  await expect(input).toHaveAttribute('placeholder', '댓글을 입력하세요...');

  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/comment') posts++;
  });
  await dialog.getByRole('button', { name: '작성' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '댓글을 입력해주세요.' })).toBeVisible();
  expect(posts).toBe(0);

  const text = `좋은 자극이 되네요 ${Date.now().toString(36)}`;
  await input.fill(text);
  await expect(dialog.getByText(`${text.length}/1000`)).toBeVisible();
  await dialog.getByRole('button', { name: '작성' }).click();
  const item = dialog.getByRole('listitem').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item).toContainText(member.name);
  await expect(item).toContainText('방금 전');
  await expect(input).toHaveValue('');
  await expect(item).toBeInViewport();
  expect(posts).toBe(1);

  await page.screenshot({ path: '/tmp/post-comments-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/post-comments-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first.getByRole('button', { name: '댓글' })).toBeFocused();

  // Reopened, the comment is still there; a click outside closes it.
  await first.getByRole('button', { name: '댓글' }).click();
  await expect(dialog.getByText(text)).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});
