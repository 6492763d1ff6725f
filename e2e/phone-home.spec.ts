import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { APP_URL, writeHeaders } from './fixtures/env';
import { createExercise, json, logSession, shiftDate } from './fixtures/workout';

/**
 * Issue 29, the phone home: today's log and `추가` without scrolling, a chosen date's log brought
 * into view, set rows edited in place (weight then reps, a ghost of last time, `세트 추가`), at
 * 390×844 and 1280×800, light and dark.
 */

// Each test builds a member with two days of sets through the API first: generous on a busy machine.
test.describe.configure({ timeout: 300_000 });

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

/** A day of this month other than today, earlier when there is one (the calendar shows it). */
function otherDay(today: string): string {
  return today.endsWith('-01') ? shiftDate(today, 1) : shiftDate(today, -1);
}

/**
 * A member with two exercises logged today (스쿼트 90 kg × 5, 5; 벤치프레스 60 kg × 8) and the
 * same two last week (스쿼트 100 kg × 5, 5), so the rows have ghosts.
 */
async function memberWithToday(page: Page, prefix: string) {
  await signIn(page, uniqueMember(prefix));
  const today = seoulToday();
  const lastWeek = shiftDate(today, -7);
  await createExercise(page, '스쿼트', [{ reps: 5, weight: 100 }]);
  await createExercise(page, '벤치프레스', [{ reps: 8, weight: 60 }]);
  await logSession(page, lastWeek, '스쿼트', [
    { reps: 5, weight: 100 },
    { reps: 5, weight: 100 },
  ]);
  await logSession(page, today, '스쿼트', [
    { reps: 5, weight: 90 },
    { reps: 5, weight: 90 },
  ]);
  // The second exercise of the day, through the API as the add dialog sends it.
  const exercises = await json<{ id: number; name: string }[]>(page, '/api/member/exercises');
  const bench = exercises.find((item) => item.name === '벤치프레스')!;
  let response = await page.request.post(`${APP_URL}/api/todayExercise/${today}`, {
    data: [{ id: bench.id, type: 'exercise', sequence: 1 }],
    headers: writeHeaders,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const day = await json<{
    id: number;
    todayExercises: { id: number; exerciseName: string }[];
  }>(page, `/api/today/date/${today}`);
  const benchEntry = day.todayExercises.find((entry) => entry.exerciseName === '벤치프레스')!;
  response = await page.request.patch(`${APP_URL}/api/todayExercise/${day.id}`, {
    data: [{ id: benchEntry.id, repWeightList: [{ reps: 8, weight: 60 }] }],
    headers: writeHeaders,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  // Not completed yet: today is the session in progress.
  response = await page.request.post(`${APP_URL}/api/today/checkbox/${day.id}?checked=false`, {
    headers: writeHeaders,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { today, lastWeek };
}

function entryOf(log: Locator, name: string): Locator {
  return log
    .getByRole('listitem')
    .filter({ has: log.page().getByRole('heading', { level: 3, name: new RegExp(name) }) });
}

/** The day's stored sets of `name`, from the backend. */
async function storedSets(page: Page, date: string, name: string) {
  const day = await json<{
    todayExercises: { exerciseName: string; repWeightList: { reps: number; weight: number }[] }[];
  }>(page, `/api/today/date/${date}`);
  return day.todayExercises
    .find((entry) => entry.exerciseName === name)
    ?.repWeightList.map(({ reps, weight }) => ({ reps, weight }));
}

test.describe('phone, 390×844', () => {
  test.use({ viewport: PHONE });

  test('today’s log and 추가 are in view at first; a chosen date’s log is brought into view', async ({
    page,
  }) => {
    const { today } = await memberWithToday(page, 'phone-home');
    await page.goto('/');
    const log = page.getByRole('region', { name: `${today} 운동 일지` });
    await expect(log.getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(log.getByRole('button', { name: '추가', exact: true })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The calendar is the chosen day's week: another week's date needs the month opened.
    const toggle = page.getByRole('button', { name: '한 달 보기' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const other = otherDay(today);
    const otherTile = page.getByRole('button', { name: new RegExp(`^${tileName(other)}( |$)`) });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await otherTile.click();
    // Tapping it folds the month back to its week and brings its log into view, focused.
    const otherHeading = page.getByRole('heading', { level: 2, name: `${other} 운동 일지` });
    await expect(otherHeading).toBeInViewport({ ratio: 1 });
    await expect(otherHeading).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(otherTile).toBeInViewport();

    // Scrolled far down (a long log, the week summary), a tap still brings the log up.
    await toggle.click();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: new RegExp(`^${tileName(today)}( |$)`) }).click();
    await expect(log.getByRole('heading', { level: 2 })).toBeInViewport({ ratio: 1 });

    // A keyboard's choice keeps focus on the calendar (arrow keys go on from there).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: '한 달 보기' }).click();
    const todayTile = page.getByRole('button', { name: new RegExp(`^${tileName(today)}( |$)`) });
    await todayTile.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: `${today} 운동 일지` })).toBeVisible();
    await expect(todayTile).toBeFocused();
  });

  test('a weight edited in its row is saved and survives a reload; bad reps are refused', async ({
    page,
  }) => {
    const { today } = await memberWithToday(page, 'phone-inline');
    await page.goto('/');
    const log = page.getByRole('region', { name: `${today} 운동 일지` });
    const squat = entryOf(log, '스쿼트');
    await expectSets(setRows(squat), [
      ['90', '5'],
      ['90', '5'],
    ]);
    const weight = squat.getByRole('textbox', { name: '1세트 무게' });
    await expect(weight).toHaveAttribute('inputmode', 'decimal');
    await expect(squat.getByRole('textbox', { name: '1세트 반복 횟수' })).toHaveAttribute(
      'inputmode',
      'numeric',
    );
    await weight.fill('82.5');
    await weight.press('Enter');
    await expect
      .poll(() => storedSets(page, today, '스쿼트'))
      .toEqual([
        { reps: 5, weight: 82.5 },
        { reps: 5, weight: 90 },
      ]);

    // Reps of 0 are refused with the spec's wording, and nothing is sent.
    const reps = squat.getByRole('textbox', { name: '2세트 반복 횟수' });
    await reps.fill('0');
    await reps.press('Enter');
    await expect(squat.getByRole('alert')).toHaveText('반복 횟수를 정확히 입력해주세요.');
    await expect(reps).toHaveAttribute('aria-invalid', 'true');
    await reps.fill('6');
    await reps.blur();
    await expect(squat.getByRole('alert')).toHaveCount(0);
    await expect
      .poll(() => storedSets(page, today, '스쿼트'))
      .toEqual([
        { reps: 5, weight: 82.5 },
        { reps: 6, weight: 90 },
      ]);

    await page.reload();
    await expectSets(setRows(entryOf(log, '스쿼트')), [
      ['82.5', '5'],
      ['90', '6'],
    ]);
  });

  test('세트 추가 copies the last set; a tap on an empty input copies last time’s ghost', async ({
    page,
  }) => {
    const { today } = await memberWithToday(page, 'phone-add-set');
    await page.goto('/');
    const log = page.getByRole('region', { name: `${today} 운동 일지` });
    const squat = entryOf(log, '스쿼트');
    await squat.getByRole('button', { name: '스쿼트 세트 추가' }).click();
    await expectSets(setRows(squat), [
      ['90', '5'],
      ['90', '5'],
      ['90', '5'],
    ]);
    await expect.poll(() => storedSets(page, today, '스쿼트')).toHaveLength(3);

    // The ghost is last week's set at the same position (100 kg); a tap on the emptied input copies it.
    const weight = squat.getByRole('textbox', { name: '2세트 무게' });
    await expect(weight).toHaveAttribute('placeholder', '100');
    await weight.fill('');
    await weight.click();
    await expect(weight).toHaveValue('100');
    await weight.press('Enter');
    await expect
      .poll(async () => (await storedSets(page, today, '스쿼트'))?.[1])
      .toEqual({ reps: 5, weight: 100 });
    // The third set has no ghost (last week had two): its emptied weight stays empty (0 kg).
    await expect(squat.getByRole('textbox', { name: '3세트 무게' })).toHaveAttribute(
      'placeholder',
      '0',
    );

    await page.reload();
    await expectSets(setRows(entryOf(log, '스쿼트')), [
      ['90', '5'],
      ['100', '5'],
      ['90', '5'],
    ]);
    // The spec's edit dialog still opens with the same sets, weight before reps.
    await log.getByRole('button', { name: '수정' }).click();
    const dialog = page.getByRole('dialog', { name: '수정' });
    const group = dialog.getByRole('group', { name: '스쿼트 세트' });
    await expect(group.getByLabel('무게 (Set 3)')).toHaveValue('90');
    const order = await group
      .getByRole('listitem')
      .first()
      .locator('input')
      .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('inputmode')));
    expect(order).toEqual(['decimal', 'numeric']);
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('laptop, 1280×800', () => {
  test.use({ viewport: LAPTOP });

  test('today’s log is beside the month; choosing a date moves nothing', async ({ page }) => {
    const { today } = await memberWithToday(page, 'laptop-home');
    await page.goto('/');
    const log = page.getByRole('region', { name: `${today} 운동 일지` });
    await expect(log.getByRole('button', { name: '추가', exact: true })).toBeInViewport();
    const other = otherDay(today);
    await page.getByRole('button', { name: new RegExp(`^${tileName(other)}( |$)`) }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `${other} 운동 일지` }),
    ).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Inline editing works here too.
    await page.getByRole('button', { name: new RegExp(`^${tileName(today)}( |$)`) }).click();
    const bench = entryOf(log, '벤치프레스');
    const weight = bench.getByRole('textbox', { name: '1세트 무게' });
    await weight.fill('62.5');
    await weight.blur();
    await expect
      .poll(() => storedSets(page, today, '벤치프레스'))
      .toEqual([{ reps: 8, weight: 62.5 }]);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', LAPTOP],
  ] as const) {
    test(`axe and screenshots: the home with inline rows, ${colorScheme}, ${size}`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      const { today } = await memberWithToday(page, `phone-axe-${colorScheme}-${size}`);
      await page.goto('/');
      const log = page.getByRole('region', { name: `${today} 운동 일지` });
      const squat = entryOf(log, '스쿼트');
      await expectSets(setRows(squat), [
        ['90', '5'],
        ['90', '5'],
      ]);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: testInfo.outputPath(`home-${colorScheme}-${size}.png`) });
      expect(await violations(page), 'home').toEqual([]);

      // Editing: one row saving done, one refused with its message, a ghost showing.
      await squat.getByRole('button', { name: '1세트 완료' }).click();
      await squat.getByRole('textbox', { name: '1세트 무게' }).fill('95');
      await squat.getByRole('textbox', { name: '1세트 무게' }).press('Enter');
      await expect
        .poll(async () => (await storedSets(page, today, '스쿼트'))?.[0])
        .toEqual({ reps: 5, weight: 95 });
      await squat.getByRole('textbox', { name: '2세트 무게' }).fill('');
      const reps = squat.getByRole('textbox', { name: '2세트 반복 횟수' });
      await reps.fill('0');
      await reps.press('Enter');
      await expect(squat.getByRole('alert')).toBeVisible();
      await squat.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: testInfo.outputPath(`home-editing-${colorScheme}-${size}.png`),
      });
      expect(await violations(page), 'inline editing').toEqual([]);
    });
  }
}
