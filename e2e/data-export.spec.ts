import { readFile } from 'node:fs/promises';

import { type Download, expect, type Page, test } from '@playwright/test';
import { unzipSync } from 'fflate';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { noScriptContext } from './fixtures/no-js';
import { createExercise, logSession, shiftDate } from './fixtures/workout';

test('내 데이터 내려받기: the settings page downloads a ZIP whose workouts.csv has one row per set', async ({
  page,
}) => {
  await signIn(page, uniqueMember('export'));
  await createExercise(page, '데드리프트, "컨벤셔널"', [{ reps: 5, weight: 100 }]);
  const day = shiftDate(seoulToday(), -1);
  await logSession(page, day, '데드리프트, "컨벤셔널"', [
    { reps: 5, weight: 100 },
    { reps: 3, weight: 120.5 },
  ]);

  await page.goto('/settings');
  const link = page.getByRole('link', { name: '내 데이터 내려받기' });
  await expect(link).toHaveAttribute('href', '/api/member/export');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^everyhealth-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const path = await download.path();
  const files = unzipSync(new Uint8Array(await readFile(path)));

  for (const name of ['README.txt', 'profile.json', 'exercises.json', 'workouts.json']) {
    expect(files[name], name).toBeTruthy();
  }
  const csv = Buffer.from(files['workouts.csv']);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const name = '"데드리프트, ""컨벤셔널"""';
  // logSession ticks the day's 완료, not the sets.
  expect(csv.subarray(3).toString('utf8').split('\r\n')).toEqual([
    'Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Done,Completed,Set Type,RPE',
    `${day},EveryHealth ${day},${name},1,100,5,false,true,NORMAL,`,
    `${day},EveryHealth ${day},${name},2,120.5,3,false,true,NORMAL,`,
    '',
  ]);
});

test("내 데이터 내려받기: works without JavaScript; the hour's 4th shows why instead of a failed download", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, uniqueMember('export-limit'));
  const exportLink = (at: Page) => at.getByRole('link', { name: '내 데이터 내려받기' });
  const downloadFrom = async (at: Page) => {
    const [download] = await Promise.all([at.waitForEvent('download'), exportLink(at).click()]);
    expect(download.suggestedFilename()).toMatch(/^everyhealth-export-.+\.zip$/);
    expect(await download.failure()).toBeNull();
    await download.delete();
  };

  // The first from the server's HTML alone: a plain link, the browser saves the ZIP.
  const noScript = await noScriptContext(browser, page);
  try {
    const plain = await noScript.newPage();
    await plain.goto('/settings');
    await downloadFrom(plain);
  } finally {
    await noScript.close();
  }

  // Two more with the app's script (it asks first), and the hour's 3 are spent.
  await page.goto('/settings');
  await downloadFrom(page);
  await downloadFrom(page);

  const downloads: Download[] = [];
  page.on('download', (download) => downloads.push(download));
  const exports: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/member/export') exports.push(request.url());
  });
  await exportLink(page).click();
  const panel = page.getByRole('region', { name: '내 데이터' });
  await expect(panel.getByRole('alert')).toHaveText(
    /^요청이 너무 많습니다\. .+ 후에 다시 시도해주세요\.$/,
  );
  expect(downloads, 'no failed download').toEqual([]);
  expect(exports, 'the export itself is not requested').toEqual([]);

  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`export-refused-${width}.png`) });
  }
});
