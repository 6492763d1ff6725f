import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { writeHeaders } from './fixtures/env';
import { noScriptContext, recordApiRequests } from './fixtures/no-js';
import { createExercise, logSession, logWorkout, shiftDate } from './fixtures/workout';

/** A day of this month other than today (the 1st, or the 2nd when today is the 1st). */
function otherDayOfMonth(today: string): string {
  return today.endsWith('-01') ? `${today.slice(0, 8)}02` : `${today.slice(0, 8)}01`;
}

/** Gives the member an open (not completed) day record on `date`, through the API. */
async function openDay(page: Page, date: string): Promise<void> {
  const response = await page.request.post(`/api/today?date=${date}`, { headers: writeHeaders });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

test('home: the first HTML carries the month, its dots and today’s log, with JavaScript off', async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueMember('ssr-home'));
  const today = seoulToday();
  const other = otherDayOfMonth(today);
  const [year, month] = today.split('-').map(Number);
  await logWorkout(page, today, '데드리프트');
  await openDay(page, other);

  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();
  await noJs.goto('/');
  const title = `${year}.${String(month).padStart(2, '0')}`;
  await expect(noJs.getByRole('button', { name: title })).toBeVisible();
  const tile = (key: string) =>
    noJs.getByRole('button', { name: new RegExp(`^${tileName(key)}( |$)`) });
  await expect(tile(today).locator('[data-mark]')).toHaveAttribute('data-mark', 'done');
  await expect(tile(other).locator('[data-mark]')).toHaveAttribute('data-mark', 'open');
  const log = noJs.getByRole('region', { name: `${today} 운동 일지` });
  await expect(log.getByRole('heading', { level: 3 })).toHaveText(['1데드리프트']);
  // The exercise's item, then its numbered set inside it: weight then reps, in the row's inputs.
  await expect(log.getByRole('listitem').first()).toContainText('1데드리프트');
  await expectSets(setRows(log.getByRole('listitem').first()), [['100', '5']]);
  await expect(noJs.getByText('Loading...')).toHaveCount(0);
  await context.close();
});

test('home: hydration asks for neither the session nor the month again', async ({ page }) => {
  await signIn(page, uniqueMember('ssr-hydrate'));
  const today = seoulToday();
  await logWorkout(page, today, '벤치프레스');
  const requests = recordApiRequests(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await expect(log.getByRole('heading', { level: 3 })).toHaveText(['1벤치프레스']);
  // Interactive: the checkbox is hydrated and works.
  const done = log.getByRole('checkbox', { name: '완료' });
  await expect(done).toBeChecked();
  expect(requests).toEqual([]);
  await done.uncheck();
  await expect(done).not.toBeChecked();
  await expect
    .poll(() => requests.some((line) => line.startsWith('POST /api/today/checkbox/')))
    .toBe(true);
});

test('home: a slow week summary streams in after the calendar, which never waits for it', async ({
  page,
}) => {
  test.slow();
  await signIn(page, uniqueMember('ssr-stream'));
  // The backend's test-only slow read (TEST_SLOW_READS in the e2e stack): this browser's week
  // summary answers 12 s late, from the server render as from the browser.
  await page
    .context()
    .addCookies([{ name: 'test_slow_read', value: 'week-summary:12000', url: page.url() }]);
  // The document's load waits for the streamed part, so the navigation is followed from its start.
  await page.goto('/', { waitUntil: 'commit' });
  const today = seoulToday();
  const [year, month] = today.split('-').map(Number);
  const title = `${year}.${String(month).padStart(2, '0')}`;
  await expect(page.getByRole('button', { name: title })).toBeVisible();
  // The calendar is there while the summary is still its skeleton: it was sent first.
  const summary = page.getByRole('region', { name: '이번 주' });
  await expect(summary.getByRole('status')).toHaveText('이번 주 요약을 불러오는 중...');
  // Then the summary arrives in the same response, with no request of the browser's.
  const requests = recordApiRequests(page);
  await expect(summary.getByText('이번 주 첫 운동을 기록해 보세요.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(summary.getByRole('status')).toHaveCount(0);
  expect(requests.filter((url) => url.includes('/api/today/week/'))).toEqual([]);
});

test('home: slow record badges stream in after today’s log, which never waits for them', async ({
  page,
}) => {
  test.slow();
  await signIn(page, uniqueMember('ssr-stream-records'));
  // Last week's 100 kg, then today's 110 kg: today's set carries a record badge.
  const today = seoulToday();
  await createExercise(page, '데드리프트', [{ reps: 5, weight: 100 }]);
  await logSession(page, shiftDate(today, -7), '데드리프트', [{ reps: 5, weight: 100 }]);
  await logSession(page, today, '데드리프트', [{ reps: 5, weight: 110 }]);
  // This browser's record badges answer 12 s late (TEST_SLOW_READS), from the server render as
  // from the browser.
  await page
    .context()
    .addCookies([{ name: 'test_slow_read', value: 'day-records:12000', url: page.url() }]);
  const requests = recordApiRequests(page);
  await page.goto('/', { waitUntil: 'commit' });
  // Today's log is there while its badges are still on their way: it was sent first.
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await expect(log.getByRole('heading', { level: 3 })).toHaveText(['1데드리프트']);
  await expectSets(setRows(log.getByRole('listitem').first()), [['110', '5']]);
  await expect(log.getByText('PR', { exact: true })).toHaveCount(0);
  // Then the badges (on the exercise and on its set) arrive in the same response, with no request
  // of the browser's.
  await expect(log.getByText('PR', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  expect(requests.filter((url) => url.includes('/records'))).toEqual([]);
});
