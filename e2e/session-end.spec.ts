import { expect, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom } from './fixtures/club';

/**
 * Issue 23, point 2: a session ends on the server. One member, two tabs of one browser: signing
 * out in the first ends the second tab's open chat at once (the server closes it with "Session
 * ended"), the second tab goes to /login, and the old access cookie is refused from then on.
 */
for (const transport of ['native', 'sockjs'] as const) {
  test(`signing out in one tab ends the other tab’s open chat and sends it to /login (${transport})`, async ({
    page,
    context,
    request,
  }, testInfo) => {
    const member = uniqueNamedMember('세션');
    const title = `세션 종료 ${Date.now().toString(36)}`;
    await signIn(page, member);
    await createClub(page, title, { intro: '세션 종료 확인', place: '온라인', time: '언제나' });

    const chatTab = await context.newPage();
    // On SockJS (the native endpoint blocked, as on a network that lets no WebSocket through to
    // it), the close frames (`c[code,"reason"]`) the chat tab's sockets receive; on the native
    // endpoint, its sockets' closes (Playwright does not expose a WebSocket's close code; the
    // backend tests check 4002 on both transports).
    const closes: Array<{ code: number; reason: string }> = [];
    const nativeClosed: string[] = [];
    if (transport === 'sockjs') {
      await chatTab.routeWebSocket(/\/chat\/websocket$/, (socket) => socket.close());
    }
    chatTab.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.startsWith('c[')) {
          const [code, reason] = JSON.parse(text.slice(1)) as [number, string];
          closes.push({ code, reason });
        }
      });
      if (/\/chat\/websocket$/.test(socket.url()))
        socket.on('close', () => nativeClosed.push(socket.url()));
    });
    const roomId = await openRoom(chatTab, title);
    await expect(chatTab.getByText('연결됨')).toBeVisible();
    await expect(chatTab.getByLabel('메시지 입력')).toBeEnabled();
    const accessCookie = (await context.cookies()).find((cookie) => cookie.name === 'access_token');
    expect(accessCookie).toBeDefined();

    await page.bringToFront();
    await page.goto('/');
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/login/);

    // The chat tab's connection is closed by the server, and the tab gives way to /login.
    if (transport === 'sockjs') {
      await expect
        .poll(() => closes, { timeout: 5_000 })
        .toContainEqual({
          code: 4002,
          reason: 'Session ended',
        });
    } else {
      await expect.poll(() => nativeClosed.length, { timeout: 5_000 }).toBeGreaterThan(0);
    }
    await chatTab.bringToFront();
    await expect(chatTab).toHaveURL(/\/login/);
    await expect(chatTab.getByRole('link', { name: 'Google 계정으로 로그인' })).toBeVisible();
    await chatTab.screenshot({ path: testInfo.outputPath('chat-tab-after-logout.png') });

    // Its next action (back to the room) goes to /login too.
    await chatTab.goto(`/chat/${roomId}`);
    await expect(chatTab).toHaveURL(/\/login/);

    // The old access cookie, replayed by hand, no longer signs anybody in.
    const replay = { cookie: `access_token=${accessCookie!.value}` };
    const check = await request.get('/api/login/check', { headers: replay });
    expect(await check.json()).toMatchObject({ check: false });
    const read = await request.get('/api/member/exercises', { headers: replay });
    expect(read.status()).toBe(401);
  });
}
