import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { setRows } from './fixtures/day-log';
import { APP_URL, writeHeaders } from './fixtures/env';
import { createExercise, exerciseId, json, logSession } from './fixtures/workout';

/**
 * Issue 27: each set of the day log has its kind (a one-tap badge: its number, W, D or F) and an
 * optional RPE with its reps in reserve; both are saved through the day-log outbox, kept across a
 * reload, and a warm-up counts in neither the week's volume nor the exercise's history.
 */

// Each test signs a member in and logs a session through the API first: generous on a busy machine.
test.describe.configure({ timeout: 180_000 });

const NAME = '세트 종류 스쿼트';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** 40 kg × 10 (to become the warm-up), 100 kg × 5 (working), 80 kg × 8 (to become the drop). */
const SETS = [
  { reps: 10, weight: 40 },
  { reps: 5, weight: 100 },
  { reps: 8, weight: 80 },
];

/** A member with today's session of NAME logged and marked 완료 (so its sets count). */
async function memberWithSession(page: Page, prefix: string, sets = SETS) {
  await signIn(page, uniqueMember(prefix));
  const today = seoulToday();
  await createExercise(page, NAME, SETS);
  await logSession(page, today, NAME, sets);
  return today;
}

function entryOf(page: Page, today: string): Locator {
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  return log
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(NAME) }) });
}

/** The stored kinds and RPEs of today's sets, from the backend. */
async function storedKinds(page: Page, date: string) {
  const day = await json<{
    todayExercises: {
      exerciseName: string;
      repWeightList: { reps: number; weight: number; type?: string; rpe?: number | null }[];
    }[];
  }>(page, `/api/today/date/${date}`);
  return day.todayExercises
    .find((entry) => entry.exerciseName === NAME)
    ?.repWeightList.map((set) => [set.type ?? 'NORMAL', set.rpe ?? null]);
}

/** Picks `kind` from the badge menu of the set at `index` (0-based). */
async function pickKind(rows: Locator, index: number, kind: string) {
  await rows
    .nth(index)
    .getByRole('button', { name: new RegExp(`^${index + 1}세트 종류`) })
    .click();
  await rows.page().getByRole('menuitemradio', { name: kind }).click();
}

async function expectBadges(rows: Locator, texts: string[]) {
  await expect(rows).toHaveCount(texts.length);
  for (const [index, text] of texts.entries()) {
    await expect(
      rows.nth(index).getByRole('button', { name: new RegExp(`^${index + 1}세트 종류`) }),
    ).toHaveText(text);
  }
}

