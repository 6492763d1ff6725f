import { expect, type Page, test } from '@playwright/test';

import { cookieNames, signIn, uniqueMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { APP_URL, writeHeaders } from './fixtures/env';
import { waitForServiceWorker, warmOfflineCacheAgain } from './fixtures/offline';
import { createExercise, json, logSession } from './fixtures/workout';

/**
 * Issue 15 through the real stack: the service worker, IndexedDB, the backend's idempotency keys.
 * A member logs a workout with no connection, the changes wait in the outbox, and each reaches the
 * backend exactly once when the connection is back; a change to a day deleted meanwhile is
 * reported, not lost silently; logout offline leaves nothing of the member behind.
 */

interface Day {
  id: number;
  checkBox: string;
  todayExercises: Array<{
    id: number;
    exerciseName: string;
    repWeightList: Array<{ id: number; reps: number; weight: number; done?: boolean }>;
  }>;
}

/** Waits until the service worker's API cache holds `path` (the warm-up read it). */
async function waitForCached(page: Page, path: string): Promise<void> {
  // Polled from here: waitForFunction would take the predicate's pending promise for a yes.
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          const cache = await caches.open('everyhealth-api');
          return (await cache.match(wanted)) !== undefined;
        }, path),
      // The warm-up runs in the background after the page settles: slow on a loaded machine.
      { timeout: 60_000 },
    )
    .toBe(true);
}

function syncChip(page: Page) {
  return page
    .getByRole('status')
    .filter({ has: page.getByRole('button') })
    .getByRole('button');
}

