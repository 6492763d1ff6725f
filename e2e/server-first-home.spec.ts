import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { writeHeaders } from './fixtures/env';
import { noScriptContext, recordApiRequests } from './fixtures/no-js';
import { logWorkout } from './fixtures/workout';

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
