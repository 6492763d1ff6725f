import { expect, test } from '@playwright/test';
import sharp from 'sharp';

import { signIn, uniqueMember } from './fixtures/auth';
import { writeHeaders } from './fixtures/env';

/** A 4000×3000 JPEG the way a phone writes one: noisy enough to weigh megabytes, with EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  return sharp(noise)
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

test('a phone (390×844 at 3×) loads a feed photo as a variant of at most 1080 px, not the original', async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueMember('photo'));
  const text = `스쿼트 인증 ${Date.now().toString(36)}`;
  const upload = await page.request.post('/api/post', {
    headers: writeHeaders,
    multipart: {
      file: { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() },
      text,
    },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
  });
  await phone.addCookies(await page.context().cookies());
  const phonePage = await phone.newPage();
  const images: { url: string; bytes: number }[] = [];
  phonePage.on('response', async (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/images/')) {
      images.push({ url: response.url(), bytes: (await response.body()).length });
    }
  });
  await phonePage.goto('/post');
  const card = phonePage.getByRole('article').filter({ hasText: text });
  const image = card.getByRole('img', { name: /./ }).last();
  await expect(image).toBeVisible();
  const loadedVariant = () =>
    image.evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0 ? img.currentSrc : null,
    );
  await expect.poll(loadedVariant).not.toBeNull();
  const variantWidth = (source: string | null) => {
    const match = source && /-w(\d+)\.(webp|jpg)$/.exec(new URL(source).pathname);
    return match ? Number(match[1]) : null;
  };
  // What the phone shows is a variant (`<uuid>-w<width>.<format>`), never the display image.
  expect(variantWidth(await loadedVariant())).not.toBeNull();
  // Which one: under mobile emulation Chromium's preload scanner may fetch the eager first photo
  // before the page's viewport applies (in two CI traces its 1600 px variant was asked 60 ms after
  // the HTML, while the lazy photos below, chosen at layout, took 1080 px), and once it holds a
  // larger candidate it keeps it. What the page asks of a phone laid out 390 px wide is what its
  // srcset and sizes give there: the same markup again, with URLs the browser has not cached.
  const asked = await image.evaluate(async (img: HTMLImageElement) => {
    const probe = document.createElement('div');
    probe.innerHTML = img.parentElement!.outerHTML.replace(/\.(webp|jpg)(?= \d+w)/g, '.$1?probe');
    document.body.append(probe);
    const copy = probe.querySelector('img')!;
    while (!copy.currentSrc) await new Promise((resolve) => setTimeout(resolve, 20));
    const source = copy.currentSrc.replace('?probe', '');
    probe.remove();
    return source;
  });
  // A variant no wider than 1080 px.
  expect(variantWidth(asked), asked).toBeLessThanOrEqual(1080);
  const served = await phonePage.request.get(asked);
  const meta = await sharp(await served.body()).metadata();
  expect(meta.width).toBeLessThanOrEqual(1080);
  // Nothing of the camera's metadata is served.
  expect(meta.exif).toBeUndefined();
  // The original (4000 px) was never sent to the phone.
  for (const loaded of images) {
    expect(
      /-w\d+\.(webp|jpg)$/.test(new URL(loaded.url).pathname) || loaded.bytes < 1_000_000,
    ).toBe(true);
  }
  await phone.close();
});
