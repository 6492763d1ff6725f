import { expect, test } from '@playwright/test';

import { APP_URL } from './fixtures/env';

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  lang: string;
  background_color: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
  shortcuts: { name: string; url: string }[];
}

test('installable: the manifest, its icons and the iOS tags are served to anyone', async ({
  page,
  request,
}) => {
  const response = await request.get(`${APP_URL}/manifest.webmanifest`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'EveryHealth 운동 기록',
    short_name: 'EveryHealth',
    start_url: '/',
    display: 'standalone',
    lang: 'ko',
  });
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ['오늘 기록', '/'],
    ['클럽', '/club'],
  ]);
  const purposes = new Set<string>();
  for (const icon of manifest.icons) {
    const image = await request.get(`${APP_URL}${icon.src}`);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const [width, height] = pngSize(await image.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    purposes.add(`${icon.purpose} ${icon.sizes}`);
  }
  // What browsers ask of an installable app: 192 and 512 px icons, maskable ones too.
  expect([...purposes].sort()).toEqual([
    'any 192x192',
    'any 512x512',
    'maskable 192x192',
    'maskable 512x512',
  ]);

  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    /\/manifest\.webmanifest/,
  );
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(appleIcon).toBeTruthy();
  const apple = await request.get(new URL(appleIcon!, APP_URL).href);
  expect(apple.status()).toBe(200);
  expect(pngSize(await apple.body())).toEqual([180, 180]);
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
    'content',
    'EveryHealth',
  );
  await expect(page.locator('meta[name="mobile-web-app-capable"]')).toHaveAttribute(
    'content',
    'yes',
  );
});
