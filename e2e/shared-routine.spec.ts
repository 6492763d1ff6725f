import { writeFileSync } from 'node:fs';

import { expect, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';
import { APP_URL, writeHeaders } from './fixtures/env';
import { createRoutine } from './fixtures/workout';

/** Screenshots of the shared page (README, issue 27), at a phone's width and a laptop's. */
const SHOTS = process.env.SHARED_ROUTINE_SHOTS ?? '/tmp';

test('a member shares a routine, another opens it and copies it, and a revoked link is gone', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = uniqueNamedMember('공유');
  await signIn(page, owner);
  // The owner's exercises, one with a warm-up and an RPE (a copy keeps set kinds).
  for (const [name, classification, repWeightList] of [
    [
      '공유 스쿼트',
      'LOWERBODY',
      [
        { reps: 10, weight: 60, type: 'WARMUP' },
        { reps: 5, weight: 100, rpe: 8 },
      ],
    ],
    ['공유 런지', 'LOWERBODY', [{ reps: 12, weight: 20 }]],
  ] as const) {
    const response = await page.request.post('/api/exercise', {
      data: { name, memo: '비밀 메모', classification, repWeightList },
      headers: writeHeaders,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
  }
  await createRoutine(page, '공유 하체 데이', ['공유 스쿼트', '공유 런지']);

  // The owner makes the link on the routine's card.
  await page.goto('/routine');
  await page.getByRole('button', { name: /공유 하체 데이/ }).click();
  await page.getByRole('button', { name: '공유 링크 만들기' }).click();
  const link = page.getByRole('link', { name: '공유 하체 데이 공유 링크' });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/routine\/shared\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByText('공유 중', { exact: true })).toBeVisible();

  // Signed out: the preview in place (name and counts, nothing else), with its Open Graph card.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  const previewResponse = await visitor.goto(href);
  expect(previewResponse?.status()).toBe(200);
  expect(new URL(visitor.url()).pathname).toBe(href);
  await expect(visitor.getByRole('heading', { level: 1, name: '공유 하체 데이' })).toBeVisible();
  await expect(visitor.getByText('운동 2개 · 3세트')).toBeVisible();
  await expect(visitor.getByText('공유 스쿼트')).toHaveCount(0);
  await expect(visitor.getByText(owner.name)).toHaveCount(0);
  const ogImage = await visitor.locator('meta[property="og:image"]').getAttribute('content');
  // Absolute, on PUBLIC_URL (a crawler fetches it from there).
  expect(
    ogImage?.startsWith(
      `${APP_URL}${href.replace('/routine/shared/', '/shared-routine/')}/opengraph-image`,
    ),
  ).toBe(true);
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    '공유 하체 데이',
  );
  const image = await anonymous.request.get(ogImage!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  writeFileSync(`${SHOTS}/shared-routine-og.png`, await image.body());
  await visitor.setViewportSize({ width: 390, height: 844 });
  await visitor.screenshot({ path: `${SHOTS}/shared-routine-preview-390.png` });
  await visitor.getByRole('link', { name: '로그인하고 루틴 보기' }).click();
  await expect(visitor).toHaveURL(/\/login\?next=%2Froutine%2Fshared%2F/);
  await anonymous.close();

  // Another member opens it: rendered on the server, read-only, and copies it.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const guestMember = uniqueNamedMember('받음');
  await signIn(guest, guestMember);
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto(href);
  await expect(guest.getByRole('heading', { level: 1, name: '공유 하체 데이' })).toBeVisible();
  await expect(guest.getByText(`${owner.name}님의 루틴`)).toBeVisible();
  await expect(guest.getByRole('heading', { level: 2 })).toHaveText([
    /1공유 스쿼트하체/,
    /2공유 런지하체/,
  ]);
  await expect(guest.getByText('RPE 8', { exact: true })).toBeVisible();
  await expect(guest.getByText('비밀 메모')).toHaveCount(0);
  await guest.screenshot({ path: `${SHOTS}/shared-routine-390.png`, fullPage: true });
  await guest.setViewportSize({ width: 1280, height: 800 });
  await guest.screenshot({ path: `${SHOTS}/shared-routine-1280.png`, fullPage: true });

  await guest.getByRole('button', { name: '내 루틴으로 복사' }).click();
  await expect(guest.getByText('공유 하체 데이를 내 루틴으로 복사했습니다.')).toBeVisible();
  await expect(guest).toHaveURL(/\/routine\?focus=\d+$/);
  const copy = guest.getByRole('button', { name: /공유 하체 데이/ });
  await expect(copy).toHaveAttribute('aria-expanded', 'true');
  await expect(guest.getByRole('heading', { level: 3 })).toHaveText(['1공유 스쿼트', '2공유 런지']);
  // The copy is the guest's own: its exercises are in the guest's library, and it is not shared.
  await expect(guest.getByRole('button', { name: '공유 링크 만들기' })).toBeVisible();
  const library = (await (await guest.request.get('/api/member/exercises')).json()) as {
    name: string;
    memo: string | null;
  }[];
  expect(library.map((item) => [item.name, item.memo]).sort()).toEqual([
    ['공유 런지', null],
    ['공유 스쿼트', null],
  ]);
  await guest.screenshot({ path: `${SHOTS}/shared-routine-copied-1280.png` });

  // The owner stops sharing; the guest's open of the link is the not-found state, the copy stays.
  await page.getByRole('button', { name: '공유 중지' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '공유 중지' }).click();
  await expect(page.getByRole('button', { name: '공유 링크 만들기' })).toBeVisible();

  const gone = await guest.goto(href);
  expect(gone?.status()).toBe(404);
  await expect(guest.getByText('공유 링크를 찾을 수 없습니다.')).toBeVisible();
  await guest.screenshot({ path: `${SHOTS}/shared-routine-revoked-1280.png` });
  await guest.goto('/routine');
  await expect(guest.getByRole('button', { name: /공유 하체 데이/ })).toBeVisible();
  await guestContext.close();
});

test('a share link said in a club chat shows a card that opens the routine', async ({ page }) => {
  test.slow();
  await signIn(page, uniqueNamedMember('채팅공유'));
  const response = await page.request.post('/api/exercise', {
    data: {
      name: '채팅 데드리프트',
      memo: '',
      classification: 'BACK',
      repWeightList: [{ reps: 5, weight: 140 }],
    },
    headers: writeHeaders,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await createRoutine(page, '등 데이', ['채팅 데드리프트']);
  const routines = (await (await page.request.get('/api/member/routines')).json()) as {
    routineId: number;
  }[];
  const shared = await page.request.post(`/api/routine/${routines[0].routineId}/share`, {
    headers: writeHeaders,
  });
  const { url } = (await shared.json()) as { url: string };
  expect(url.startsWith(`${APP_URL}/routine/shared/`)).toBe(true);

  const title = `루틴 공유방 ${Date.now().toString(36)}`;
  await createClub(page, title, { intro: '루틴 나눔', place: '강남', time: '저녁' });
  await openRoom(page, title);
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  await say(page, `오늘 이 루틴 어때요? ${url}`);
  const card = page.getByRole('log').getByRole('link', { name: /공유된 루틴/ });
  await expect(card).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/shared-routine-chat-390.png` });
  await card.click();
  await expect(page).toHaveURL(new URL(url).pathname);
  await expect(page.getByRole('heading', { level: 1, name: '등 데이' })).toBeVisible();
});
