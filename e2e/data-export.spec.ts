import { readFile } from 'node:fs/promises';

import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';

import { signIn, uniqueMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { createExercise, logSession, shiftDate } from './fixtures/workout';

test('내 데이터 내려받기: the profile downloads a ZIP whose workouts.csv has one row per set', async ({
  page,
}) => {
  await signIn(page, uniqueMember('export'));
  await createExercise(page, '데드리프트, "컨벤셔널"', [{ reps: 5, weight: 100 }]);
  const day = shiftDate(seoulToday(), -1);
  await logSession(page, day, '데드리프트, "컨벤셔널"', [
    { reps: 5, weight: 100 },
    { reps: 3, weight: 120.5 },
  ]);

  await page.goto('/profile');
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
    'Date,Workout Name,Exercise Name,Set Order,Weight (kg),Reps,Done,Completed',
    `${day},EveryHealth ${day},${name},1,100,5,false,true`,
    `${day},EveryHealth ${day},${name},2,120.5,3,false,true`,
    '',
  ]);
});
