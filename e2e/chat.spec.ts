import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';

/**
 * Two members in two browser contexts chat live in one club room. Restarting the backend in the
 * middle of a conversation (the reconnect catch-up) is covered by the hook's unit tests: Playwright's
 * webServer owns the backend process here.
 */

/** Records the WebSocket URLs a page opens. */
function watchSockets(page: Page): string[] {
  const urls: string[] = [];
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

/** Enters the club's room and waits until a message can be typed; returns the room id. */
async function enterRoom(page: Page, title: string): Promise<string> {
  const roomId = await openRoom(page, title);
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  return roomId;
}

const bubble = (page: Page, text: string) =>
  page.getByRole('log').getByRole('listitem').filter({ hasText: text });

/** The scrolling message area (the log's scroll container). */
const messageArea = (page: Page) => page.getByRole('log').locator('xpath=..');

test('two members chat live over the WebSocket transport; the owner deletes the club and it is gone', async ({
  page,
  browser,
}) => {
  // Two members, two browsers, a club made and deleted: past a minute on a loaded 2-core machine.
  test.slow();
  const owner = uniqueNamedMember('방장');
  const guest = uniqueNamedMember('손님');
  const title = `저녁 크로스핏 ${Date.now().toString(36)}`;
  const ownerSockets = watchSockets(page);

  await signIn(page, owner);
  await createClub(page, title, {
    intro: '퇴근 후 함께 운동해요.',
    place: '강남역',
    time: '매주 수요일 저녁 8시',
  });
  const roomId = await enterRoom(page, title);
  await expect(page.getByText('연결됨')).toBeVisible();

  // The message area is the viewport height minus 150 px, with the composer in view.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(async () => (await messageArea(page).boundingBox())?.height).toBe(800 - 150);
  await expect(page.getByLabel('메시지 입력')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: '전송' })).toBeInViewport({ ratio: 1 });

  const ctxB = await browser.newContext();
  const pageB = await ctxB.newPage();
  const guestSockets = watchSockets(pageB);
  await signIn(pageB, guest);
  expect(await enterRoom(pageB, title)).toBe(roomId);

  // STOMP runs over a real WebSocket (the native endpoint), same-origin through the app's /chat
  // forwarding (proxy.ts).
  for (const urls of [ownerSockets, guestSockets]) {
    expect(urls.some((url) => /^ws:\/\/[^/]+\/chat\/websocket$/.test(url))).toBe(true);
  }

  await say(page, '안녕하세요, 방장입니다!');
  await expect(bubble(pageB, '안녕하세요, 방장입니다!')).toHaveAttribute('data-own', 'false');
  await expect(bubble(pageB, '안녕하세요, 방장입니다!').getByText(owner.name)).toBeVisible();
  await expect(bubble(page, '안녕하세요, 방장입니다!')).toHaveAttribute('data-own', 'true');

  await say(pageB, '반가워요 "따옴표"도 그대로');
  await expect(bubble(page, '반가워요 "따옴표"도 그대로')).toHaveAttribute('data-own', 'false');
  await expect(bubble(page, '반가워요 "따옴표"도 그대로').getByText(guest.name)).toBeVisible();
  await expect(bubble(pageB, '반가워요 "따옴표"도 그대로')).toHaveAttribute('data-own', 'true');

  // Own messages sit on the right, others' on the left.
  const ownBox = await bubble(page, '안녕하세요, 방장입니다!').locator('p').boundingBox();
  const otherBox = await bubble(page, '반가워요 "따옴표"도 그대로').locator('p').boundingBox();
  expect(ownBox!.x + ownBox!.width).toBeGreaterThan(otherBox!.x + otherBox!.width + 100);
  expect(otherBox!.x).toBeLessThan(ownBox!.x);

  // Blank input is ignored.
  await page.getByLabel('메시지 입력').fill('   ');
  await page.getByLabel('메시지 입력').press('Enter');
  await expect(page.getByRole('log').getByRole('listitem')).toHaveCount(2);

  // History pages: 22 more messages, then a fresh entry shows the latest 20 and loads older ones
  // when scrolled to the top.
  for (let index = 1; index <= 22; index++) await say(page, `기록 ${index}번`);
  await expect(bubble(pageB, '기록 22번')).toBeVisible();
  await page.screenshot({ path: '/tmp/chat-1280.png' });
  await pageB.reload();
  await expect(pageB.getByLabel('메시지 입력')).toBeEnabled();
  const log = pageB.getByRole('log');
  await expect(log.getByRole('listitem')).toHaveCount(20);
  await expect(bubble(pageB, '기록 22번')).toBeInViewport();
  await log.locator('xpath=..').evaluate((area) => area.scrollTo({ top: 0 }));
  await expect(log.getByRole('listitem')).toHaveCount(24);
  await expect(bubble(pageB, '기록 3번')).toBeInViewport();
  await log.locator('xpath=..').evaluate((area) => area.scrollTo({ top: 0 }));
  await expect(pageB.getByText('이전 메시지가 없습니다')).toBeVisible();

  await pageB.setViewportSize({ width: 390, height: 844 });
  // On a phone the top bar and tab bar take their share; the composer still stays in view.
  await expect(pageB.getByLabel('메시지 입력')).toBeInViewport({ ratio: 1 });
  await expect(pageB.getByRole('button', { name: '전송' })).toBeInViewport({ ratio: 1 });
  await messageArea(pageB).evaluate((area) => area.scrollTo({ top: area.scrollHeight }));
  await pageB.screenshot({ path: '/tmp/chat-390.png' });

  // The owner leaves: since issue 29 that is 클럽 삭제 in the header's ⋯ menu, confirmed by typing
  // the club's name (the spec's 나가기 and its hedged confirmation remain for a member whose role
  // cannot be known: features/clubs/chat/chat-room.test.tsx); toast, /club, and the club is gone.
  await page.getByRole('button', { name: '채팅방 메뉴' }).click();
  await page.getByRole('menuitem', { name: '클럽 삭제' }).click();
  const dialog = page.getByRole('alertdialog', { name: '클럽 삭제' });
  await dialog.getByLabel('확인을 위해 클럽 이름을 그대로 입력하세요.').fill(title);
  await page.screenshot({ path: '/tmp/chat-leave-1280.png' });
  await dialog.getByRole('button', { name: '클럽 삭제' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '삭제했습니다.' })).toBeVisible();
  await expect(page).toHaveURL(/\/club$/);
  await page.getByLabel('클럽 검색').fill(title);
  await page.getByRole('button', { name: '검색' }).click();
  await expect(page.getByText('조건에 맞는 클럽이 없습니다.')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  await ctxB.close();
});

