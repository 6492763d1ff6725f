import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { setRows } from './fixtures/day-log';
import { createExercise, json, logSession } from './fixtures/workout';

/**
 * Issue 27 point 5: the member's bar and plates in settings, the plate sheet from a barbell
 * exercise of the day log (plates per side, the nearest loadable weight when exact is impossible)
 * and its warm-up ramp added as warm-up sets in one tap, kept across a reload.
 */

test.describe.configure({ timeout: 180_000 });

const NAME = '원판 스쿼트';
const SHOTS = 'test-results/plates';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

function entryOf(page: Page, today: string): Locator {
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  return log
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(NAME) }) });
}

async function storedKinds(page: Page, date: string) {
  const day = await json<{
    todayExercises: {
      exerciseName: string;
      repWeightList: { reps: number; weight: number; type?: string }[];
    }[];
  }>(page, `/api/today/date/${date}`);
  return day.todayExercises
    .find((entry) => entry.exerciseName === NAME)
    ?.repWeightList.map((set) => [set.type ?? 'NORMAL', set.weight, set.reps]);
}

test('the bar and plates from settings load a set, and the warm-up ramp is added in one tap', async ({
  page,
}) => {
  await signIn(page, uniqueMember('plates'));
  const today = seoulToday();
  await createExercise(page, NAME, [{ reps: 5, weight: 101 }]);
  // 101 kg cannot be loaded with 2.5 kg as the smallest plate: 100 or 105 on a 15 kg bar.
  await logSession(page, today, NAME, [{ reps: 5, weight: 101 }]);

  // Settings: a 15 kg bar and no 1.25 kg plates, beside the unit.
  await page.goto('/settings');
  const plates = page.getByRole('form', { name: '바벨과 원판 (kg)' });
  await plates.getByRole('spinbutton', { name: '바벨 무게 (kg)' }).fill('15');
  await plates.getByRole('spinbutton', { name: '1.25kg 원판 쌍 수' }).fill('0');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/member/settings') && response.request().method() === 'PATCH',
  );
  await plates.getByRole('button', { name: '원판 저장' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('바벨과 원판을 저장했습니다.')).toBeVisible();
  const settings = await json<{ plates?: { kg?: { bar: number } } }>(page, '/api/member/settings');
  expect(settings.plates?.kg?.bar).toBe(15);
  await page.reload();
  await expect(
    page
      .getByRole('form', { name: '바벨과 원판 (kg)' })
      .getByRole('spinbutton', { name: '바벨 무게 (kg)' }),
  ).toHaveValue('15');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const form = page.getByRole('form', { name: '바벨과 원판 (kg)' });
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: `${SHOTS}/plate-settings-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The sheet, from the exercise of the day log.
  await page.goto('/');
  const entry = entryOf(page, today);
  const open = entry.getByRole('button', { name: `${NAME} 101kg 원판 계산` });
  await open.focus();
  await page.keyboard.press('Enter');
  const sheet = page.getByRole('dialog', { name: `${NAME} 원판 계산` });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('status')).toHaveText(
    '101kg에 정확히 맞출 수 없어 가장 가까운 100kg에 맞췄습니다.',
  );
  await expect(sheet.getByText('가능한 무게: 100kg 또는 105kg')).toBeVisible();
  await expect(sheet.getByText('한쪽에 25kg 1장, 15kg 1장, 2.5kg 1장')).toBeVisible();
  await expect(sheet.getByText('바벨 15kg')).toBeVisible();
  const ramp = sheet.getByRole('region', { name: '워밍업' }).getByRole('listitem');
  await expect(ramp).toHaveText([/^W15kg × 10회/, /^W40kg × 5회/, /^W60kg × 3회/, /^W80kg × 2회/]);
  expect(
    (await new AxeBuilder({ page }).include('dialog[open]').withTags(TAGS).analyze()).violations,
  ).toEqual([]);

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(sheet).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/plate-sheet-${width}.png` });
  }

  // One tap adds the ramp before the working set.
  await sheet.getByRole('button', { name: '워밍업 세트 추가' }).click();
  await expect(sheet).toBeHidden();
  const rows = setRows(entry);
  await expect(rows).toHaveCount(5);
  await expect
    .poll(() => storedKinds(page, today))
    .toEqual([
      ['WARMUP', 15, 10],
      ['WARMUP', 40, 5],
      ['WARMUP', 60, 3],
      ['WARMUP', 80, 2],
      ['NORMAL', 101, 5],
    ]);
  await page.reload();
  await expect(rows).toHaveCount(5);
  for (const [index, text] of ['W', 'W', 'W', 'W', '1'].entries()) {
    await expect(
      rows.nth(index).getByRole('button', { name: new RegExp(`^${index + 1}세트 종류`) }),
    ).toHaveText(text);
  }
  await expect(rows.nth(0)).toHaveAttribute('data-type', 'WARMUP');
  await expect(rows.nth(4).getByRole('textbox', { name: '5세트 무게' })).toHaveValue('101');
});