test('a workout logged offline reaches the backend once when the connection is back', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const member = uniqueMember('offline-log');
  await signIn(page, member);
  await createExercise(page, '데드리프트', [
    { reps: 5, weight: 100 },
    { reps: 5, weight: 100 },
  ]);
  const today = seoulToday();
  const [year, month, day] = today.split('-').map(Number);
  const monthDay = `${month}/${day}`;
  // A session last month, never opened on this device: the warm-up caches it for offline use.
  const lastMonth =
    month === 1 ? `${year - 1}-12-10` : `${year}-${String(month - 1).padStart(2, '0')}-10`;
  await logSession(page, lastMonth, '데드리프트', [{ reps: 3, weight: 140 }]);

  // Online once with the service worker in control: the page and the home data get cached.
  await page.goto('/');
  await waitForServiceWorker(page);
  await warmOfflineCacheAgain(page);
  await waitForCached(page, '/api/member/exercises');

  await waitForCached(page, `/api/today/date/${lastMonth}`);

  await context.setOffline(true);
  await page.reload();
  // Last month's day opens offline too.
  await page.getByRole('button', { name: '이전 달' }).click();
  await page.getByRole('button', { name: new RegExp(`^${tileName(lastMonth)}`) }).click();
  const lastLog = page.getByRole('region', { name: `${lastMonth} 운동 일지` });
  await expectSets(setRows(lastLog), [['140', '3']]);
  await page.getByRole('button', { name: '다음 달' }).click();
  await page.getByRole('button', { name: new RegExp(`^${tileName(today)}`) }).click();
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await expect(log).toBeVisible();

  // Add the exercise, change a set, tick a set and 완료: each shows at once.
  await log.getByRole('button', { name: '추가', exact: true }).click();
  const add = page.getByRole('dialog', { name: '추가' });
  await add.getByRole('checkbox', { name: /데드리프트/ }).check();
  await add.getByRole('button', { name: '저장' }).click();
  await expect(add).toBeHidden();
  const entry = log.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(entry.getByRole('heading', { name: '데드리프트' })).toBeVisible();

  await log.getByRole('button', { name: '수정' }).click();
  const edit = page.getByRole('dialog', { name: '수정' });
  await edit
    .getByRole('group', { name: '데드리프트 세트' })
    .getByLabel('반복 횟수 (Set 1)')
    .fill('6');
  await edit.getByRole('button', { name: '저장' }).click();
  await expect(edit).toBeHidden();
  const sets = setRows(entry);
  await expectSets(sets, [
    ['100', '6'],
    ['100', '5'],
  ]);

  await entry.getByRole('button', { name: '2세트 완료' }).click();
  await expect(entry.getByRole('button', { name: '2세트 완료' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await log.getByRole('checkbox', { name: '완료' }).check();
  await expect(syncChip(page)).toHaveText('오프라인 · 변경 4개 대기 중');
  await page.screenshot({ path: '/tmp/offline-waiting-1280.png' });

  // Still there after a reload with no connection: the page from the cache, the changes from
  // IndexedDB.
  await page.reload();
  await expectSets(sets, [
    ['100', '6'],
    ['100', '5'],
  ]);
  await expect(log.getByRole('checkbox', { name: '완료' })).toBeChecked();
  await expect(syncChip(page)).toHaveText('오프라인 · 변경 4개 대기 중');
  await syncChip(page).click();
  const panel = page.getByRole('dialog', { name: '동기화 상태' });
  await expect(panel.getByRole('listitem')).toHaveText([
    `${monthDay} 데드리프트 추가`,
    `${monthDay} 데드리프트 세트 수정`,
    `${monthDay} 데드리프트 2세트 완료`,
    `${monthDay} 완료 표시`,
  ]);
  await page.keyboard.press('Escape');

  // Back online: the queue drains and the backend has each change exactly once.
  await context.setOffline(false);
  await expect(syncChip(page)).toHaveText('동기화됨');
  const stored = await json<Day>(page, `/api/today/date/${today}`);
  expect(stored.checkBox).toBe('True');
  expect(stored.todayExercises).toHaveLength(1);
  expect(stored.todayExercises[0].exerciseName).toBe('데드리프트');
  expect(
    stored.todayExercises[0].repWeightList.map(({ reps, weight, done }) => ({
      reps,
      weight,
      done,
    })),
  ).toEqual([
    { reps: 6, weight: 100, done: false },
    { reps: 5, weight: 100, done: true },
  ]);
  // Synced: the ticked set beats last month's volume, so it gets its record badge now.
  await expectSets(sets, [
    ['100', '6'],
    ['100', '5'],
  ]);
  await expect(sets.nth(1).getByText('PR', { exact: true })).toBeVisible();

  // The same member on another device sees it all.
  const second = await browser.newContext();
  const other = await second.newPage();
  await signIn(other, { email: member.email });
  const otherLog = other.getByRole('region', { name: `${today} 운동 일지` });
  await expect(otherLog.getByRole('heading', { name: '데드리프트' })).toBeVisible();
  await expect(otherLog.getByRole('checkbox', { name: '완료' })).toBeChecked();
  await expect(otherLog.getByRole('button', { name: '2세트 완료' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A tick made offline on an exercise the other device deletes meanwhile: the server wins, and
  // the change is reported with a way to drop it.
  await context.setOffline(true);
  await entry.getByRole('button', { name: '1세트 완료' }).click();
  await expect(syncChip(page)).toHaveText('오프라인 · 변경 1개 대기 중');
  const deleted = await other.request.delete(
    `${APP_URL}/api/todayExercise/${stored.todayExercises[0].id}`,
    { headers: writeHeaders },
  );
  expect(deleted.status()).toBe(200);
  await context.setOffline(false);
  await expect(syncChip(page)).toHaveText('저장하지 못한 변경 1개');
  await syncChip(page).click();
  await expect(panel.getByRole('listitem')).toContainText([`${monthDay} 데드리프트 1세트 완료`]);
  await expect(panel.getByText('다른 곳에서 삭제된 기록이라 적용하지 못했습니다.')).toBeVisible();
  await page.screenshot({ path: '/tmp/offline-refused-1280.png' });
  await panel.getByRole('button', { name: `${monthDay} 데드리프트 1세트 완료 버리기` }).click();
  await expect(panel.getByText('모든 변경이 저장되었습니다.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(log.getByText('운동 기록이 없습니다.')).toBeVisible();
  await second.close();
});

test('logout while offline leaves nothing of the member in the caches or IndexedDB', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const member = uniqueMember('offline-out');
  await signIn(page, member);
  await createExercise(page, '풀업', [{ reps: 8, weight: 0 }]);
  const today = seoulToday();
  await page.goto('/');
  await waitForServiceWorker(page);
  await warmOfflineCacheAgain(page);
  await waitForCached(page, '/api/member/exercises');

  await context.setOffline(true);
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await log.getByRole('button', { name: '추가', exact: true }).click();
  const add = page.getByRole('dialog', { name: '추가' });
  await add.getByRole('checkbox', { name: /풀업/ }).check();
  await add.getByRole('button', { name: '저장' }).click();
  await expect(syncChip(page)).toHaveText('오프라인 · 변경 1개 대기 중');

  // Unsent changes: the member is asked first.
  await page.getByRole('button', { name: '로그아웃' }).click();
  const confirm = page.getByRole('alertdialog', { name: '저장되지 않은 변경이 있습니다' });
  await expect(confirm).toContainText('변경 1개');
  await confirm.getByRole('button', { name: '그래도 로그아웃' }).click();
  await page.waitForURL((url) => url.pathname === '/login');

  const left = await page.evaluate(async () => {
    const names = await caches.keys();
    const memberCaches: Record<string, number> = {};
    for (const name of names) {
      if (name.includes('precache')) continue;
      memberCaches[name] = (await (await caches.open(name)).keys()).length;
    }
    const databases = (await indexedDB.databases()).map((db) => db.name);
    return { memberCaches, databases, owner: localStorage.getItem('everyhealth:offline-owner') };
  });
  // Nothing but the app shell: no page, read, photo or queued change of the member.
  expect(Object.values(left.memberCaches).reduce((sum, count) => sum + count, 0)).toBe(0);
  expect(left.databases).not.toContain('everyhealth-offline');
  expect(left.owner).toBeNull();

  // Back online, the server is told too: the session cookies go.
  await context.setOffline(false);
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect
    .poll(async () => (await cookieNames(page)).filter((name) => name.endsWith('_token')))
    .toEqual([]);
  // The add made offline never reached the backend.
  await signIn(page, { email: member.email });
  await expect(log.getByText('운동 기록이 없습니다.')).toBeVisible();
});
