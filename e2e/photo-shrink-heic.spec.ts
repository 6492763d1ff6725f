import { randomBytes } from 'node:crypto';

import { expect, type Request, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { SPLIT_APP_URL } from './fixtures/env';

/**
 * Issue 24 point 6, beside photo-shrink.spec.ts: on the Vercel-like app server (a request body
 * limit set) a photo too large for it that the browser cannot redraw is refused before upload.
 */

// With tracing on, Playwright's snapshots fetch the undecodable HEIC preview's blob: URL from the
// page (a connect-src violation of the app's CSP, not seen with --trace off nor for previews that
// decode), which the CSP reporter would count: no trace in this file.
test.use({ trace: 'off' });

const isUpload = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/post';

test('on the Vercel-like app a too-large photo Chromium cannot decode (HEIC) is refused before upload, the form kept', async ({
  page,
}) => {
  await signIn(page, uniqueMember('heic'));
  // An iPhone's HEIC as far as its first box goes (`ftyp heic`); Chromium decodes no HEIC at all.
  const ftyp = Buffer.from('00000018667479706865696300000000006d69663168656963', 'hex');
  const heic = Buffer.concat([ftyp, randomBytes(5_000_000)]);
  let uploads = 0;
  page.on('request', (request) => {
    if (isUpload(request)) uploads++;
  });
  await page.goto(`${SPLIT_APP_URL}/post/upload`);
  await page
    .getByLabel('이미지를 드래그하거나 클릭하여 업로드하세요')
    .setInputFiles({ name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: heic });
  const text = `아이폰 사진 ${Date.now().toString(36)}`;
  const textarea = page.getByPlaceholder('게시글 내용을 입력하세요...');
  await textarea.fill(text);
  await page.getByRole('button', { name: '업로드하기' }).click();
  await expect(
    page.getByRole('alert').filter({
      hasText:
        /^사진이 너무 커서 업로드할 수 없습니다\. \d+(\.\d)?MB 이하의 사진이나 JPG, PNG 사진을 선택해주세요\.$/,
    }),
  ).toBeVisible();
  expect(uploads).toBe(0);
  await expect(page).toHaveURL(`${SPLIT_APP_URL}/post/upload`);
  await expect(textarea).toHaveValue(text);
  await expect(page.getByText(/IMG_0002\.HEIC/)).toBeVisible();
  await expect(page.getByRole('button', { name: '업로드하기' })).toBeEnabled();
});
