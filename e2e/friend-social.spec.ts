import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { APP_URL, writeHeaders } from './fixtures/env';

/**
 * Issue 29, point 6: friends you can find and leave. A stranger's profile is a locked state with
 * `친구 요청` (and `수락` for the one who was asked), `/friend` has the tabs `친구 · 받은 요청 · 보낸 요청`,
 * a name search and `요청 취소`, and `친구 끊기` ends the friendship and with it the former friend's
 * reads at once. At a phone's and a laptop's size; axe over the new screens in both themes.
 */

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe over the page but the shell's notification bell: with an unread count its name (`알림 1개`)
 * does not contain its visible text in order (`1` `알림`), a finding of the shell, not of these
 * screens (reported to its owner).
 */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .exclude('[class*="_bell"]')
    .analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

interface Signed {
  page: Page;
  id: number;
  name: string;
  close: () => Promise<void>;
}

/** A fresh member signed in in a context of their own, at `viewport`. */
async function member(
  browser: Browser,
  prefix: string,
  viewport: { width: number; height: number },
): Promise<Signed> {
  const who = uniqueNamedMember(prefix);
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, who);
  const check = (await (await page.request.get(`${APP_URL}/api/login/check`)).json()) as {
    id: number;
  };
  expect(check.id).toBeGreaterThan(0);
  return { page, id: check.id, name: who.name, close: () => context.close() };
}

