import { expect, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { APP_URL, writeHeaders } from './fixtures/env';
import { createExercise, json, logSession, shiftDate } from './fixtures/workout';

test("between two sets: last week's numbers prefilled, a tick starts the rest timer, a record gets its badge", async ({
  page,
}) => {
  // The whole loop (two sets, the timer, a record, a reload, pounds): past a minute on a loaded
  // 2-core machine.
  test.slow();
  await page.clock.install();
  await signIn(page, uniqueMember('gym'));
  await createExercise(page, '벤치프레스', [{ reps: 12, weight: 40 }]);
  const today = seoulToday();
  const lastWeek = shiftDate(today, -7);
  await logSession(page, lastWeek, '벤치프레스', [
    { reps: 10, weight: 60 },
    { reps: 10, weight: 60 },
    { reps: 8, weight: 60 },
  ]);

  // Add the exercise to today: the sets come from last week, not the library's 12 × 40 kg.
  await page.goto('/');
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await log.getByRole('button', { name: '추가', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '추가' });
  await dialog.getByRole('checkbox', { name: /벤치프레스/ }).check();
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  const entry = log.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  const [, month, day] = lastWeek.split('-').map(Number);
  await expect(entry.getByText(`지난번 ${month}/${day}: 60kg × 10, 10, 8`)).toBeVisible();
  const sets = setRows(entry);
  await expectSets(sets, [
    ['60', '10'],
    ['60', '10'],
    ['60', '8'],
  ]);

  // Tick the first set: it is marked at once and the rest timer starts at 1:30.
  const firstTick = entry.getByRole('button', { name: '1세트 완료' });
  await expect(firstTick).toHaveAttribute('aria-pressed', 'false');
  await firstTick.click();
  await expect(firstTick).toHaveAttribute('aria-pressed', 'true');
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  // The fake clock still flows in real time: on a busy machine seconds pass between the tick,
  // reading the timer, a fast-forward, a page change and a click, so what it shows is checked
  // within a margin (it starts at 1:30).
  const shownSeconds = async () => {
    const [minutes, seconds] = ((await page.getByRole('timer').textContent()) ?? '').split(':');
    return Number(minutes) * 60 + Number(seconds);
  };
  expect(await shownSeconds()).toBeLessThanOrEqual(90);
  expect(await shownSeconds()).toBeGreaterThan(75);
  await page.clock.fastForward('00:30');
  await expect.poll(shownSeconds).toBeLessThanOrEqual(60);
  expect(await shownSeconds()).toBeGreaterThan(50);
  // A page change keeps it running (it lives in the shell and in localStorage).
  await page.getByRole('link', { name: '운동', exact: true }).first().click();
  await expect(page).toHaveURL(/\/exercise$/);
  await expect.poll(shownSeconds).toBeGreaterThan(40);
  expect(await shownSeconds()).toBeLessThanOrEqual(60);
  const before = await shownSeconds();
  await page.getByRole('button', { name: '휴식 15초 늘리기' }).click();
  await expect
    .poll(async () => {
      const after = await shownSeconds();
      return after > before + 10 && after <= before + 15;
    })
    .toBe(true);
  await page.clock.fastForward('01:16');
  await expect(page.getByText('휴식 끝').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  // Beat last week's 60 kg: the set gets a PR badge once ticked; the tick survives a reload.
  await log.getByRole('button', { name: '수정' }).click();
  const edit = page.getByRole('dialog', { name: '수정' });
  // The edit modal shows last time's sets beside the exercise too.
  await expect(edit.getByText(`지난번 ${month}/${day}: 60kg × 10, 10, 8`)).toBeVisible();
  await edit.getByRole('group', { name: '벤치프레스 세트' }).getByLabel('무게 (Set 2)').fill('65');
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(edit).toBeHidden();
  await expect(entry.getByRole('button', { name: '1세트 완료' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await entry.getByRole('button', { name: '2세트 완료' }).click();
  const badge = sets.nth(1).getByTitle(/개인 기록: 최고 무게/);
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(/PR/);
  await expect(sets.nth(0).getByTitle(/개인 기록/)).toHaveCount(0);

  // Ticking the last open set ticks the day's 완료 too.
  await entry.getByRole('button', { name: '3세트 완료' }).click();
  await expect(log.getByRole('checkbox', { name: '완료' })).toBeChecked();
  await page.reload();
  // The fake clock installed for the rest timer also drives the reloaded page's timers (SWR's
  // revalidation after hydration): let them run.
  await page.clock.runFor(2000);
  await expect(entry.getByRole('button', { name: '2세트 완료' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(sets.nth(1).getByTitle(/개인 기록: 최고 무게/)).toBeVisible();
  await page.screenshot({ path: 'test-results/gym-loop-day-log.png' });

  // In pounds: every weight of the day is shown and typed in lb; stored kilograms stay exact.
  const changed = await page.request.patch(`${APP_URL}/api/member/settings`, {
    data: { weightUnit: 'lb' },
    headers: writeHeaders,
  });
  expect(changed.status()).toBe(200);
  await page.reload();
  await page.clock.runFor(2000);
  // (Set 2 carries its PR badge.)
  await expectSets(sets, [
    ['132.3', '10'],
    ['143.3', '10'],
    ['132.3', '8'],
  ]);
  await expect(sets.nth(1).getByText('PR', { exact: true })).toBeVisible();
  await expect(sets.nth(0).getByText('lb', { exact: true })).toBeVisible();
  await expect(entry.getByText(`지난번 ${month}/${day}: 132.3lb × 10, 10, 8`)).toBeVisible();
  await log.getByRole('button', { name: '수정' }).click();
  await expect(edit.getByLabel('무게 (Set 1)')).toHaveValue('132.3');
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(edit).toBeHidden();
  const stored = await json<{ todayExercises: { repWeightList: { weight: number }[] }[] }>(
    page,
    `/api/today/date/${today}`,
  );
  expect(stored.todayExercises[0].repWeightList.map((set) => set.weight)).toEqual([60, 65, 60]);
  // The library too: its 12 × 40 kg reads 88.2lb.
  await page.goto('/exercise');
  await expect(page.getByRole('button', { name: /벤치프레스/ }).getByText('88.2lb')).toBeVisible();
});
