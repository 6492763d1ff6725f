import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { createExercise, createRoutine, json } from './fixtures/workout';

/**
 * Issue 29, point 3: a routine starts from its page. `오늘 시작` adds it to today's log (Seoul
 * date), creating the day when there is none and appending when there is, then shows the home
 * with today's log; the collapsed cards name their exercises. At a phone's and a laptop's size,
 * with axe on the page in both themes.
 */

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function expectNoViolations(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const found = result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
    expect(found, `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Today in Seoul, `YYYY-MM-DD`. */
function seoulToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
}

interface Day {
  id: number;
  todayExercises: { exerciseName: string; sequence: number | null }[];
}

const card = (page: Page, name: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${name}`) }) });

async function startRoutine(page: Page, name: string, today: string) {
  await page.goto('/routine');
  const start = card(page, name).getByRole('button', { name: '오늘 시작' });
  await start.click();
  // The toast comes when the add is done, just before the navigation (and may be gone after it
  // on a slow machine), so it is looked for first.
  await expect(
    page.getByRole('alert').filter({ hasText: '오늘 운동 일지에 추가했습니다.' }),
  ).toContainText(name);
  await page.waitForURL((url) => url.pathname === '/');
  return page.getByRole('region', { name: `${today} 운동 일지` });
}

for (const { name: size, viewport } of SIZES) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test("a routine started from /routine lands in today's log, creating the day, then appending", async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await signIn(page, uniqueMember('routine-start'));
      const sets = [{ reps: 5, weight: 60 }];
      for (const exercise of ['벤치프레스', '스쿼트', '데드리프트', '풀업', '크런치']) {
        await createExercise(page, exercise, sets);
      }
      await createRoutine(page, '전신 루틴', ['벤치프레스', '스쿼트', '데드리프트', '풀업']);
      await createRoutine(page, '복근 루틴', ['크런치']);
      const today = seoulToday();
      const [year, month] = today.split('-').map(Number);
      // A new member: today has no record yet.
      const monthDays = await json<{ localDate: string }[]>(
        page,
        `/api/today/yearAndMonth/${year}/${month}`,
      );
      expect(monthDays.map((day) => day.localDate)).not.toContain(today);

      await page.goto('/routine');
      // The collapsed cards name their exercises.
      const whole = card(page, '전신 루틴');
      const toggle = whole.getByRole('button', { name: /전신 루틴/ });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toContainText('벤치프레스 · 스쿼트 · 데드리프트 외 1개');
      await expect(
        card(page, '복근 루틴').getByRole('button', { name: /복근 루틴/ }),
      ).toContainText('크런치');
      await expectNoViolations(page, '/routine');

      // Start: the day is created and holds the routine's exercises, in order.
      let log = await startRoutine(page, '전신 루틴', today);
      for (const exercise of ['벤치프레스', '스쿼트', '데드리프트', '풀업']) {
        await expect(log).toContainText(exercise);
      }
      const created = await json<Day>(page, `/api/today/date/${today}`);
      expect(created.todayExercises.map((entry) => entry.exerciseName)).toEqual([
        '벤치프레스',
        '스쿼트',
        '데드리프트',
        '풀업',
      ]);

      // Starting another routine appends to the same day.
      log = await startRoutine(page, '복근 루틴', today);
      await expect(log).toContainText('크런치');
      await expect(log).toContainText('벤치프레스');
      const appended = await json<Day>(page, `/api/today/date/${today}`);
      expect(appended.id).toBe(created.id);
      expect(
        [...appended.todayExercises]
          .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))
          .map((entry) => entry.exerciseName),
      ).toEqual(['벤치프레스', '스쿼트', '데드리프트', '풀업', '크런치']);

      // A look at the page in both themes (not committed).
      await page.goto('/routine');
      await expect(whole).toBeVisible();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: `/tmp/rf-shots/routine-${size}-${colorScheme}.png` });
      }
      await page.emulateMedia({ colorScheme: null });
    });
  });
}
