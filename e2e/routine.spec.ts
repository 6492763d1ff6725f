import { expect, test } from '@playwright/test';

import { signIn, uniqueMember } from './fixtures/auth';
import { addExercise, moveUpByKeyboard } from './fixtures/workout';

test('create a routine, add two exercises, reorder by keyboard, change a set, and keep it after a reload', async ({
  page,
}) => {
  await signIn(page, uniqueMember('routine'));
  await page.goto('/exercise');
  await addExercise(page, '스쿼트', '5', '100');
  await addExercise(page, '크런치', '20', '0');

  await page.goto('/routine');
  await expect(page.getByRole('heading', { level: 1, name: '루틴 목록' })).toBeVisible();

  // Create: a blank name is refused.
  await page.getByRole('button', { name: '루틴 추가' }).first().click();
  let dialog = page.getByRole('dialog', { name: '루틴 추가' });
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog.getByText('루틴 이름을 입력해주세요.')).toBeVisible();
  await dialog.getByLabel('루틴명').fill('하체 데이');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();

  const toggle = page.getByRole('button', { name: /하체 데이/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('운동이 없습니다.')).toBeVisible();

  // Add both exercises (스쿼트 first).
  await page.getByRole('button', { name: '운동 추가' }).click();
  dialog = page.getByRole('dialog', { name: '운동 추가' });
  await dialog.getByRole('checkbox', { name: /스쿼트/ }).check();
  await dialog.getByRole('checkbox', { name: /크런치/ }).check();
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  const names = page.getByRole('heading', { level: 3 });
  await expect(names).toHaveText(['1스쿼트', '2크런치']);
  await expect(page.getByText('100kg')).toBeVisible();

  // Edit: move 크런치 above 스쿼트 with the keyboard, change 스쿼트's set, save.
  await page.getByRole('button', { name: '수정' }).click();
  dialog = page.getByRole('dialog', { name: '수정' });
  await moveUpByKeyboard(page, dialog, '크런치', 2);
  await expect(dialog).toBeVisible();

  const squat = dialog.getByRole('group', { name: '스쿼트 세트' });
  await squat.getByLabel('반복 횟수 (Set 1)').fill('8');
  await squat.getByLabel('무게 (Set 1)').fill('110');
  await squat.getByRole('button', { name: '세트 추가' }).click();
  await squat.getByLabel('반복 횟수 (Set 2)').fill('0');
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(squat.getByText('반복 횟수를 정확히 입력해주세요.')).toBeVisible();
  await squat.getByLabel('반복 횟수 (Set 2)').fill('6');
  await page.screenshot({ path: '/tmp/routine-edit-1280.png' });
  await dialog.getByRole('button', { name: '저장' }).click();
  await expect(dialog).toBeHidden();
  await expect(names).toHaveText(['1크런치', '2스쿼트']);

  await page.reload();
  await page.getByRole('button', { name: /하체 데이/ }).click();
  await expect(names).toHaveText(['1크런치', '2스쿼트']);
  const squatItem = page.getByRole('heading', { level: 3, name: /스쿼트/ }).locator('xpath=..');
  await expect(squatItem.getByRole('listitem')).toHaveText(['1세트8회110kg', '2세트6회']);
  const crunchItem = page.getByRole('heading', { level: 3, name: /크런치/ }).locator('xpath=..');
  await expect(crunchItem.getByRole('listitem')).toHaveText(['1세트20회']);
  await page.screenshot({ path: '/tmp/routine-list-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/routine-list-390.png', fullPage: true });
  await page.getByRole('button', { name: '수정' }).click();
  await page.screenshot({ path: '/tmp/routine-edit-390.png' });
  await page.getByRole('dialog', { name: '수정' }).getByRole('button', { name: '취소' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete the routine after confirming.
  await page.getByRole('button', { name: '삭제', exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText("'하체 데이' 루틴을 삭제하시겠습니까?");
  await confirm.getByRole('button', { name: '삭제', exact: true }).click();
  await expect(page.getByText('아직 만든 루틴이 없습니다.')).toBeVisible();
});