test('a warm-up, a working set with an RPE and a drop set are kept, and the warm-up counts in no volume', async ({
  page,
}) => {
  const today = await memberWithSession(page, 'set-kinds');
  await page.goto('/');
  const entry = entryOf(page, today);
  const rows = setRows(entry);
  await expectBadges(rows, ['1', '2', '3']);

  // Before: all three sets count (400 + 500 + 640 kg).
  const week = page.getByRole('region', { name: '이번 주' });
  await expect(week.getByText('1,540kg')).toBeVisible();

  await pickKind(rows, 0, '워밍업');
  await expectBadges(rows, ['W', '1', '2']);
  await pickKind(rows, 2, '드롭 세트');
  await expectBadges(rows, ['W', '1', 'D']);
  await expect(rows.nth(2)).toHaveAttribute('data-joined', 'true');
  await expect(
    rows.nth(2).getByRole('button', { name: '3세트 종류: 드롭 세트 D, 2세트에 이어짐' }),
  ).toBeVisible();

  const rpe = rows.nth(1).getByRole('combobox', { name: '2세트 RPE' });
  await rpe.selectOption({ label: 'RPE 8 · RIR 2' });
  await expect(rows.nth(1)).toContainText('RPE 8RIR 2');

  // The outbox has sent them: the backend has each set's kind and RPE.
  await expect
    .poll(() => storedKinds(page, today))
    .toEqual([
      ['WARMUP', null],
      ['NORMAL', 8],
      ['DROP', null],
    ]);

  // Kept across a reload.
  await page.reload();
  await expectBadges(rows, ['W', '1', 'D']);
  await expect(rows.nth(0)).toHaveAttribute('data-type', 'WARMUP');
  await expect(rows.nth(1).getByRole('combobox', { name: '2세트 RPE' })).toHaveValue('8');
  await expect(rows.nth(2).getByRole('combobox', { name: '3세트 RPE' })).toHaveValue('');

  // The warm-up counts in the week's volume no more: 500 + 640 kg.
  await expect(week.getByText('1,140kg')).toBeVisible();
  await expect(week.getByText('1,540kg')).toHaveCount(0);

  // The edit modal shows the same kinds; its drop set sits under the set it belongs to.
  await page.getByRole('button', { name: '수정' }).click();
  const dialog = page.getByRole('dialog', { name: '수정' });
  const group = dialog.getByRole('group', { name: `${NAME} 세트` });
  await expect(group.getByRole('button', { name: /^1세트 종류: 워밍업 W/ })).toHaveText('W');
  await expect(group.getByRole('combobox', { name: '2세트 RPE' })).toHaveValue('8');
  await expect(group.getByRole('button', { name: /^3세트 종류: 드롭 세트/ })).toHaveText('D');
  // Clearing the RPE there and saving clears it on the server.
  await group.getByRole('combobox', { name: '2세트 RPE' }).selectOption({ label: 'RPE 없음' });
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => storedKinds(page, today))
    .toEqual([
      ['WARMUP', null],
      ['NORMAL', null],
      ['DROP', null],
    ]);
  await expect(rows.nth(1).getByRole('combobox', { name: '2세트 RPE' })).toHaveValue('');
  await rows.nth(1).getByRole('combobox', { name: '2세트 RPE' }).selectOption('9');
  await expect.poll(async () => (await storedKinds(page, today))?.[1]).toEqual(['NORMAL', 9]);

  // The history: the session's volume leaves the warm-up out, and its RPE is charted.
  const id = await exerciseId(page, NAME);
  await page.goto(`/exercise/${id}`);
  const volume = page.getByRole('figure', { name: '세션별 볼륨 (반복 × 무게의 합)' });
  await volume.getByText('표로 보기').click();
  await expect(volume.getByRole('row').nth(1)).toContainText('1,140kg');
  const rpeChart = page.getByRole('figure', { name: '세션별 평균 RPE (RIR = 10 − RPE)' });
  await expect(rpeChart.locator('[data-series="rpe"] circle')).toHaveCount(1);
  await rpeChart.getByText('표로 보기').click();
  await expect(rpeChart.getByRole('row').nth(1)).toContainText('9 (RIR 1)9 (RIR 1)');
});

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the rows fit the phone, the badge menu works by keyboard, and axe finds nothing', async ({
    page,
  }) => {
    const today = await memberWithSession(page, 'set-kinds-phone', [
      { reps: 10, weight: 40 },
      { reps: 5, weight: 102.5 },
      { reps: 8, weight: 80 },
      { reps: 3, weight: 102.5 },
    ]);
    // Kinds and RPE through the API, as the app sends them.
    const day = await json<{
      id: number;
      todayExercises: { id: number; repWeightList: { id: number }[] }[];
    }>(page, `/api/today/date/${today}`);
    const [entryData] = day.todayExercises;
    const ids = entryData.repWeightList.map((set) => set.id);
    const response = await page.request.patch(`${APP_URL}/api/todayExercise/${day.id}`, {
      data: [
        {
          id: entryData.id,
          repWeightList: [
            { id: ids[0], reps: 10, weight: 40, type: 'WARMUP' },
            { id: ids[1], reps: 5, weight: 102.5, rpe: 8.5 },
            { id: ids[2], reps: 8, weight: 80, type: 'DROP', rpe: 10 },
            { id: ids[3], reps: 3, weight: 102.5, type: 'FAILURE', rpe: 9.5 },
          ],
        },
      ],
      headers: writeHeaders,
    });
    expect(response.status(), await response.text()).toBeLessThan(300);

    await page.goto('/');
    const entry = entryOf(page, today);
    const rows = setRows(entry);
    await expectBadges(rows, ['W', '1', 'D', 'F']);
    await expect(rows.nth(3)).toContainText('RPE 9.5RIR 0.5');

    // Nothing runs off the side: the page does not scroll sideways and every row's parts are in it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    for (const index of [0, 1, 2, 3]) {
      const box = await rows.nth(index).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await expect(
        rows.nth(index).getByRole('button', { name: `${index + 1}세트 완료` }),
      ).toBeVisible();
    }

    // By keyboard: focus the badge, open its menu, move and pick; focus returns to the badge.
    const badge = rows.nth(1).getByRole('button', { name: /^2세트 종류/ });
    await badge.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: '2세트 종류 선택' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: '일반 세트' })).toBeFocused();
    await expect(menu).toBeInViewport({ ratio: 1 });

    const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(
      results.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
      ),
    ).toEqual([]);

    if (process.env.E2E_SCREENSHOTS_DIR) {
      await entry.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS_DIR}/set-kinds-menu-390.png` });
    }

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(menu).toBeHidden();
    await expect(badge).toBeFocused();
    await expectBadges(rows, ['W', 'D', 'D', 'F']);
    await expect
      .poll(() => storedKinds(page, today))
      .toEqual([
        ['WARMUP', null],
        ['DROP', 8.5],
        ['DROP', 10],
        ['FAILURE', 9.5],
      ]);

    if (process.env.E2E_SCREENSHOTS_DIR) {
      const dir = process.env.E2E_SCREENSHOTS_DIR;
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const [width, height] of [
          [320, 640],
          [390, 844],
          [1280, 800],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.goto('/');
          await entryOf(page, today).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${dir}/set-kinds-log-${width}-${scheme}.png` });
          await page.getByRole('button', { name: '수정' }).click();
          const dialog = page.getByRole('dialog', { name: '수정' });
          await expect(dialog).toBeVisible();
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${dir}/set-kinds-edit-${width}-${scheme}.png` });
          await dialog.getByRole('button', { name: '취소' }).click();
        }
      }
    }
  });
});
