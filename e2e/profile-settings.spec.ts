import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { APP_URL, writeHeaders } from './fixtures/env';

/**
 * Issue 29, points 8 and 9: the profile shows the member and their posts (no settings above them),
 * `프로필 편집` changes the name and photo everywhere and for good; ⚙ `설정` holds units, timer,
 * notifications, the app, data and the account; `앱 설치` follows `beforeinstallprompt`.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const SHOTS = 'test-results/profile-settings';

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

/** A small real photo: a 64×48 gradient JPEG. */
function photo(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 60, b: 60 } },
  })
    .jpeg()
    .toBuffer();
}

async function post(page: Page, text: string): Promise<void> {
  const buffer = await sharp({
    create: { width: 40, height: 40, channels: 3, background: { r: 40, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const upload = await page.request.post(`${APP_URL}/api/post`, {
    headers: writeHeaders,
    multipart: { file: { name: 'squat.png', mimeType: 'image/png', buffer }, text },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
}

/** The member's corner of the navigation (sidebar, or the phone's top bar). */
const profileLink = (page: Page, name: string) =>
  page.getByRole('link', { name: `${name} 프로필 보기` });

/** Dispatches a synthetic `beforeinstallprompt` whose prompt() records that it was called. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { __prompted?: number }).__prompted =
        ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1;
    };
    event.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(event);
  });
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const) {
  const tag = `${size.width}x${size.height}`;

  test.describe(`profile and settings at ${tag}`, () => {
    test.use({ viewport: size });

    test('the profile shows its posts at once; 프로필 편집 changes the name and the photo for good', async ({
      page,
    }) => {
      test.setTimeout(480_000);
      const member = uniqueNamedMember('프로필');
      await signIn(page, member);
      await post(page, '오늘의 하체');
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
      // The posts start on the first screen: no settings above them.
      const grid = page.getByRole('list', { name: '게시물 목록' });
      const first = grid.getByRole('img', { name: '오늘의 하체' });
      await expect(first).toBeVisible();
      const box = await first.boundingBox();
      expect(box!.y).toBeLessThan(size.height);
      await expect(page.getByRole('region', { name: '운동 설정' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: '친구 관리' })).toHaveAttribute(
        'href',
        '/friend',
      );
      await expect(page.getByRole('tab', { name: /게시물/ })).toBeVisible();
      await expect(page.getByRole('tab', { name: /친구/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          animations: 'disabled',
          path: `${SHOTS}/profile-${tag}-${colorScheme}.png`,
        });
        expect(await violations(page), `/profile (${colorScheme})`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      // The name.
      await page.getByRole('button', { name: '프로필 편집' }).click();
      const dialog = page.getByRole('dialog', { name: '프로필 편집' });
      const name = dialog.getByRole('textbox', { name: '이름' });
      await expect(name).toBeFocused();
      await expect(name).toHaveValue(member.name);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          animations: 'disabled',
          path: `${SHOTS}/edit-dialog-${tag}-${colorScheme}.png`,
        });
        expect(await violations(page), `edit dialog (${colorScheme})`).toEqual([]);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await name.fill('   ');
      await dialog.getByRole('button', { name: '저장' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('이름을 입력해주세요.');
      const newName = `새이름${Date.now().toString(36).slice(-4)}`;
      await name.fill(`  ${newName}  `);
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/member/me') && response.request().method() === 'PATCH',
      );
      await dialog.getByRole('button', { name: '저장' }).click();
      expect((await saved).status()).toBe(200);
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
      await expect(profileLink(page, newName)).toBeVisible();

      // The photo: a real JPEG through the image pipeline.
      await page.getByRole('button', { name: '프로필 편집' }).click();
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'me.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo(),
      });
      await expect(dialog.getByRole('img', { name: newName })).toHaveAttribute('src', /^blob:/);
      const uploaded = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/member/me/picture') &&
          response.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: '저장' }).click();
      const answer = await uploaded;
      expect(answer.status()).toBe(200);
      const { picture } = (await answer.json()) as { picture: string };
      expect(picture).toMatch(/^\/api\/images\/.+-w320\.webp$/);
      await expect(dialog).toHaveCount(0);
      const avatar = page.getByRole('img', { name: newName }).first();
      await expect(avatar).toHaveAttribute('src', picture);
      await expect
        .poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await expect(profileLink(page, newName).locator('img')).toHaveAttribute('src', picture);

      // It survives a reload and a new sign-in (the provider's name no longer overwrites it).
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
      await expect(profileLink(page, newName)).toBeVisible();
      await page.context().clearCookies();
      await signIn(page, member);
      await expect(profileLink(page, newName)).toBeVisible();
      await expect(profileLink(page, newName).locator('img')).toHaveAttribute('src', picture);
      const check = (await (await page.request.get(`${APP_URL}/api/login/check`)).json()) as {
        name: string;
        picture: string;
      };
      expect(check).toMatchObject({ name: newName, picture });
    });

    test('⚙ 설정 holds units, timer, notifications, data and the account, and they work', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const member = uniqueNamedMember('설정');
      await signIn(page, member);
      await page.goto('/profile');
      await page.getByRole('link', { name: '설정', exact: true }).first().click();
      await page.waitForURL('**/settings');
      await expect(page.getByRole('heading', { level: 1, name: '설정' })).toBeVisible();
      for (const heading of ['운동 설정', '알림 설정', '앱', '내 데이터']) {
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      }
      await expect(page.getByRole('combobox', { name: '기본 휴식 시간' })).toBeVisible();
      await expect(page.getByRole('link', { name: '내 데이터 내려받기' })).toBeVisible();
      await expect(page.getByRole('region', { name: '기록 가져오기' })).toBeVisible();
      await expect(page.getByRole('button', { name: '계정 삭제' })).toBeVisible();
      // The navigation reaches it too (the sidebar, or the phone's top bar).
      await expect(page.locator('aside a[href="/settings"]')).toBeVisible();

      // kg → lb is saved and kept.
      const saved = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/member/settings') &&
          response.request().method() === 'PATCH',
      );
      await page.getByRole('radio', { name: 'lb' }).check();
      expect((await saved).status()).toBe(200);
      // A notification kind switched off.
      const notify = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/member/notification-settings') &&
          response.request().method() === 'PUT',
      );
      await page.getByRole('switch', { name: '내 게시물에 좋아요가 눌렸을 때' }).click();
      expect((await notify).status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('radio', { name: 'lb' })).toBeChecked();
      await expect(
        page.getByRole('switch', { name: '내 게시물에 좋아요가 눌렸을 때' }),
      ).not.toBeChecked();
      const settings = (await (
        await page.request.get(`${APP_URL}/api/member/settings`)
      ).json()) as {
        weightUnit: string;
      };
      expect(settings.weightUnit).toBe('lb');
      await page.waitForLoadState('networkidle');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          animations: 'disabled',
          path: `${SHOTS}/settings-${tag}-${colorScheme}.png`,
        });
        await page.screenshot({
          path: `${SHOTS}/settings-full-${tag}-${colorScheme}.png`,
          fullPage: true,
        });
        expect(await violations(page), `/settings (${colorScheme})`).toEqual([]);
      }
    });

    test('앱 설치 appears on beforeinstallprompt, prompts, and hides after appinstalled', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await signIn(page, uniqueNamedMember('설치'));
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: '설정' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const install = page.getByRole('button', { name: '앱 설치' });
      await expect(install).toHaveCount(0);
      await expect(
        page.getByText(/이 브라우저에서는 지금 설치를 제안할 수 없습니다/),
      ).toBeVisible();

      await offerInstall(page);
      // In the settings' 앱 panel and in the navigation's account corner (phone bar or sidebar).
      const inPanel = page
        .getByRole('region', { name: '앱' })
        .getByRole('button', { name: '앱 설치' });
      const inNav = page.locator('aside').getByRole('button', { name: '앱 설치' });
      await expect(inPanel).toBeVisible();
      await expect(inNav).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({
          animations: 'disabled',
          path: `${SHOTS}/install-${tag}-${colorScheme}.png`,
        });
        expect(await violations(page), `install offered (${colorScheme})`).toEqual([]);
      }
      await inPanel.click();
      expect(
        await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted),
      ).toBe(1);
      // The offer is used once: hidden until the browser offers it again.
      await expect(install).toHaveCount(0);
      await offerInstall(page);
      await expect(inPanel).toBeVisible();
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await expect(install).toHaveCount(0);
      await expect(page.getByText('이 기기에 설치된 앱에서 보고 있습니다.')).toBeVisible();

      // The other pages' navigation offers it too (the shell keeps the event from early on).
      await page.goto('/');
      await offerInstall(page);
      await expect(page.locator('aside').getByRole('button', { name: '앱 설치' })).toBeVisible();
    });
  });
}

test('the offline page offers 앱 설치 when the browser does', async ({ page }) => {
  await page.goto('/~offline');
  await expect(page.getByRole('heading', { level: 1, name: '오프라인입니다' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: '앱 설치' })).toHaveCount(0);
  await offerInstall(page);
  await expect(page.getByRole('button', { name: '앱 설치' })).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
  await expect(page.getByRole('button', { name: '앱 설치' })).toHaveCount(0);
});
