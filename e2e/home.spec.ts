import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { createExercise, createRoutine, moveUpByKeyboard } from './fixtures/workout';

function monthTitle(year: number, month: number): string {
  return `${year}.${String(month).padStart(2, '0')}`;
}

function tile(page: Page, key: string) {
  return page.getByRole('button', { name: new RegExp(`^${tileName(key)}( |$)`) });
}

test('log today: add exercises and a routine, complete, reorder, edit, change months, remove', async ({
  page,
}) => {
  // Over a hundred steps through the whole day log: past a minute on a loaded 2-core machine.
  test.slow();
  await signIn(page, uniqueMember('home'));
  await createExercise(page, '스쿼트', [
    { reps: 5, weight: 100 },
    { reps: 3, weight: 110 },
  ]);
  await createExercise(page, '크런치', [{ reps: 20, weight: 0 }]);
  await createExercise(page, '벤치프레스', [{ reps: 8, weight: 60 }]);
  await createRoutine(page, '상체 루틴', ['벤치프레스']);

  const today = seoulToday();
  const [year, month] = today.split('-').map(Number);
  await page.goto('/');
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await expect(log.getByRole('heading', { level: 2 })).toHaveText(`${today} 운동 일지`);
  await expect(log.getByText('운동 기록이 없습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: monthTitle(year, month) })).toBeVisible();
  await expect(tile(page, today)).toHaveAccessibleName(tileName(today));
  await expect(tile(page, today).locator('[data-mark]')).toHaveCount(0);
  await expect(log.getByRole('button', { name: '수정' })).toBeDisabled();

  // Add: two exercises from the first tab, the routine from the second (arrow keys switch tabs).
  await log.getByRole('button', { name: '추가', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: '추가' });
  const save = dialog.getByRole('button', { name: '저장' });
  await expect(save).toBeDisabled();
  await expect(dialog.getByRole('tab', { name: '운동' })).toHaveAttribute('aria-selected', 'true');
  const exercisePanel = dialog.getByRole('tabpanel', { name: '운동' });
  await exercisePanel.getByRole('checkbox', { name: /스쿼트/ }).check();
  await exercisePanel.getByRole('checkbox', { name: /크런치/ }).check();
  await dialog.getByRole('tab', { name: '운동' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: '루틴' })).toBeFocused();
  await expect(dialog.getByRole('tab', { name: '루틴' })).toHaveAttribute('aria-selected', 'true');
  await dialog
    .getByRole('tabpanel', { name: '루틴' })
    .getByRole('checkbox', { name: /상체 루틴/ })
    .check();
  await expect(dialog.getByText('3개 선택됨')).toBeVisible();
  await save.click();
  await expect(dialog).toBeHidden();

  const names = log.getByRole('heading', { level: 3 });
  await expect(names).toHaveText(['1스쿼트', '2크런치', '3벤치프레스']);
  const squat = log
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /스쿼트/ }) });
  // Weight then reps, in the rows' inputs (issue 29); a weight of 0 is an empty input.
  await expectSets(setRows(squat), [
    ['100', '5'],
    ['110', '3'],
  ]);
  const crunch = log
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /크런치/ }) });
  await expectSets(setRows(crunch), [['', '20']]);

  // The day now has an open (outlined) dot; ticking 완료 fills it.
  await expect(tile(page, today)).toHaveAccessibleName(`${tileName(today)} 미완료`);
  await expect(tile(page, today).locator('[data-mark]')).toHaveAttribute('data-mark', 'open');
  const done = log.getByRole('checkbox', { name: '완료' });
  await expect(done).not.toBeChecked();
  await done.check();
  await expect(done).toBeChecked();
  await expect(tile(page, today)).toHaveAccessibleName(`${tileName(today)} 완료`);
  await expect(tile(page, today).locator('[data-mark]')).toHaveAttribute('data-mark', 'done');

  await page.screenshot({ path: '/tmp/home-1280.png', fullPage: true });

  // Edit: move 크런치 to the top with the keyboard, change 스쿼트's sets, save.
  await log.getByRole('button', { name: '수정' }).click();
  dialog = page.getByRole('dialog', { name: '수정' });
  await moveUpByKeyboard(page, dialog, '크런치', 2);
  const squatSets = dialog.getByRole('group', { name: '스쿼트 세트' });
  await squatSets.getByLabel('반복 횟수 (Set 1)').fill('8');
  await squatSets.getByLabel('무게 (Set 1)').fill('0');
  await squatSets.getByRole('button', { name: '세트 추가' }).click();
  await squatSets.getByLabel('반복 횟수 (Set 3)').fill('0');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(squatSets.getByText('반복 횟수를 정확히 입력해주세요.')).toBeVisible();
  await squatSets.getByLabel('반복 횟수 (Set 3)').fill('12');
  await squatSets.getByLabel('무게 (Set 3)').fill('60');
  await page.screenshot({ path: '/tmp/home-edit-1280.png' });
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  await expect(names).toHaveText(['1크런치', '2스쿼트', '3벤치프레스']);
  await expectSets(setRows(squat), [
    ['', '8'],
    ['110', '3'],
    ['60', '12'],
  ]);

  // Other months load; the chosen day keeps its log; coming back shows the dot again.
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  await page.getByRole('button', { name: '다음 달' }).click();
  await expect(page.getByRole('button', { name: monthTitle(next.year, next.month) })).toBeVisible();
  await expect(names).toHaveText(['1크런치', '2스쿼트', '3벤치프레스']);
  await expect(log.getByRole('heading', { level: 2 })).toHaveText(`${today} 운동 일지`);
  await page.getByRole('button', { name: '이전 달' }).click();
  await expect(page.getByRole('button', { name: monthTitle(year, month) })).toBeVisible();
  await expect(tile(page, today).locator('[data-mark]')).toHaveAttribute('data-mark', 'done');

  // After a reload everything is still there.
  await page.reload();
  await expect(names).toHaveText(['1크런치', '2스쿼트', '3벤치프레스']);
  await expect(log.getByRole('checkbox', { name: '완료' })).toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/home-390.png', fullPage: true });
  await log.getByRole('button', { name: '추가', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: '추가' }).getByRole('checkbox', { name: /스쿼트/ }),
  ).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: '/tmp/home-add-390.png' });
  await page.getByRole('dialog', { name: '추가' }).getByRole('button', { name: '뒤로' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Remove every exercise: the day record goes and so does the dot.
  await log.getByRole('button', { name: '수정' }).click();
  dialog = page.getByRole('dialog', { name: '수정' });
  for (const name of ['크런치', '스쿼트', '벤치프레스']) {
    await dialog.getByRole('button', { name: `${name} 삭제` }).click();
    await expect(dialog.getByRole('button', { name: `${name} 삭제` })).toHaveCount(0);
  }
  await expect(dialog.getByText('이 날짜에 남은 운동이 없습니다.')).toBeVisible();
  await dialog.getByRole('button', { name: '취소' }).click();
  await expect(dialog).toBeHidden();
  await expect(log.getByText('운동 기록이 없습니다.')).toBeVisible();
  await expect(log.getByRole('button', { name: '수정' })).toBeDisabled();
  await expect(tile(page, today)).toHaveAccessibleName(tileName(today));
  await expect(tile(page, today).locator('[data-mark]')).toHaveCount(0);
});

