import { expect, type Page, type Request, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';
import { BACKEND_PORT, SPLIT_APP_URL } from './fixtures/env';

/**
 * Chat with CHAT_URL on another origin, as on Vercel (which cannot proxy WebSockets): the second
 * app server (SPLIT_APP_URL) sends the browser's SockJS straight to the backend's own host
 * (127.0.0.1), which never gets the session cookie (it is on `localhost`). Each connection's
 * CONNECT carries a single-use ticket minted through the split app's BFF instead.
 */

const BACKEND_ORIGIN = `http://127.0.0.1:${BACKEND_PORT}`;

/** What a page sent to the backend's host, and the tickets it minted through its own BFF. */
function watchChatTraffic(page: Page) {
  const sockets: string[] = [];
  const backendRequests: Request[] = [];
  const tickets: Request[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === BACKEND_ORIGIN) backendRequests.push(request);
    if (url.origin === SPLIT_APP_URL && url.pathname === '/api/chat/ticket') tickets.push(request);
  });
  return { sockets, backendRequests, tickets };
}

/** Joins (idempotent for the owner) and enters the club's room on the split app. */
async function enterSplitRoom(page: Page, title: string): Promise<string> {
  await page.goto(`${SPLIT_APP_URL}/club`);
  const roomId = await openRoom(page, title);
  expect(new URL(page.url()).origin).toBe(SPLIT_APP_URL);
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
  await expect(page.getByText('연결됨')).toBeVisible();
  return roomId;
}

const bubble = (page: Page, text: string) =>
  page.getByRole('log').getByRole('listitem').filter({ hasText: text });

test('two members chat live on an app whose CHAT_URL is another origin, with tickets and no cookie', async ({
  page,
  browser,
}) => {
  // Two sign-ins, a club and two rooms over two app servers: more than the default minute on a
  // busy machine.
  test.slow();
  const owner = uniqueNamedMember('방장');
  const guest = uniqueNamedMember('손님');
  const title = `원격 채팅 ${Date.now().toString(36)}`;

  // Signed in on APP_URL; the cookies are host-bound (`localhost`), so the split app has them too.
  await signIn(page, owner);
  await createClub(page, title, { intro: '다른 출처 채팅', place: '온라인', time: '언제나' });
  const ownerTraffic = watchChatTraffic(page);
  const roomId = await enterSplitRoom(page, title);

  const guestContext = await browser.newContext();
  const pageB = await guestContext.newPage();
  await signIn(pageB, guest);
  const guestTraffic = watchChatTraffic(pageB);
  expect(await enterSplitRoom(pageB, title)).toBe(roomId);

  await say(page, '다른 출처에서 안녕하세요!');
  await expect(bubble(pageB, '다른 출처에서 안녕하세요!')).toHaveAttribute('data-own', 'false');
  await expect(bubble(page, '다른 출처에서 안녕하세요!')).toHaveAttribute('data-own', 'true');
  await say(pageB, '잘 들려요, 반가워요');
  await expect(bubble(page, '잘 들려요, 반가워요')).toHaveAttribute('data-own', 'false');
  await expect(bubble(page, '잘 들려요, 반가워요').getByText(guest.name)).toBeVisible();
  await expect(bubble(pageB, '잘 들려요, 반가워요')).toHaveAttribute('data-own', 'true');

  for (const [context, traffic] of [
    [page.context(), ownerTraffic],
    [guestContext, guestTraffic],
  ] as const) {
    // The chat went to the backend's own host over a real WebSocket (the native endpoint), not
    // through the app.
    expect(traffic.sockets.length).toBeGreaterThan(0);
    for (const url of traffic.sockets) {
      expect(url).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:${BACKEND_PORT}/chat/websocket$`));
    }
    // Any HTTP request there (SockJS's /chat/info, were it to fall back) carries no cookie: the
    // browser holds none for that host, the session is on `localhost` only.
    for (const request of traffic.backendRequests) {
      expect(new URL(request.url()).pathname).toMatch(/^\/chat\//);
      expect((await request.allHeaders()).cookie).toBeUndefined();
    }
    expect(await context.cookies(BACKEND_ORIGIN)).toEqual([]);
    expect((await context.cookies(SPLIT_APP_URL)).map((cookie) => cookie.name)).toContain(
      'access_token',
    );
    // Each connection authenticated with a ticket minted through the split app's own BFF.
    expect(traffic.tickets.length).toBeGreaterThanOrEqual(traffic.sockets.length);
    for (const request of traffic.tickets) {
      expect(request.method()).toBe('POST');
      expect((await request.response())?.status()).toBe(200);
    }
  }

  await guestContext.close();
});