async function post(page: Page, path: string): Promise<void> {
  const response = await page.request.post(`${APP_URL}${path}`, { headers: writeHeaders });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Makes `a` and `b` friends through the API (a asks, b accepts). */
async function befriend(a: Signed, b: Signed): Promise<void> {
  await post(a.page, `/api/friend/request/${b.id}`);
  await post(b.page, `/api/friend/accept/${a.id}`);
}

/** The status of `reader`'s read of `owner`'s calendar month (this month, Seoul). */
async function calendarRead(reader: Signed, owner: Signed): Promise<number> {
  const [year, month] = seoulToday().split('-').map(Number);
  const response = await reader.page.request.get(
    `${APP_URL}/api/today/friend/${owner.id}/yearAndMonth/${year}/${month}`,
  );
  return response.status();
}

function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The locked state of a stranger's profile, with the spec's access-denied strings. */
async function expectLocked(page: Page) {
  const locked = page.getByRole('region', { name: '접근 권한이 없습니다' });
  await expect(locked).toBeVisible();
  await expect(
    locked.getByText('이 사용자의 운동 기록을 볼 수 있는 권한이 없습니다.'),
  ).toBeVisible();
  await expect(locked.getByRole('link', { name: '홈으로 돌아가기' })).toBeVisible();
  return locked;
}

// Each test signs in two or three members through the real OIDC flow: slow on a busy machine.
test.describe.configure({ timeout: 480_000 });

for (const size of SIZES) {
  test.describe(`friends you can find and leave (${size.name})`, () => {
    test.use({ viewport: size.viewport });

    test('a stranger’s 친구 요청 from their profile; they see 수락 on mine, accept, and later 친구 끊기', async ({
      browser,
    }) => {
      const a = await member(browser, 'FA', size.viewport);
      const b = await member(browser, 'FB', size.viewport);

      // A on B's profile: a friendly locked state with 친구 요청.
      await a.page.goto(`/friendProfile/${b.id}`);
      await expect(a.page.getByRole('heading', { level: 1, name: b.name })).toBeVisible();
      let locked = await expectLocked(a.page);
      await expect(locked).toContainText('친구가 되면 게시물과 운동 캘린더를 함께 볼 수 있어요.');
      await locked.getByRole('button', { name: '친구 요청' }).click();
      await expect(toast(a.page, '친구 요청을 보냈습니다')).toBeVisible();
      await expect(locked.getByText('요청됨', { exact: true })).toBeVisible();
      await expect(locked.getByRole('button', { name: '요청 취소' })).toBeVisible();
      await expect(locked.getByRole('button', { name: '친구 요청' })).toHaveCount(0);
      // Still there after a reload (the server reads the relation).
      await a.page.reload();
      locked = await expectLocked(a.page);
      await expect(locked.getByText('요청됨', { exact: true })).toBeVisible();

      // B on A's profile: 수락 (and 거절), because A asked.
      await b.page.goto(`/friendProfile/${a.id}`);
      const lockedB = await expectLocked(b.page);
      await expect(lockedB.getByRole('button', { name: '거절' })).toBeVisible();
      await lockedB.getByRole('button', { name: '수락' }).click();
      await expect(toast(b.page, '친구 요청을 수락했습니다')).toBeVisible();
      // The page opens at once: no lock, the calendar tab is the calendar, 친구 끊기 in the header.
      await expect(b.page.getByRole('heading', { name: '접근 권한이 없습니다' })).toHaveCount(0);
      await expect(b.page.getByRole('button', { name: '친구 끊기' })).toBeVisible();
      await b.page.getByRole('tab', { name: '운동 캘린더' }).click();
      await expect(b.page.getByRole('region', { name: `${a.name}님의 운동 캘린더` })).toBeVisible();
      expect(await calendarRead(a, b)).toBe(200);
      expect(await calendarRead(b, a)).toBe(200);

      // A's /friend lists B under 친구.
      await a.page.goto('/friend');
      await expect(a.page.getByRole('tab', { name: '친구' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(
        a.page.getByRole('tabpanel', { name: '친구' }).getByRole('link', { name: b.name }),
      ).toHaveAttribute('href', `/friendProfile/${b.id}`);

      // B ends it from A's profile, behind a confirmation; cancelling first keeps the friendship.
      await b.page.getByRole('button', { name: '친구 끊기' }).click();
      let dialog = b.page.getByRole('alertdialog', { name: '친구를 끊을까요?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: '취소' }).click();
      await expect(dialog).toHaveCount(0);
      expect(await calendarRead(a, b)).toBe(200);
      await b.page.getByRole('button', { name: '친구 끊기' }).click();
      dialog = b.page.getByRole('alertdialog', { name: '친구를 끊을까요?' });
      await dialog.getByRole('button', { name: '친구 끊기' }).click();
      await expect(toast(b.page, '친구를 끊었습니다')).toBeVisible();
      // B's page locks at once, offering 친구 요청 again.
      const relocked = await expectLocked(b.page);
      await expect(relocked.getByRole('button', { name: '친구 요청' })).toBeVisible();

      // Both sides lose the reads at once.
      expect(await calendarRead(a, b)).toBe(403);
      expect(await calendarRead(b, a)).toBe(403);
      await Promise.all([a.close(), b.close()]);
    });

    test('친구 끊기 from the friends tab: the former friend’s next calendar read is refused, in the UI too', async ({
      browser,
    }) => {
      const a = await member(browser, 'FC', size.viewport);
      const b = await member(browser, 'FD', size.viewport);
      await befriend(a, b);

      // A has B's calendar open.
      await a.page.goto(`/friendProfile/${b.id}?tab=calendar`);
      await expect(a.page.getByRole('region', { name: `${b.name}님의 운동 캘린더` })).toBeVisible();
      expect(await calendarRead(a, b)).toBe(200);

      // B ends the friendship on /friend (the 친구 tab opens first: B has a friend, no requests).
      await b.page.goto('/friend');
      const friendsTab = b.page.getByRole('tabpanel', { name: '친구' });
      const row = friendsTab.getByRole('listitem').filter({ hasText: a.name });
      await row.getByRole('button', { name: '친구 끊기' }).click();
      const dialog = b.page.getByRole('alertdialog', { name: '친구를 끊을까요?' });
      await expect(dialog).toContainText(a.name);
      await dialog.getByRole('button', { name: '친구 끊기' }).click();
      await expect(toast(b.page, '친구를 끊었습니다')).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(friendsTab.getByText('아직 친구가 없습니다.')).toBeVisible();

      // A's next calendar read is refused: through the API, and in the open page's next month.
      expect(await calendarRead(a, b)).toBe(403);
      await a.page.getByRole('button', { name: '다음 달' }).click();
      const locked = await expectLocked(a.page);
      await expect(locked.getByRole('button', { name: '친구 요청' })).toBeVisible();
      // A reload renders the locked profile on the server.
      await a.page.reload();
      await expectLocked(a.page);
      await a.page.getByRole('tab', { name: '운동 캘린더' }).click();
      await expectLocked(a.page);
      await expect(a.page.getByRole('region', { name: `${b.name}님의 운동 캘린더` })).toHaveCount(
        0,
      );
      await Promise.all([a.close(), b.close()]);
    });

    test('search finds a member by name; a sent request shows 요청됨 and can be cancelled', async ({
      browser,
    }) => {
      const b = await member(browser, 'FE', size.viewport);
      const c = await member(browser, 'FF', size.viewport);
      const a = await member(browser, 'FG', size.viewport);

      await a.page.goto('/friend');
      const search = a.page.getByRole('search', { name: '친구 찾기' });
      await search.getByRole('searchbox', { name: '이름으로 찾기' }).fill(b.name);
      const hit = a.page
        .getByRole('region', { name: '친구 찾기' })
        .getByRole('listitem')
        .filter({ hasText: b.name });
      await expect(hit).toHaveCount(1);
      await expect(hit.getByRole('link', { name: b.name })).toHaveAttribute(
        'href',
        `/friendProfile/${b.id}`,
      );
      // Searching oneself finds nobody.
      await search.getByRole('searchbox').fill(a.name);
      await expect(a.page.getByText(`'${a.name}'에 해당하는 회원이 없습니다.`)).toBeVisible();
      await search.getByRole('searchbox').fill(b.name);
      await hit.getByRole('button', { name: '친구 요청' }).click();
      await expect(toast(a.page, '친구 요청을 보냈습니다')).toBeVisible();
      await expect(hit.getByText('요청됨', { exact: true })).toBeVisible();

      // From the suggestions too: the card leaves, and shows below as 요청됨 with 요청 취소.
      const suggested = a.page.getByRole('region', { name: '추천 친구' });
      const cardC = suggested.getByRole('listitem').filter({ hasText: c.name });
      await cardC.getByRole('button', { name: '친구 요청' }).click();
      await expect(cardC).toHaveCount(0);
      const justSent = suggested.getByRole('group', { name: '방금 요청을 보낸 친구' });
      await expect(justSent.getByText(c.name)).toBeVisible();
      await expect(justSent.getByText('요청됨', { exact: true })).toBeVisible();

      // 보낸 요청 lists both; 요청 취소 withdraws B's.
      await a.page.getByRole('tab', { name: '보낸 요청' }).click();
      const sent = a.page.getByRole('tabpanel', { name: '보낸 요청' });
      await expect(sent.getByRole('listitem')).toHaveCount(2);
      const rowB = sent.getByRole('listitem').filter({ hasText: b.name });
      await expect(rowB.getByText('요청됨', { exact: true })).toBeVisible();
      await rowB.getByRole('button', { name: '요청 취소' }).click();
      await expect(toast(a.page, '친구 요청을 취소했습니다')).toBeVisible();
      await expect(rowB).toHaveCount(0);
      await expect(sent.getByRole('listitem')).toHaveCount(1);
      const incoming = (await (
        await b.page.request.get(`${APP_URL}/api/member/friend/request`)
      ).json()) as unknown[];
      expect(incoming).toEqual([]);

      // C sees A's request under 받은 요청 (the spec's 친구 요청 section), with 수락.
      await c.page.goto('/friend');
      await expect(c.page.getByRole('tab', { name: '받은 요청' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const requests = c.page.getByRole('region', { name: '친구 요청' });
      await expect(
        requests
          .getByRole('listitem')
          .filter({ hasText: a.name })
          .getByRole('button', { name: '수락' }),
      ).toBeVisible();
      await Promise.all([a.close(), b.close(), c.close()]);
    });
  });
}

test.describe('friends: accessibility and screenshots', () => {
  test('the /friend tabs and the locked profile have no axe violations in either theme', async ({
    browser,
  }) => {
    test.slow();
    const viewport = SIZES[1].viewport;
    const b = await member(browser, 'FH', viewport);
    const c = await member(browser, 'FI', viewport);
    const a = await member(browser, 'FJ', viewport);
    await befriend(a, c);
    await post(a.page, `/api/friend/request/${b.id}`);
    await post(b.page, `/api/friend/request/${c.id}`);

    for (const colorScheme of ['light', 'dark'] as const) {
      await a.page.emulateMedia({ colorScheme });
      for (const tab of ['friends', 'received', 'sent'] as const) {
        await a.page.goto(`/friend?tab=${tab}`);
        await expect(a.page.getByRole('tab', { selected: true })).toBeVisible();
        await a.page.getByRole('searchbox', { name: '이름으로 찾기' }).fill(b.name.slice(0, 2));
        await expect(
          a.page.getByRole('region', { name: '친구 찾기' }).getByRole('listitem').first(),
        ).toBeVisible();
        await a.page.waitForLoadState('networkidle');
        expect(await violations(a.page), `/friend?tab=${tab} ${colorScheme}`).toEqual([]);
      }
      // The locked profile: a stranger's, one I asked, and one who asked me.
      for (const [label, page, id] of [
        ['asked', a.page, b.id],
        ['received', b.page, a.id],
      ] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(`/friendProfile/${id}`);
        await expectLocked(page);
        await page.waitForLoadState('networkidle');
        expect(await violations(page), `locked profile (${label}) ${colorScheme}`).toEqual([]);
      }
      // The confirmation of 친구 끊기.
      await a.page.goto(`/friendProfile/${c.id}`);
      await a.page.getByRole('button', { name: '친구 끊기' }).click();
      await expect(a.page.getByRole('alertdialog')).toBeVisible();
      expect(await violations(a.page), `unfriend dialog ${colorScheme}`).toEqual([]);
      await a.page.keyboard.press('Escape');
    }
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  test('screenshots of /friend (each tab) and the locked profile, both sizes and themes', async ({
    browser,
  }) => {
    test.skip(!process.env.FRIEND_SHOTS, 'set FRIEND_SHOTS=dir to write the screenshots');
    test.slow();
    const dir = process.env.FRIEND_SHOTS!;
    for (const size of SIZES) {
      const b = await member(browser, 'FK', size.viewport);
      const c = await member(browser, 'FL', size.viewport);
      const a = await member(browser, 'FM', size.viewport);
      const d = await member(browser, 'FN', size.viewport);
      await befriend(a, c);
      await post(b.page, `/api/friend/request/${a.id}`);
      await post(a.page, `/api/friend/request/${d.id}`);
      for (const colorScheme of ['light', 'dark'] as const) {
        await a.page.emulateMedia({ colorScheme });
        for (const tab of ['friends', 'received', 'sent'] as const) {
          await a.page.goto(`/friend?tab=${tab}`);
          await a.page.getByRole('searchbox', { name: '이름으로 찾기' }).fill('F');
          await a.page.waitForLoadState('networkidle');
          await a.page.screenshot({
            path: `${dir}/friend-${tab}-${size.name}-${colorScheme}.png`,
            fullPage: true,
          });
        }
        await a.page.goto(`/friendProfile/${b.id}`);
        await expectLocked(a.page);
        await a.page.screenshot({
          path: `${dir}/locked-${size.name}-${colorScheme}.png`,
          fullPage: true,
        });
      }
      await Promise.all([a.close(), b.close(), c.close(), d.close()]);
    }
  });
});
