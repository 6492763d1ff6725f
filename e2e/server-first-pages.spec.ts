import { expect, type Page, test } from '@playwright/test';

import { demoMembers, signIn, uniqueMember } from './fixtures/auth';
import { writeHeaders } from './fixtures/env';
import { noScriptContext, recordApiRequests } from './fixtures/no-js';
import { createExercise, createRoutine } from './fixtures/workout';

const feedCards = (page: Page) =>
  page.getByRole('list', { name: '게시물 목록' }).getByRole('article');

/** The feed's first page as the API answers it to the signed-in member. */
async function firstFeedPage(page: Page): Promise<{ id: number; text: string }[]> {
  const response = await page.request.get('/api/posts?limit=5');
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; text: string }[];
}

test('feed, exercises and routines: the first HTML carries them, with JavaScript off', async ({
  page,
  browser,
}) => {
  await signIn(page, uniqueMember('ssr-pages'));
  await createExercise(page, '레그프레스', [{ reps: 12, weight: 80 }]);
  await createExercise(page, '런지', [{ reps: 10, weight: 0 }]);
  await createRoutine(page, '하체 루틴', ['레그프레스', '런지']);
  const expected = await firstFeedPage(page);
  expect(expected).toHaveLength(5);

  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();

  await noJs.goto('/post');
  await expect(noJs.getByRole('heading', { level: 1, name: '포스트' })).toBeVisible();
  await expect(feedCards(noJs)).toHaveCount(5);
  const ids = await feedCards(noJs).evaluateAll((cards) =>
    cards.map((card) => Number(card.getAttribute('data-post-id'))),
  );
  expect(ids).toEqual(expected.map((post) => post.id));
  for (const [index, post] of expected.entries()) {
    await expect(feedCards(noJs).nth(index)).toContainText(post.text.trim());
  }
  await expect(noJs.getByText('로딩 중...')).toHaveCount(0);
  await noJs.screenshot({ path: '/tmp/ssr-post-nojs.png' });

  await noJs.goto('/exercise');
  await expect(noJs.getByRole('heading', { level: 1, name: '운동' })).toBeVisible();
  const lower = noJs.getByRole('region', { name: /하체/ });
  await expect(lower.getByText('레그프레스')).toBeVisible();
  await expect(lower.getByText('런지')).toBeVisible();
  await expect(lower.getByText('80kg')).toBeVisible();
  await noJs.screenshot({ path: '/tmp/ssr-exercise-nojs.png' });

  await noJs.goto('/routine');
  await expect(noJs.getByRole('heading', { level: 1, name: '루틴 목록' })).toBeVisible();
  const routine = noJs.getByRole('button', { name: /하체 루틴/ });
  await expect(routine).toBeVisible();
  await expect(routine).toContainText('2');
  await noJs.screenshot({ path: '/tmp/ssr-routine-nojs.png' });

  await context.close();
});

test('friends: requests and suggestions come with the HTML, with JavaScript off', async ({
  page,
  browser,
}) => {
  const member = uniqueMember('ssr-friend');
  await signIn(page, member);
  const me = (await (await page.request.get('/api/login/check')).json()) as { id: number };

  // 김민준 asks the new member to be friends.
  const other = await browser.newContext();
  const minjun = await other.newPage();
  await signIn(minjun, demoMembers.minjun);
  const sent = await minjun.request.post(`/api/friend/request/${me.id}`, { headers: writeHeaders });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  await other.close();

  const context = await noScriptContext(browser, page);
  const noJs = await context.newPage();
  await noJs.goto('/friend');
  const requests = noJs.getByRole('region', { name: '친구 요청' });
  await expect(requests.getByRole('link', { name: demoMembers.minjun.name })).toBeVisible();
  await expect(requests.getByRole('button', { name: '수락' })).toBeVisible();
  const suggested = noJs.getByRole('region', { name: '추천 친구' });
  await expect(suggested).toBeVisible();
  await expect(suggested.getByRole('status')).toHaveCount(0);
  await noJs.screenshot({ path: '/tmp/ssr-friend-nojs.png' });
  await context.close();
});

test('feed: hydration does not ask for the first page again; scrolling still loads the next', async ({
  page,
}) => {
  await signIn(page, uniqueMember('ssr-feed'));
  await page.goto('/post');
  await expect(feedCards(page)).toHaveCount(5);

  const requests = recordApiRequests(page);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(feedCards(page)).toHaveCount(5);
  expect(requests.filter((line) => line.startsWith('GET /api/posts'))).toEqual([]);

  // Hydrated: the sentinel near the bottom asks for the page after the fifth post, and only it.
  const ids = await feedCards(page).evaluateAll((cards) =>
    cards.map((card) => Number(card.getAttribute('data-post-id'))),
  );
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(feedCards(page)).not.toHaveCount(5);
  const feed = requests.filter((line) => line.startsWith('GET /api/posts'));
  expect(feed[0]).toBe(`GET /api/posts/scroll?limit=5&postId=${ids[4]}`);
  expect(feed.every((line) => line.startsWith('GET /api/posts/scroll'))).toBe(true);

  // The comments button works (the card is interactive, not just HTML).
  await feedCards(page).first().getByRole('button', { name: '댓글' }).click();
  await expect(page.getByRole('dialog', { name: '댓글' })).toBeVisible();
});

test('exercises, routines and friends: hydration asks for none of their lists again', async ({
  page,
}) => {
  await signIn(page, uniqueMember('ssr-lists'));
  await createExercise(page, '데드리프트', [{ reps: 5, weight: 120 }]);
  await createRoutine(page, '당기기', ['데드리프트']);

  const requests = recordApiRequests(page);
  await page.goto('/exercise');
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: /하체/ }).getByText('데드리프트')).toBeVisible();
  expect(requests.filter((line) => line.startsWith('GET /api/member/exercises'))).toEqual([]);
  expect(requests.filter((line) => line.startsWith('GET /api/enum/classification'))).toEqual([]);
  // Hydrated: the card opens its edit dialog.
  await page.getByRole('button', { name: /^데드리프트/ }).click();
  await expect(page.getByRole('dialog', { name: '운동 수정' })).toBeVisible();

  await page.goto('/routine');
  await page.waitForLoadState('networkidle');
  const toggle = page.getByRole('button', { name: /당기기/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  expect(requests.filter((line) => line.startsWith('GET /api/member/routines'))).toEqual([]);

  await page.goto('/friend');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: '추천 친구' })).toBeVisible();
  expect(
    requests.filter(
      (line) =>
        line.startsWith('GET /api/member/friend/request') ||
        line.startsWith('GET /api/member/suggested-friends'),
    ),
  ).toEqual([]);
});
