import { type Browser, chromium, expect, type Page, test } from '@playwright/test';

import chromiumSettings from '../scripts/chromium.json';
import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';
import { APP_URL } from './fixtures/env';

/**
 * The room's transports: STOMP straight over a WebSocket at /chat/websocket first, SockJS when a
 * network lets no WebSocket through to it; and a page with an open room leaves its socket on
 * pagehide so that the browser keeps the page in the back/forward cache.
 */

/** Records the WebSocket URLs a page opens. */
function watchSockets(page: Page): string[] {
  const urls: string[] = [];
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

const NATIVE = /^ws:\/\/[^/]+\/chat\/websocket$/;
const SOCKJS_WEBSOCKET = /^ws:\/\/[^/]+\/chat\/\d+\/[^/]+\/websocket$/;

const bubble = (page: Page, text: string) =>
  page.getByRole('log').getByRole('listitem').filter({ hasText: text });

async function roomWithClub(page: Page, who: string): Promise<string> {
  const member = uniqueNamedMember(who);
  const title = `${who} 방 ${Date.now().toString(36)}`;
  await signIn(page, member);
  await createClub(page, title, {
    intro: '같이 운동해요.',
    place: '역삼역',
    time: '매일 아침 7시',
  });
  const roomId = await openRoom(page, title);
  await expect(page.getByText('연결됨')).toBeVisible();
  return roomId;
}

test('the room speaks STOMP straight over /chat/websocket when the network allows it', async ({
  page,
}) => {
  test.slow();
  const sockets = watchSockets(page);
  await roomWithClub(page, '직결');
  const text = `직결 ${Date.now()}`;
  await say(page, text);
  await expect(bubble(page, text)).toBeVisible();
  expect(sockets.filter((url) => NATIVE.test(url))).toHaveLength(1);
  expect(sockets.some((url) => SOCKJS_WEBSOCKET.test(url))).toBe(false);
});

test('with /chat/websocket blocked, the room falls back to SockJS and still chats', async ({
  page,
}) => {
  test.slow();
  const sockets = watchSockets(page);
  // A network that lets no WebSocket through to the native endpoint: closed before it opens
  // (a routed socket is not reported as a page 'websocket' event, so it is counted here).
  let blocked = 0;
  await page.routeWebSocket(NATIVE, (socket) => {
    blocked += 1;
    socket.close();
  });
  await roomWithClub(page, '우회');
  const text = `우회 ${Date.now()}`;
  await say(page, text);
  await expect(bubble(page, text)).toBeVisible();
  expect(blocked).toBeGreaterThan(0);
  expect(sockets.some((url) => SOCKJS_WEBSOCKET.test(url))).toBe(true);
});

test.describe('the back/forward cache', () => {
  let browser: Browser;

  test.beforeAll(async () => {
    // Playwright turns the back/forward cache off in every browser it launches; this one keeps it.
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || chromiumSettings.path,
      args: chromiumSettings.flags,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
  });
  test.afterAll(async () => browser?.close());

  test('a page with an open room is restored from it, and the room reconnects', async () => {
    test.slow();
    const context = await browser.newContext({ baseURL: APP_URL, locale: 'ko-KR' });
    const page = await context.newPage();
    // Chromium's own account of why a page was not kept, should the test fail.
    const notKept: string[] = [];
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    cdp.on('Page.backForwardCacheNotUsed', (event) =>
      notKept.push(...event.notRestoredExplanations.map((explanation) => explanation.reason)),
    );
    const roomId = await roomWithClub(page, '캐시');
    const first = `떠나기 전 ${Date.now()}`;
    await say(page, first);
    await expect(bubble(page, first)).toBeVisible();
    // A mark that only the same document (restored, not loaded again) still holds.
    await page.evaluate(
      () => ((window as unknown as { bfcacheMark: string }).bfcacheMark = 'kept'),
    );

    await page.goto('/exercise');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    // A restored page fires pageshow, not load: wait for the navigation's commit only.
    await page.goBack({ waitUntil: 'commit' });
    await expect(page).toHaveURL(new RegExp(`/chat/${roomId}$`));

    const restored = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        'navigation',
      )[0] as PerformanceNavigationTiming & {
        notRestoredReasons?: unknown;
      };
      return {
        mark: (window as unknown as { bfcacheMark?: string }).bfcacheMark ?? null,
        // Chromium says why a page was not restored (a loaded page's navigation entry).
        reasons: JSON.stringify(navigation.notRestoredReasons ?? null),
      };
    });
    expect(
      documents,
      `no new document request; not restored because ${restored.reasons} (${notKept.join(', ')})`,
    ).toEqual([]);
    expect(restored.mark, 'the same document').toBe('kept');
    // The room is live again after the restore: a message sent now is shown.
    await expect(page.getByText('연결됨')).toBeVisible();
    const second = `돌아와서 ${Date.now()}`;
    await say(page, second);
    await expect(bubble(page, second)).toBeVisible();
    await expect(bubble(page, first)).toBeVisible();
    await context.close();
  });

  test('after signing out, Back does not bring the room back from either cache', async () => {
    test.slow();
    const context = await browser.newContext({ baseURL: APP_URL, locale: 'ko-KR' });
    const page = await context.newPage();
    const roomId = await roomWithClub(page, '로그아웃');
    // The room's document may be stored (so that it can be kept), but only checked again.
    const document = await page.request.get(`/chat/${roomId}`);
    expect(document.headers()['cache-control']).toBe('private, no-cache');
    const said = `나가기 전 ${Date.now()}`;
    await say(page, said);
    await expect(bubble(page, said)).toBeVisible();

    await page.goto('/exercise');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout'));
    await page.getByRole('button', { name: '로그아웃' }).click();
    expect((await (await loggedOut).allHeaders())['clear-site-data']).toBe('"cache"');
    await expect(page).toHaveURL(/\/login/);

    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    expect(documents.some((url) => url.endsWith(`/chat/${roomId}`))).toBe(true);
    await expect(page.getByText(said)).toHaveCount(0);
    await context.close();
  });
});
