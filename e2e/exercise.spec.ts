import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';

const card = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name}`) });

test('create an exercise with two sets, edit it, then delete it after confirming', async ({
  page,
}) => {
  await signIn(page, uniqueMember('exercise'));
  await page.goto('/exercise');
  await expect(page.getByRole('heading', { level: 1, name: '운동' })).toBeVisible();
  await expect(page.getByText('아직 등록한 운동이 없습니다.')).toBeVisible();

  // Add: nothing is sent while invalid.
  await page.getByRole('button', { name: '운동 추가' }).first().click();
  let dialog = page.getByRole('dialog', { name: '운동 추가' });
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog.getByText('운동 이름을 입력해주세요.')).toBeVisible();
  await expect(dialog.getByText('반복 횟수를 정확히 입력해주세요.')).toBeVisible();

  await dialog.getByLabel('운동명').fill('벤치프레스');
  await expect(dialog.getByLabel('운동 부위')).toHaveValue('CHEST');
  await dialog.getByLabel('메모').fill('어깨 뒤로 고정');
  await dialog.getByLabel('반복 횟수 (Set 1)').fill('10');
  await dialog.getByLabel('무게 (Set 1)').fill('60');
  await dialog.getByRole('button', { name: '세트 추가' }).click();
  await dialog.getByPlaceholder('반복 횟수 (Set 2)').fill('8');
  await dialog.getByPlaceholder('무게 (Set 2)').fill('70');
  await page.screenshot({ path: '/tmp/exercise-add-1280.png' });
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: '운동을 저장했습니다.' })).toBeVisible();

  const chest = page.getByRole('region', { name: /가슴/ });
  await expect(chest.getByText('벤치프레스')).toBeVisible();
  await expect(chest.getByText('어깨 뒤로 고정')).toBeVisible();
  await expect(chest.getByText('2세트').first()).toBeVisible();
  await expect(chest.getByText('70kg')).toBeVisible();

  // Edit: rename, move to 어깨, change set 2, remove set 1.
  await card(page, '벤치프레스').click();
  dialog = page.getByRole('dialog', { name: '운동 수정' });
  await expect(dialog.getByLabel('운동명')).toHaveValue('벤치프레스');
  await dialog.getByLabel('운동명').fill('덤벨 프레스');
  await dialog.getByLabel('운동 부위').selectOption({ label: '어깨' });
  await dialog.getByLabel('반복 횟수 (Set 2)').fill('12');
  await dialog.getByLabel('무게 (Set 2)').fill('');
  await dialog.getByRole('button', { name: '1세트 삭제' }).click();
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();

  const shoulder = page.getByRole('region', { name: /어깨/ });
  await expect(shoulder.getByText('덤벨 프레스')).toBeVisible();
  await expect(shoulder.getByText('12회')).toBeVisible();
  await expect(shoulder.getByText(/kg/)).toHaveCount(0);
  await expect(page.getByRole('region', { name: /가슴/ })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('region', { name: /어깨/ }).getByText('덤벨 프레스')).toBeVisible();
  await page.screenshot({ path: '/tmp/exercise-list-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/exercise-list-390.png', fullPage: true });
  await card(page, '덤벨 프레스').click();
  await page.screenshot({ path: '/tmp/exercise-edit-390.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete: cancel first, then confirm.
  dialog = page.getByRole('dialog', { name: '운동 수정' });
  await dialog.getByRole('button', { name: '삭제', exact: true }).click();
  let confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText("'덤벨 프레스' 운동을 삭제하시겠습니까?");
  await confirm.getByRole('button', { name: '취소' }).click();
  await expect(confirm).toBeHidden();
  await dialog.getByRole('button', { name: '삭제', exact: true }).click();
  confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: '삭제', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('아직 등록한 운동이 없습니다.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('아직 등록한 운동이 없습니다.')).toBeVisible();
});
