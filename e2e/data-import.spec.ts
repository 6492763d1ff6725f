import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday, tileName } from './fixtures/calendar';
import { expectSets, setRows } from './fixtures/day-log';
import { createExercise, shiftDate } from './fixtures/workout';

function tile(page: Page, key: string) {
  return page.getByRole('button', { name: new RegExp(`^${tileName(key)}( |$)`) });
}

/** A Strong export (its published columns) of two sessions on `day`, with a rest-timer row. */
function strongCsv(day: string): string {
  const rows = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
    `${day} 07:00:00,"Morning",40m,"스쿼트",1,100.0,5.0,0,0.0,,,`,
    `${day} 07:00:00,"Morning",40m,"스쿼트",2,105.0,3.0,0,0.0,,,`,
    `${day} 07:00:00,"Morning",40m,"스쿼트",Rest Timer,0.0,0.0,0,120.0,,,`,
    `${day} 18:30:00,"Evening, upper",1h,"Bench Press (Barbell)",1,60.0,10.0,0,0.0,"Paused",,`,
    `${day} 18:30:00,"Evening, upper",1h,"Lat Pulldown (Cable)",1,50.0,12.0,0,0.0,,,`,
    `${day} 18:30:00,"Evening, upper",1h,"Treadmill",1,0.0,0.0,2.5,900.0,,,`,
  ];
  return '\uFEFF' + rows.join('\r\n') + '\r\n';
}

test('기록 가져오기: a Strong CSV is previewed, imported, and its day shows on the calendar', async ({
  page,
}, testInfo) => {
  await signIn(page, uniqueMember('import'));
  await createExercise(page, '스쿼트', [{ reps: 5, weight: 80 }]);
  const today = seoulToday();
  // A day of this month, so the calendar shows it without changing months.
  const day = today.endsWith('-01') ? today : shiftDate(today, -1);

  await page.goto('/settings');
  const panel = page.getByRole('region', { name: '기록 가져오기' });
  await expect(panel.getByRole('heading', { level: 3 })).toHaveText('기록 가져오기');
  await panel.getByLabel('CSV 파일 선택').setInputFiles({
    name: 'strong.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(strongCsv(day)),
  });

  const heading = panel.getByRole('heading', { level: 4, name: '미리 보기: strong.csv' });
  await expect(heading).toBeFocused();
  const facts = panel.locator('dl');
  await expect(facts).toContainText('Strong');
  await expect(facts).toContainText(day);
  await expect(panel.getByText('운동 3개 (새 운동 2개)')).toBeVisible();
  await expect(panel.getByText("세트 2개 · 내 운동 '스쿼트'에 기록")).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Bench Press (Barbell) 부위' })).toHaveValue(
    'CHEST',
  );
  const lat = panel.getByRole('combobox', { name: 'Lat Pulldown (Cable) 부위' });
  await expect(lat).toHaveValue('BACK');
  await expect(panel.getByText('건너뛴 행 2개')).toBeVisible();
  await expect(panel.getByText('세트가 아닌 행(휴식 타이머, 메모): 1개')).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'kg' })).toBeChecked();
  // Read again in pounds and back: the preview stays, the last choice wins.
  await panel.getByRole('radio', { name: 'lb' }).check();
  await expect(panel.getByRole('radio', { name: 'lb' })).toBeChecked();
  await panel.getByRole('radio', { name: 'kg' }).check();
  await expect(panel.getByRole('status')).toHaveCount(0);
  await expect(panel.getByRole('radio', { name: 'kg' })).toBeChecked();
  await panel.getByText('건너뛴 행 보기').click();
  await expect(panel.getByText('4행')).toBeVisible();

  await heading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('import-preview-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Clear of the phone's top bar and bottom tab bar.
  await heading.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72);
  });
  await page.screenshot({ path: testInfo.outputPath('import-preview-390.png') });
  await panel.getByRole('button', { name: '가져오기' }).evaluate((element) => {
    element.scrollIntoView({ block: 'end' });
    window.scrollBy(0, 80);
  });
  await page.screenshot({ path: testInfo.outputPath('import-preview-390-end.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard: the body part of one new exercise changed, then 가져오기.
  await lat.focus();
  await lat.selectOption('SHOULDER');
  await panel.getByRole('button', { name: '가져오기' }).focus();
  await page.keyboard.press('Enter');
  const result = panel.getByRole('status').filter({ hasText: '가져오기를 마쳤습니다.' });
  await expect(result).toBeFocused();
  await expect(result).toContainText('1일(새로운 날 1일), 세트 4개, 새 운동 2개');
  await page.screenshot({ path: testInfo.outputPath('import-done-1280.png'), fullPage: true });

  const library = (await (await page.request.get('/api/member/exercises')).json()) as {
    name: string;
    classification: string;
  }[];
  expect(library.map((exercise) => [exercise.name, exercise.classification])).toEqual([
    ['스쿼트', 'LOWERBODY'],
    ['Bench Press (Barbell)', 'CHEST'],
    ['Lat Pulldown (Cable)', 'SHOULDER'],
  ]);

  // Client-side to home: the day is on the calendar, completed, with the imported sets.
  await page
    .getByRole('link', { name: '홈', exact: true })
    .filter({ visible: true })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(tile(page, day)).toHaveAccessibleName(`${tileName(day)} 완료`);
  await tile(page, day).click();
  const log = page.getByRole('region', { name: `${day} 운동 일지` });
  await expect(log.getByRole('heading', { level: 3 })).toHaveText([
    /스쿼트/,
    /Bench Press \(Barbell\)/,
    /Lat Pulldown \(Cable\)/,
  ]);
  const squat = log
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /스쿼트/ }) });
  await expectSets(setRows(squat), [
    ['100', '5'],
    ['105', '3'],
  ]);
  await page.screenshot({ path: testInfo.outputPath('import-home-1280.png') });
});