test('a member who has not joined the club is told so in its room, and nothing keeps connecting', async ({
  page,
  browser,
}) => {
  const owner = uniqueNamedMember('방장');
  const title = `새벽 수영 ${Date.now().toString(36)}`;
  await signIn(page, owner);
  await createClub(page, title, { intro: '새벽 6시 수영', place: '잠실', time: '매일 새벽' });
  const roomId = await enterRoom(page, title);

  const outsiderContext = await browser.newContext();
  const outsider = await outsiderContext.newPage();
  await signIn(outsider, uniqueNamedMember('외부인'));
  const sockets = watchSockets(outsider);
  await outsider.goto(`/chat/${roomId}`);
  // The header's connection status (the message area has a status of its own while loading).
  await expect(outsider.getByRole('status').filter({ hasText: '참여할 수 없음' })).toBeVisible();
  await expect(
    outsider.getByRole('alert').filter({ hasText: '이 채팅방에 참여할 수 없습니다.' }),
  ).toBeVisible();
  await expect(outsider.getByRole('link', { name: '클럽 목록으로' })).toHaveAttribute(
    'href',
    '/club',
  );
  await expect(outsider.getByLabel('메시지 입력')).toBeDisabled();
  await expect(outsider.getByText('연결 중...')).toHaveCount(0);
  // Past the 5 s reconnect delay, no new connection was opened: the refusal is final.
  const opened = sockets.length;
  expect(opened).toBeLessThanOrEqual(1);
  await outsider.waitForTimeout(6000);
  expect(sockets).toHaveLength(opened);
  await outsiderContext.close();
});
