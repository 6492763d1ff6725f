import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';

/**
 * Unread chat through the real stack: B's message reaches A's open /club page over A's live
 * stream (GET /api/events through the BFF), A's counts follow without a reload, and entering the
 * room shows where A had read to and clears the counts.
 */

/** The club section's link in the navigation (its name carries the unread words). */
const clubNav = (page: Page) =>
  page
    .getByRole('navigation', { name: /메뉴|탐색|navigation/i })
    .getByRole('link', { name: /클럽/ });

test('B writes while A is on /club: A sees the count live, then the divider where A left off', async ({
  page,
  browser,
}) => {
  const a = uniqueNamedMember('읽기');
  const b = uniqueNamedMember('쓰기');
  const title = `새벽 수영 ${Date.now().toString(36)}`;

  await signIn(page, a);
  await createClub(page, title, { intro: '아침 수영', place: '잠실', time: '매일 6시' });
  const roomId = await openRoom(page, title);
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  await say(page, '첫 메시지');

  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  try {
    await signIn(pageB, b);
    expect(await openRoom(pageB, title)).toBe(roomId);
    await expect(pageB.getByLabel('메시지 입력')).toBeEnabled();

    // A goes to /club; the room row shows no unread count yet; A's live stream opens.
    const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await page.goto('/club');
    const myChats = page.getByRole('region', { name: '내 채팅방' });
    const roomLink = myChats.getByRole('link', { name: new RegExp(`^${title}`) });
    await expect(roomLink).toBeVisible();
    await expect(roomLink).not.toHaveAccessibleName(/읽지 않은/);
    expect((await stream).status()).toBe(200);

    await say(pageB, '오늘 수영장 휴관이래요');
    await say(pageB, '내일 봐요');

    // Live, without a reload: the room row, its last message and the navigation badge.
    const row = myChats.getByRole('link', { name: new RegExp(`^${title}.*읽지 않은 메시지 2개$`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('내일 봐요');
    await expect(row).toContainText(`${b.name}:`);
    await expect(clubNav(page)).toContainText('읽지 않은 메시지 2개');

    // Entering: the divider sits before B's first message, and the counts clear.
    await row.click();
    await page.waitForURL(new RegExp(`/chat/${roomId}$`));
    // The divider sits on B's first message (inside its item: one item per message).
    const items = page.getByRole('log').getByRole('listitem');
    await expect(items).toHaveCount(3);
    const marked = items.filter({ hasText: '여기까지 읽었습니다' });
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText('오늘 수영장 휴관이래요');
    await expect(items.first()).toContainText('첫 메시지');
    await expect(clubNav(page)).not.toContainText('읽지 않은 메시지');

    // Back on /club after a reload, the backend agrees: nothing unread.
    await page.goto('/club');
    const after = page
      .getByRole('region', { name: '내 채팅방' })
      .getByRole('link', { name: new RegExp(`^${title}`) });
    await expect(after).toBeVisible();
    await expect(after).not.toHaveAccessibleName(/읽지 않은/);
  } finally {
    await contextB.close();
  }
});
