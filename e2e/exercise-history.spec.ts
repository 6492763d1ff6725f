import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { APP_URL, writeHeaders } from './fixtures/env';
import { noScriptContext } from './fixtures/no-js';
import { createExercise, exerciseId, logSession, shiftDate } from './fixtures/workout';

/** `2026.11.21`, as the history writes a date. */
function dotted(date: string): string {
  return date.replaceAll('-', '.');
}

/** The rows of the table folded under the chart captioned `caption`, opened first. */
async function chartTableRows(page: Page, caption: string): Promise<Locator> {
  const figure = page.getByRole('figure', { name: caption });
  await expect(figure.getByRole('img')).toBeVisible();
  const details = figure.locator('details');
  if ((await details.getAttribute('open')) === null) {
    await figure.getByText('표로 보기').click();
  }
  return figure.getByRole('table').getByRole('row');
}

/** The values given for the record `term` in the records list. */
function recordOf(page: Page, term: string): Locator {
  return page
    .getByRole('region', { name: '개인 기록' })
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
    .getByRole('definition');
}

const PROGRESS = '추정 1RM (Epley 공식)과 최고 세트 무게';
const VOLUME = '세션별 볼륨 (반복 × 무게의 합)';
const NAME = '히스토리 벤치';

test.describe('exercise history', () => {
  const today = seoulToday();
  const twoWeeksAgo = shiftDate(today, -14);
  const lastWeek = shiftDate(today, -7);
  const longAgo = shiftDate(today, -400);

  async function setUp(page: Page) {
    await signIn(page, uniqueMember('history'));
    await createExercise(page, NAME, [{ reps: 10, weight: 40 }]);
    await logSession(page, longAgo, NAME, [{ reps: 10, weight: 50 }]);
    await logSession(page, twoWeeksAgo, NAME, [
      { reps: 10, weight: 60 },
      { reps: 10, weight: 60 },
    ]);
    await logSession(page, lastWeek, NAME, [
      { reps: 5, weight: 70 },
      { reps: 5, weight: 70 },
      { reps: 5, weight: 70 },
    ]);
    return exerciseId(page, NAME);
  }

  test('from the library to the charts and records; ranges, pounds, and the week on home', async ({
    page,
  }) => {
    const id = await setUp(page);

    // The library links each card to its history.
    await page.goto('/exercise');
    await page.getByRole('link', { name: `${NAME} 기록 보기` }).click();
    await page.waitForURL((url) => url.pathname === `/exercise/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(page.getByText('하체 · 세션별 추이와 개인 기록')).toBeVisible();
    const ranges = page.getByRole('navigation', { name: '기간' });
    await expect(ranges.getByRole('link', { name: '3개월' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Three months: the two recent sessions, one point each per line, one bar each.
    await expect(page.locator('[data-series="oneRepMax"] circle')).toHaveCount(2);
    await expect(page.locator('[data-series="volume"] rect')).toHaveCount(2);
    await expect(await chartTableRows(page, PROGRESS)).toHaveText([
      '날짜추정 1RM최고 세트 무게',
      `${dotted(twoWeeksAgo)}80kg60kg × 10회`,
      `${dotted(lastWeek)}81.67kg70kg × 5회`,
    ]);
    await expect(await chartTableRows(page, VOLUME)).toHaveText([
      '날짜볼륨세트 수',
      `${dotted(twoWeeksAgo)}1,200kg2`,
      `${dotted(lastWeek)}1,050kg3`,
    ]);

    // Records of all time, each with its day.
    await expect(recordOf(page, '최고 무게')).toHaveText([
      '70kg',
      '5회',
      `${dotted(lastWeek)} 달성`,
    ]);
    await expect(recordOf(page, '추정 1RM')).toHaveText([
      '81.67kg',
      '70kg × 5회',
      `${dotted(lastWeek)} 달성`,
    ]);
    await expect(recordOf(page, '최고 세트 볼륨')).toHaveText([
      '600kg',
      '60kg × 10회',
      `${dotted(twoWeeksAgo)} 달성`,
    ]);
    await expect(recordOf(page, '최고 세션 볼륨')).toHaveText([
      '1,200kg',
      `${dotted(twoWeeksAgo)} 달성`,
    ]);
    await expect(page.getByRole('table', { name: '무게별 최다 반복' }).getByRole('row')).toHaveText(
      [
        '무게최다 반복날짜',
        `70kg5회${dotted(lastWeek)}`,
        `60kg10회${dotted(twoWeeksAgo)}`,
        `50kg10회${dotted(longAgo)}`,
      ],
    );

    // 전체: the session of more than a year ago joins them.
    await ranges.getByRole('link', { name: '전체' }).click();
    await page.waitForURL((url) => url.searchParams.get('range') === 'all');
    await expect(ranges.getByRole('link', { name: '전체' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.locator('[data-series="oneRepMax"] circle')).toHaveCount(3);
    await expect(await chartTableRows(page, PROGRESS)).toHaveText([
      '날짜추정 1RM최고 세트 무게',
      `${dotted(longAgo)}66.67kg50kg × 10회`,
      `${dotted(twoWeeksAgo)}80kg60kg × 10회`,
      `${dotted(lastWeek)}81.67kg70kg × 5회`,
    ]);

    // A pound member reads pounds: the 60 kg top set is 132.3lb.
    const response = await page.request.patch(`${APP_URL}/api/member/settings`, {
      data: { weightUnit: 'lb' },
      headers: writeHeaders,
    });
    expect(response.status(), await response.text()).toBe(200);
    await page.reload();
    await expect((await chartTableRows(page, PROGRESS)).nth(2)).toHaveText(
      `${dotted(twoWeeksAgo)}176.4lb132.3lb × 10회`,
    );
    await expect(recordOf(page, '최고 세션 볼륨').first()).toHaveText('2,645.5lb');

    // Home: this week's card counts a session logged today, against last week, in pounds.
    await logSession(page, today, NAME, [{ reps: 5, weight: 80 }]);
    await page.goto('/');
    const week = page.getByRole('region', { name: '이번 주' });
    await expect(week).toBeVisible();
    await expect(week.getByText('1회')).toBeVisible();
    await expect(week.getByText('881.8lb')).toBeVisible();
    await expect(week.getByText('3주 연속')).toBeVisible();
    await expect(
      week.getByRole('list', { name: '부위별 세트 (지난주 대비)' }).getByRole('listitem'),
    ).toHaveText(['하체 1세트 (-2)']);

    if (process.env.E2E_SCREENSHOTS_DIR) {
      const dir = process.env.E2E_SCREENSHOTS_DIR;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${dir}/home-week-1280.png` });
      await page.request.patch(`${APP_URL}/api/member/settings`, {
        data: { weightUnit: 'kg' },
        headers: writeHeaders,
      });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const [width, height] of [
          [390, 844],
          [1280, 800],
        ]) {
          await page.setViewportSize({ width, height });
          await page.goto(`/exercise/${id}?range=all`);
          await page.getByRole('figure', { name: PROGRESS }).getByText('표로 보기').click();
          await page.screenshot({
            path: `${dir}/history-${width}-${scheme}.png`,
            fullPage: true,
          });
        }
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/');
        await page.screenshot({ path: `${dir}/home-week-390-${scheme}.png` });
      }
    }
  });

  test('without JavaScript: the charts, their tables and the range links work', async ({
    page,
    browser,
  }) => {
    const id = await setUp(page);
    const context = await noScriptContext(browser, page);
    const noJs = await context.newPage();
    await noJs.goto(`/exercise/${id}`);
    await expect(noJs.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
    await expect(noJs.locator('svg[role="img"]')).toHaveCount(2);
    await expect(noJs.locator('[data-series="oneRepMax"] circle')).toHaveCount(2);
    await expect(noJs.locator('[data-series="volume"] rect')).toHaveCount(2);
    await expect(await chartTableRows(noJs, PROGRESS)).toHaveCount(3);
    await expect(await chartTableRows(noJs, VOLUME)).toHaveText([
      '날짜볼륨세트 수',
      `${dotted(twoWeeksAgo)}1,200kg2`,
      `${dotted(lastWeek)}1,050kg3`,
    ]);
    await noJs.getByRole('navigation', { name: '기간' }).getByRole('link', { name: '1년' }).click();
    await noJs.waitForURL((url) => url.searchParams.get('range') === '1y');
    await expect(
      noJs.getByRole('navigation', { name: '기간' }).getByRole('link', { name: '1년' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(noJs.locator('[data-series="oneRepMax"] circle')).toHaveCount(2);
    await context.close();
  });

  test('no accessibility violations in either theme; the range links take keyboard focus', async ({
    page,
  }) => {
    const id = await setUp(page);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(`/exercise/${id}?range=all`);
      await chartTableRows(page, PROGRESS);
      await chartTableRows(page, VOLUME);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const found = result.violations.flatMap((violation) =>
        violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
      );
      expect(found, colorScheme).toEqual([]);
    }
    // From the back link, the keyboard reaches the range links in order, each 44 px tall.
    await page.getByRole('link', { name: '운동 목록' }).focus();
    await page.keyboard.press('Tab');
    const threeMonths = page.getByRole('link', { name: '3개월' });
    await expect(threeMonths).toBeFocused();
    const box = await threeMonths.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '1년' })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('range') === '1y');
    await expect(page.getByRole('link', { name: '1년' })).toHaveAttribute('aria-current', 'page');
  });

  test('an unknown or another member’s exercise is the not-found notice', async ({ page }) => {
    await signIn(page, uniqueMember('history-404'));
    await createExercise(page, NAME, [{ reps: 10, weight: 40 }]);
    const id = await exerciseId(page, NAME);
    // A fresh member with no session yet: what to do first, and the way there.
    await page.goto(`/exercise/${id}`);
    await expect(
      page.getByRole('heading', { name: '아직 이 운동의 기록이 없습니다' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: '캘린더에서 기록하기' })).toHaveAttribute(
      'href',
      '/',
    );

    // The demo members' exercises were created first: id 1 is someone else's.
    for (const path of ['/exercise/1', '/exercise/999999999', '/exercise/abc']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { name: '운동을 찾을 수 없습니다' })).toBeVisible();
      await expect(page.getByRole('link', { name: '운동 목록' })).toHaveAttribute(
        'href',
        '/exercise',
      );
    }
  });
});
