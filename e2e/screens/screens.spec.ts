import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';

import { signIn } from '../fixtures/auth';
import { seoulToday } from '../fixtures/calendar';
import { writeHeaders } from '../fixtures/env';
import { createExercise, createRoutine, json, logSession } from '../fixtures/workout';

/**
 * Screenshot tests of the main screens at a phone's and a laptop's size, in both themes, against
 * baselines in ./baselines. The stack is fresh and holds only what `beforeAll` puts there (three
 * members, one day's log, a routine, a post, a club with messages), so every picture is the same
 * from run to run except what depends on today's date, which is masked (day-log headings, times).
 * A failure here means a screen changed: look at the diff in the report, and when the change is
 * meant, update the baselines (`npm run test:screens -- --update-snapshots`) and commit them.
 */
const MEMBER = { email: 'screens-jiwoo@e2e.everyhealth.dev', name: '한지우' };
const FRIEND = { email: 'screens-haneul@e2e.everyhealth.dev', name: '정하늘' };
const ASKER = { email: 'screens-serin@e2e.everyhealth.dev', name: '오세린' };

/** The month the home calendar is turned to, so its grid is the same whatever today is. */
const FIXED_MONTH = { year: 2026, month: 1 };

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

test.describe.configure({ mode: 'serial' });

let memberState: Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;
let roomPath = '';
let clubPagePath = '';

async function signedInPage(browser: Browser, who: { email: string; name: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

async function memberId(page: Page): Promise<number> {
  return (await json<{ id: number }>(page, '/api/login/check')).id;
}

/** A photo of fixed pixels: a warm gradient, 1200×900 JPEG. */
async function fixedPhoto(): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = 200 + Math.round((55 * x) / width);
      pixels[offset + 1] = 80 + Math.round((100 * y) / height);
      pixels[offset + 2] = 90;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function expectOk(response: import('@playwright/test').APIResponse) {
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const member = await signedInPage(browser, MEMBER);
  const friend = await signedInPage(browser, FRIEND);
  const asker = await signedInPage(browser, ASKER);
  const page = member.page;

  const today = seoulToday();
  await createExercise(page, '벤치프레스', [
    { reps: 10, weight: 60 },
    { reps: 8, weight: 65 },
    { reps: 6, weight: 70 },
  ]);
  await createExercise(page, '스쿼트', [
    { reps: 5, weight: 100 },
    { reps: 5, weight: 100 },
  ]);
  await logSession(page, today, '벤치프레스', [
    { reps: 10, weight: 60 },
    { reps: 8, weight: 65 },
    { reps: 6, weight: 70 },
  ]);
  await createRoutine(page, '상체 루틴', ['벤치프레스', '스쿼트']);

  await expectOk(
    await page.request.post('/api/post', {
      multipart: {
        file: { name: 'gym.jpg', mimeType: 'image/jpeg', buffer: await fixedPhoto() },
        text: '오늘 벤치 70kg 성공! 다음 주에는 75kg에 도전합니다.',
      },
      headers: writeHeaders,
    }),
  );

  // A friend (accepted) and a pending request from someone else.
  const memberKey = await memberId(page);
  await expectOk(
    await friend.page.request.post(`/api/friend/request/${memberKey}`, { headers: writeHeaders }),
  );
  await expectOk(
    await page.request.post(`/api/friend/accept/${await memberId(friend.page)}`, {
      headers: writeHeaders,
    }),
  );
  await expectOk(
    await asker.page.request.post(`/api/friend/request/${memberKey}`, { headers: writeHeaders }),
  );

  // A club with a short conversation.
  await expectOk(
    await page.request.post('/api/club', {
      data: {
        title: '새벽 러닝 크루',
        content: '매주 한강에서 함께 달리는 모임입니다.',
        location: '여의도 한강공원',
        schedule: '매주 화요일, 토요일 오전 6시',
        highlight: '초보 환영',
      },
      headers: writeHeaders,
    }),
  );
  const clubs = await json<{ id: number; chatRoomId: number }[]>(page, '/api/clubs');
  roomPath = `/chat/${clubs[0].chatRoomId}`;
  clubPagePath = `/club/${clubs[0].id}`;
  await expectOk(
    await friend.page.request.post(`/api/club/${clubs[0].id}/join`, { headers: writeHeaders }),
  );
  for (const [who, text] of [
    [friend.page, '내일 아침 6시 맞죠?'],
    [page, '네, 여의나루역 2번 출구에서 봬요!'],
  ] as const) {
    await who.goto(roomPath);
    const input = who.getByLabel('메시지 입력');
    await expect(input).toBeEnabled({ timeout: 20_000 });
    await input.fill(text);
    await input.press('Enter');
    await expect(who.getByText(text)).toBeVisible();
  }

  memberState = await member.context.storageState();
  await Promise.all([member.context.close(), friend.context.close(), asker.context.close()]);
});

/**
 * What changes with the date or the clock, hidden in every picture: `<time>` elements and the
 * day log's `YYYY-MM-DD 운동 일지`. Masks are painted over everything, so with a dialog open only
 * the dialog's own are masked (the page's would show through the sheet).
 */
function volatile(scope: Page | Locator): Locator[] {
  return [scope.locator('time'), scope.getByText(/^\d{4}-\d{2}-\d{2} 운동 일지$/)];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images)
        .filter((image) => !image.complete)
        .map((image) => new Promise((resolve) => image.addEventListener('load', resolve))),
    );
  });
}

