import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { APP_URL, writeHeaders } from './fixtures/env';

/**
 * Issue 16, likes and own posts/comments, through the real stack: B likes A's post and A sees the
 * count and who; only A may edit or delete it; A deletes it (its image goes too) and it leaves B's
 * feed; comments are edited and deleted by their author only.
 */

/** A valid 2×2 PNG, small enough to write inline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAABJRU5ErkJggg==',
  'base64',
);

async function post(page: Page, text: string): Promise<void> {
  const upload = await page.request.post(`${APP_URL}/api/post`, {
    headers: writeHeaders,
    multipart: { file: { name: 'squat.png', mimeType: 'image/png', buffer: TINY_PNG }, text },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
}

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: '게시물 목록' }).getByRole('article').filter({ hasText: text });

test('B likes A’s post, A sees who; only A edits and deletes it, and it leaves B’s feed', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const alice = uniqueNamedMember('에이');
  await signIn(page, alice);
  const text = `데드리프트 200kg ${Date.now().toString(36)}`;
  await post(page, text);

  const other = await browser.newContext();
  const bob = await other.newPage();
  const bobMember = uniqueNamedMember('비');
  await signIn(bob, bobMember);
  await bob.goto('/post');
  const bobCard = card(bob, text);
  await expect(bobCard).toBeVisible();
  // Not B's post: no edit or delete.
  await expect(bobCard.getByRole('button', { name: '수정' })).toHaveCount(0);
  await expect(bobCard.getByRole('button', { name: '삭제' })).toHaveCount(0);
  const like = bobCard.getByRole('button', { name: '좋아요', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(bobCard.getByRole('button', { name: '좋아요 1개' })).toBeVisible();
  // Still liked after a reload: the server has it, once.
  await bob.reload();
  await expect(
    card(bob, text).getByRole('button', { name: '좋아요', exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  // The API refuses B's edit of A's post (404: not B's to know about).
  const postId = Number(await card(bob, text).getAttribute('data-post-id'));
  const refused = await bob.request.patch(`${APP_URL}/api/post/${postId}`, {
    headers: writeHeaders,
    data: { text: '가로채기' },
  });
  expect(refused.status()).toBe(404);

  // A sees the count and who liked it.
  await page.goto('/post');
  const aliceCard = card(page, text);
  await expect(aliceCard.getByRole('button', { name: '좋아요', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await aliceCard.getByRole('button', { name: '좋아요 1개' }).click();
  const likers = page.getByRole('dialog', { name: '좋아요한 회원' });
  // Each row: the avatar's initial, then the name.
  await expect(likers.getByRole('listitem')).toHaveText([new RegExp(`${bobMember.name}$`)]);
  await page.keyboard.press('Escape');

  // A edits the text.
  const edited = `${text} (수정)`;
  await aliceCard.getByRole('button', { name: '수정' }).click();
  const editDialog = page.getByRole('dialog', { name: '게시물 수정' });
  await editDialog.getByRole('textbox', { name: '내용' }).fill(' ');
  await editDialog.getByRole('button', { name: '저장' }).click();
  await expect(editDialog.getByText('내용을 입력해주세요.')).toBeVisible();
  await editDialog.getByRole('textbox', { name: '내용' }).fill(edited);
  await editDialog.getByRole('button', { name: '저장' }).click();
  await expect(editDialog).toBeHidden();
  await expect(card(page, edited)).toBeVisible();

  // A deletes it after confirming; its image goes too, and it leaves B's feed.
  const imageUrl = await card(page, edited).getByRole('img').first().getAttribute('src');
  await card(page, edited).getByRole('button', { name: '삭제' }).click();
  const confirm = page.getByRole('alertdialog', { name: '게시물 삭제' });
  await expect(confirm).toContainText('사진과 댓글도 함께 삭제됩니다.');
  await confirm.getByRole('button', { name: '삭제' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '게시물을 삭제했습니다.' })).toBeVisible();
  await expect(card(page, edited)).toHaveCount(0);
  expect(imageUrl).toBeTruthy();
  const image = await page.request.get(new URL(imageUrl!, APP_URL).toString());
  expect(image.status()).toBe(404);
  await bob.reload();
  await expect(bob.getByRole('list', { name: '게시물 목록' })).toBeVisible();
  await expect(card(bob, text)).toHaveCount(0);
  await other.close();
});

test('comments: the author edits and deletes their own, and no one else’s', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueNamedMember('댓글'));
  const text = `스쿼트 기록 ${Date.now().toString(36)}`;
  await post(page, text);

  // B comments on A's post.
  const other = await browser.newContext();
  const bob = await other.newPage();
  await signIn(bob, uniqueNamedMember('손님'));
  await bob.goto('/post');
  await card(bob, text).getByRole('button', { name: '댓글', exact: true }).click();
  let dialog = bob.getByRole('dialog', { name: '댓글' });
  await dialog.getByLabel('댓글 입력').fill('멋져요!');
  await dialog.getByRole('button', { name: '작성' }).click();
  await expect(dialog.getByText('멋져요!')).toBeVisible();
  await other.close();

  // A comments too; A may change only their own.
  await page.goto('/post');
  await card(page, text).getByRole('button', { name: '댓글', exact: true }).click();
  dialog = page.getByRole('dialog', { name: '댓글' });
  await dialog.getByLabel('댓글 입력').fill('고마워요');
  await dialog.getByRole('button', { name: '작성' }).click();
  const bobsComment = dialog.getByRole('listitem').filter({ hasText: '멋져요!' });
  const mine = dialog.getByRole('listitem').filter({ hasText: '고마워요' });
  await expect(mine).toBeVisible();
  await expect(bobsComment.getByRole('button', { name: '수정' })).toHaveCount(0);
  await expect(bobsComment.getByRole('button', { name: '삭제' })).toHaveCount(0);

  await mine.getByRole('button', { name: '수정' }).click();
  await dialog.getByRole('textbox', { name: '댓글 수정' }).fill('정말 고마워요');
  await mine.getByRole('button', { name: '저장' }).click();
  const renamed = dialog.getByRole('listitem').filter({ hasText: '정말 고마워요' });
  await expect(renamed).toBeVisible();
  await renamed.getByRole('button', { name: '삭제' }).click();
  const confirm = page.getByRole('alertdialog', { name: '댓글 삭제' });
  await confirm.getByRole('button', { name: '삭제' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: '정말 고마워요' })).toHaveCount(0);
  await expect(bobsComment).toBeVisible();
  // Still so after a reload: the server has it.
  await page.reload();
  await card(page, text).getByRole('button', { name: '댓글', exact: true }).click();
  dialog = page.getByRole('dialog', { name: '댓글' });
  await expect(dialog.getByText('멋져요!')).toBeVisible();
  await expect(dialog.getByText('정말 고마워요')).toHaveCount(0);
});