test.describe('in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the heading and the chosen day follow the Seoul date', async ({ page }) => {
    await signIn(page, uniqueMember('home-la'));
    // 15:30 UTC on 22 Nov: still the 22nd in Los Angeles, already the 23rd in Seoul.
    await page.clock.setFixedTime(new Date('2026-11-22T15:30:00Z'));
    await page.goto('/');
    const log = page.getByRole('region', { name: '2026-11-23 운동 일지' });
    await expect(log.getByRole('heading', { level: 2 })).toHaveText('2026-11-23 운동 일지');
    await expect(page.getByRole('button', { name: '2026.11' })).toBeVisible();
    await expect(tile(page, '2026-11-23')).toHaveClass(/selected/);
    await expect(tile(page, '2026-11-22')).not.toHaveClass(/selected/);
    await expect(log.getByText('운동 기록이 없습니다.')).toBeVisible();
    expect(await page.evaluate(() => new Date().getDate())).toBe(22);
  });
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the calendar keeps seven days to a week, and the top bar names the member', async ({
    page,
  }) => {
    await signIn(page, uniqueMember('home-narrow'));
    await page.goto('/');
    // Phones fold the calendar to the chosen week (issue 29); the whole month is one tap away.
    await page.getByRole('button', { name: '한 달 보기' }).click();
    const days = page.locator('.react-calendar__month-view__days__day');
    await expect(days.first()).toBeVisible();
    const tops = await days.evaluateAll((tiles) =>
      tiles.slice(0, 8).map((tile) => Math.round(tile.getBoundingClientRect().top)),
    );
    expect(new Set(tops.slice(0, 7)).size).toBe(1);
    expect(tops[7]).toBeGreaterThan(tops[0]);
    const profileLink = page.getByRole('link', { name: /home-narrow/ }).first();
    await expect(profileLink).toBeVisible();
    const name = profileLink.getByText('home-narrow 테스터', { exact: true });
    await expect(name).toBeVisible();
    expect((await name.boundingBox())?.width ?? 0).toBeGreaterThan(10);
  });
});
