import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { animationsSettled } from './fixtures/animations';
import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { createExercise } from './fixtures/workout';

/*
 * The built-in catalogue (issue 29): a brand-new member logs a catalogue exercise from the add
 * sheet in a few taps (search → check → 저장), and an import of Strong's `Bench Press (Barbell)`
 * goes to the member's own 벤치프레스 instead of a second exercise.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function dialogViolations(page: Page): Promise<string[]> {
  await animationsSettled(page.getByRole('dialog'));
  const result = await new AxeBuilder({ page })
    .include('dialog, [role="dialog"]')
    .withTags(TAGS)
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

/** A Strong export of one session on `day`: one barbell bench press set. */
function strongCsv(day: string): string {
  const rows = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
    `${day} 18:30:00,"Evening",1h,"Bench Press (Barbell)",1,60.0,10.0,0,0.0,,,`,
  ];
  return '\uFEFF' + rows.join('\r\n') + '\r\n';
}

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test.describe(`catalogue at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    // Sign-in, two axe runs and two sheets: more than the default minute on a busy machine.
    test.describe.configure({ timeout: 180_000 });

    test('a brand-new member logs a catalogue exercise from the add sheet', async ({
      page,
    }, testInfo) => {
      await signIn(page, uniqueMember('catalogue'));
      const today = seoulToday();
      await page.goto('/');
      const log = page.getByRole('region', { name: `${today} 운동 일지` });
      await log.getByRole('button', { name: '추가', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '추가' });
      const panel = dialog.getByRole('tabpanel', { name: '운동' });
      // No dead end: the empty library shows the catalogue at once.
      await expect(
        panel.getByText('아직 등록한 운동이 없습니다. 카탈로그에서 골라 바로 기록해 보세요.'),
      ).toBeVisible();
      await expect(panel.getByRole('heading', { name: '카탈로그' })).toBeVisible();

      // Body-part chips: 하체 shows squats, not the bench press.
      const chips = panel.getByRole('group', { name: '운동 부위로 거르기' });
      await expect(chips.getByRole('button')).toHaveText([
        '전체',
        '가슴',
        '등',
        '어깨',
        '이두',
        '삼두',
        '하체',
        '복근',
      ]);
      await chips.getByRole('button', { name: '하체' }).click();
      await expect(chips.getByRole('button', { name: '하체' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(panel.getByText('스쿼트', { exact: true })).toBeVisible();
      await expect(panel.getByText('벤치프레스', { exact: true })).toHaveCount(0);
      await chips.getByRole('button', { name: '전체' }).click();

      // Search (English finds the Korean entry too), then check it and save.
      const search = panel.getByRole('searchbox', { name: '운동 검색' });
      await search.fill('bench press');
      const bench = panel
        .getByRole('listitem')
        .filter({ has: page.getByText('벤치프레스', { exact: true }) });
      await expect(bench).toHaveCount(1);
      await search.fill('벤치');
      await expect(bench).toContainText('가슴 · 바벨');

      await page.emulateMedia({ colorScheme: 'light' });
      expect(await dialogViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`add-sheet-${size.name}-light.png`) });
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await dialogViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`add-sheet-${size.name}-dark.png`) });
      await page.emulateMedia({ colorScheme: 'light' });

      // Checking it adds it to the library first, so the box is checked once that answers.
      await bench.getByRole('checkbox').click();
      await expect(bench.getByRole('checkbox')).toBeChecked();
      await expect(dialog.getByText('1개 선택됨')).toBeVisible();
      await dialog.getByRole('button', { name: '저장' }).click();
      await expect(dialog).toBeHidden();
      await expect(log.getByRole('heading', { level: 3 })).toHaveText([/벤치프레스/]);

      // In the library, linked to the catalogue; the next sheet lists it as the member's own.
      await page.goto('/exercise');
      await expect(page.getByText('벤치프레스', { exact: true }).first()).toBeVisible();
      const library = (await (await page.request.get('/api/member/exercises')).json()) as {
        name: string;
        catalogueKey: string | null;
      }[];
      expect(library.map((item) => [item.name, item.catalogueKey])).toEqual([
        ['벤치프레스', 'bench-press-barbell'],
      ]);
      await page.goto('/');
      await log.getByRole('button', { name: '추가', exact: true }).click();
      await expect(panel.getByRole('heading', { name: '최근 운동' })).toBeVisible();
      await expect(
        panel.getByRole('listitem').filter({ has: page.getByText('벤치프레스', { exact: true }) }),
      ).toHaveCount(1);
      await page.screenshot({ path: testInfo.outputPath(`add-sheet-recent-${size.name}.png`) });
    });

    test("an import's Bench Press (Barbell) goes to the member's 벤치프레스", async ({ page }) => {
      await signIn(page, uniqueMember('catalogue-import'));
      await createExercise(page, '벤치프레스', [{ reps: 8, weight: 60 }]);
      const day = seoulToday();

      await page.goto('/settings');
      const panel = page.getByRole('region', { name: '기록 가져오기' });
      await panel.getByLabel('CSV 파일 선택').setInputFiles({
        name: 'strong.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(strongCsv(day)),
      });
      await expect(panel.getByText('운동 1개', { exact: true })).toBeVisible();
      await expect(
        panel.getByText("세트 1개 · 내 운동 '벤치프레스'에 기록 · 같은 운동"),
      ).toBeVisible();
      const link = panel.getByRole('combobox', { name: 'Bench Press (Barbell) 연결' });
      await expect(link.locator('option:checked')).toHaveText("내 운동 '벤치프레스'");
      await expect(panel.getByRole('combobox', { name: 'Bench Press (Barbell) 부위' })).toHaveCount(
        0,
      );
      await panel.getByRole('button', { name: '가져오기' }).click();
      await expect(
        panel.getByRole('status').filter({ hasText: '가져오기를 마쳤습니다.' }),
      ).toBeVisible();

      const library = (await (await page.request.get('/api/member/exercises')).json()) as {
        name: string;
      }[];
      expect(library.map((item) => item.name)).toEqual(['벤치프레스']);
      const dayLog = (await (await page.request.get(`/api/today/date/${day}`)).json()) as {
        todayExercises: { exerciseName: string }[];
      };
      expect(dayLog.todayExercises.map((entry) => entry.exerciseName)).toEqual(['벤치프레스']);
    });
  });
}