async function shoot(page: Page, name: string, scope: Page | Locator = page) {
  await settle(page);
  await expect(page).toHaveScreenshot(`${name}.png`, { mask: volatile(scope), fullPage: false });
}

async function turnCalendarTo(page: Page, target: { year: number; month: number }) {
  const [year, month] = seoulToday().split('-').map(Number);
  const steps = (year - target.year) * 12 + (month - target.month);
  for (let step = 0; step < steps; step++) {
    await page.getByRole('button', { name: '이전 달' }).click();
  }
  await expect(
    page.getByRole('button', { name: `${target.year}.${String(target.month).padStart(2, '0')}` }),
  ).toBeVisible();
}

for (const size of SIZES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`main screens, ${size.name}, ${colorScheme}`, async ({ browser }) => {
      // Eight screens, each waiting for a stable picture: about a minute on a quiet machine.
      test.setTimeout(300_000);
      const context = await browser.newContext({
        storageState: memberState,
        viewport: size.viewport,
        colorScheme,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const prefix = `${size.name}-${colorScheme}`;

      await page.goto('/');
      await expect(page.getByRole('heading', { name: /운동 일지/ })).toBeVisible();
      await turnCalendarTo(page, FIXED_MONTH);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shoot(page, `${prefix}-home`);

      await page.getByRole('button', { name: '수정' }).first().click();
      const editSheet = page.getByRole('dialog', { name: '수정' });
      await expect(editSheet).toBeVisible();
      await shoot(page, `${prefix}-day-log-editing`, editSheet);
      await page.keyboard.press('Escape');

      for (const [path, name, ready] of [
        ['/post', 'feed', () => page.getByText('오늘 벤치 70kg 성공!')],
        ['/friend', 'friend', () => page.getByText(ASKER.name).first()],
        ['/club', 'club', () => page.getByText('새벽 러닝 크루').first()],
        [clubPagePath, 'club-page', () => page.getByText(FRIEND.name).first()],
        ['/profile', 'profile', () => page.getByRole('heading', { name: MEMBER.name }).first()],
        ['/routine', 'routine', () => page.getByText('상체 루틴').first()],
        ['/settings', 'settings', () => page.getByRole('heading', { level: 1, name: '설정' })],
      ] as const) {
        await page.goto(path);
        await expect(ready()).toBeVisible();
        await shoot(page, `${prefix}-${name}`);
      }

      await page.goto(roomPath);
      await expect(page.getByLabel('메시지 입력')).toBeEnabled({ timeout: 20_000 });
      await expect(page.getByText('네, 여의나루역 2번 출구에서 봬요!')).toBeVisible();
      await shoot(page, `${prefix}-chat`);

      await context.close();
    });
  }
}
