import { randomBytes } from 'node:crypto';

import { expect, type Page, type Request, test } from '@playwright/test';
import sharp, { type Metadata } from 'sharp';

import { POST_LIMITS } from '@/lib/contract/values';

import { signIn, uniqueMember } from './fixtures/auth';
import { APP_URL, SPLIT_APP_URL, SPLIT_UPLOAD_BODY_LIMIT_BYTES } from './fixtures/env';

/**
 * Issue 24 point 6: Vercel refuses request bodies over 4.5 MB, so the Vercel-like app server
 * (SPLIT_APP_URL, UPLOAD_BODY_LIMIT_BYTES=4000000) shrinks a photo in the browser before sending
 * it; the main app (no limit set) sends the original. Either way the server pipeline takes it.
 */

/**
 * A 12 MP (4000×3000) JPEG as a phone camera writes one held upright: the sensor's landscape
 * pixels with EXIF Orientation 6 (turn 90° clockwise to show), so shown upright it is portrait.
 * Noisy pixels (uniform noise is made far faster than sharp's gaussian) weigh megabytes.
 */
async function portraitPhonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = randomBytes(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = 96 + (pixels[i] % 64);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

let photo: Buffer;

test.beforeAll(async () => {
  photo = await portraitPhonePhoto();
  const meta = await sharp(photo).metadata();
  expect([meta.width, meta.height, meta.orientation]).toEqual([4000, 3000, 6]);
  // Well over what a Vercel function takes (the point of the test).
  expect(photo.length).toBeGreaterThan(SPLIT_UPLOAD_BODY_LIMIT_BYTES + 1_000_000);
  console.log(`photo-shrink: the 12 MP photo weighs ${photo.length} bytes`);
});

const isUpload = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/post';

/** The bytes of an upload's body as the browser sent it. */
async function bodyBytes(request: Request): Promise<number> {
  const body = request.postDataBuffer();
  if (body) return body.length;
  // Chromium does not always hand a file part's bytes to the protocol: its Content-Length then.
  const length = Number((await request.allHeaders())['content-length']);
  expect(length, 'neither the body nor its Content-Length was seen').toBeGreaterThan(0);
  return length;
}

interface Upload {
  bodyBytes: number;
  /** From the click on 업로드하기 to the request leaving: the resizing, on the split app. */
  msToRequest: number;
  /** The post's display image as stored and served (`/api/images/<uuid>.<ext>`). */
  served: Metadata;
  /** The size the browser decoded the shown variant at. */
  shown: { width: number; height: number };
}

/** Posts the photo through the upload form of the app at `base`, then reads what is shown. */
async function uploadThroughForm(page: Page, base: string, text: string): Promise<Upload> {
  await page.goto(`${base}/post/upload`);
  await expect(page.getByRole('heading', { level: 1, name: '포스트 업로드' })).toBeVisible();
  await page
    .getByLabel('이미지를 드래그하거나 클릭하여 업로드하세요')
    .setInputFiles({ name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: '선택한 이미지 미리보기' })).toBeVisible();
  await page.getByPlaceholder('게시글 내용을 입력하세요...').fill(text);

  const uploads: Request[] = [];
  page.on('request', (request) => {
    if (isUpload(request)) uploads.push(request);
  });
  const sent = page.waitForRequest(isUpload, { timeout: 60_000 });
  const clicked = Date.now();
  await page.getByRole('button', { name: '업로드하기' }).click();
  // The pending state shows from the click, through the resizing, until the page is left.
  await expect(page.getByRole('button', { name: '업로드 중...' })).toBeDisabled();
  const request = await sent;
  const msToRequest = Date.now() - clicked;
  // The page moves on at once: the status, not the body, is what can still be read.
  expect((await request.response())?.status()).toBe(201);
  await expect(page.getByRole('alert').filter({ hasText: '업로드 성공!' })).toBeVisible();
  await expect(page).toHaveURL(`${base}/post`);
  expect(uploads).toHaveLength(1);

  const image = page
    .getByRole('list', { name: '게시물 목록' })
    .getByRole('article')
    .filter({ hasText: text })
    .getByRole('img', { name: '게시물 사진' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const shown = await image.evaluate((img: HTMLImageElement) => ({
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
  const src = await image.getAttribute('src');
  expect(src).toMatch(/^\/api\/images\/.+\.jpg$/);
  const stored = await page.request.get(new URL(src ?? '', base).href);
  expect(stored.status()).toBe(200);
  const served = await sharp(await stored.body()).metadata();
  return { bodyBytes: await bodyBytes(request), msToRequest, served, shown };
}

test('on the Vercel-like app a 12 MP photo leaves the browser under its body limit, upright, and the pipeline takes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, uniqueMember('shrink'));
  const upload = await uploadThroughForm(
    page,
    SPLIT_APP_URL,
    `세로 사진 ${Date.now().toString(36)}`,
  );
  console.log(
    `photo-shrink: ${SPLIT_APP_URL} sent ${upload.bodyBytes} bytes for the ${photo.length}-byte photo, ` +
      `${upload.msToRequest} ms from the click to the request; stored ${upload.served.width}×${upload.served.height}`,
  );
  expect(upload.bodyBytes).toBeLessThanOrEqual(SPLIT_UPLOAD_BODY_LIMIT_BYTES);
  expect(upload.bodyBytes).toBeLessThan(4_000_000);
  // Upright: the sensor's landscape turned by its EXIF orientation, with no orientation left to
  // apply (a browser that drew the pixels unturned would have stored a landscape image).
  expect(upload.served.width).toBeLessThan(upload.served.height ?? 0);
  expect(upload.served.orientation).toBeUndefined();
  expect(upload.served.exif).toBeUndefined();
  // No wider than the server keeps, from a 4000 px original: it was shrunk, not sent whole.
  expect(upload.served.height).toBe(2560);
  expect(upload.shown.width).toBeLessThan(upload.shown.height);
});

test('the main app (no body limit set) sends the same photo as it is', async ({ page }) => {
  test.setTimeout(180_000);
  const tooLarge = photo.length > POST_LIMITS.imageBytes;
  if (tooLarge) {
    console.log(
      `photo-shrink: skipped the main app's part: the ${photo.length}-byte photo is over its ` +
        `${POST_LIMITS.imageBytes}-byte limit`,
    );
  }
  test.skip(tooLarge, 'the photo is over the main app’s 10 MB limit');
  await signIn(page, uniqueMember('original'));
  const upload = await uploadThroughForm(page, APP_URL, `원본 사진 ${Date.now().toString(36)}`);
  console.log(
    `photo-shrink: ${APP_URL} sent ${upload.bodyBytes} bytes for the ${photo.length}-byte photo`,
  );
  // The original's bytes and the multipart framing around them.
  expect(upload.bodyBytes).toBeGreaterThan(photo.length);
  expect(upload.bodyBytes).toBeLessThan(photo.length + 64 * 1024);
  // The server turned it upright itself, from the EXIF orientation.
  expect(upload.served.width).toBeLessThan(upload.served.height ?? 0);
  expect(upload.served.orientation).toBeUndefined();
  expect(upload.shown.width).toBeLessThan(upload.shown.height);
});
