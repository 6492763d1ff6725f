import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';
import { signIn, uniqueNamedMember } from '../fixtures/auth';
import { createClub, openRoom, say } from '../fixtures/club';
import {
  APP_PIN_COOKIE,
  APP_UPSTREAM_HEADER,
  BACKEND_PIN_COOKIE,
  BACKEND_UPSTREAM_HEADER,
  CLUSTER_APP_URL,
  CLUSTER_BACKEND_BALANCER_URL,
} from './env';

/**
 * The scale-out rehearsal (`npm run start:cluster`), end to end: member A's browser is pinned to
 * app-1 and backend-1, member B's to app-2 and backend-2 (the pin cookies; every answer names the
 * instance that gave it, and the test checks them all). A photo posted through app-1 is seen,
 * loaded from the shared bucket, through app-2; a chat conversation crosses the backends through
 * Redis; backend-1 is stopped (by the PID its launcher reports) in the middle of it, both members
 * keep writing while it is down (A's room reconnects through backend-2) and after it is back, and
 * each ends up with every message exactly once, in order.
 */

interface Target {
  name: string;
  healthy: boolean;
}
interface Process {
  name: string;
  role: string;
  pid: number;
  running: boolean;
}
interface BalancerStatus {
  balancer: string;
  targets: Target[];
  cluster: { launcher: { pid: number }; processes: Process[] };
}

async function balancerStatus(base: string): Promise<BalancerStatus> {
  const response = await fetch(`${base}/__cluster`);
  expect(response.ok).toBe(true);
  return (await response.json()) as BalancerStatus;
}

/** True when every instance runs and both balancers count every target as healthy. */
async function allUp(): Promise<boolean> {
  const [apps, backends] = await Promise.all([
    balancerStatus(CLUSTER_APP_URL),
    balancerStatus(CLUSTER_BACKEND_BALANCER_URL),
  ]);
  return (
    [...apps.targets, ...backends.targets].every((target) => target.healthy) &&
    apps.cluster.processes.every((proc) => proc.running)
  );
}

/** Every instance up; a run that failed half way (a retry) first has the launcher restart them. */
async function ensureAllUp() {
  if (await allUp()) return;
  const { cluster } = await balancerStatus(CLUSTER_APP_URL);
  process.kill(cluster.launcher.pid, 'SIGHUP');
  await expect.poll(allUp, { timeout: 60_000 }).toBe(true);
}

/** A browser context whose requests the balancers send to app-`app` and backend-`backend`. */
async function pinnedContext(browser: Browser, app: number, backend: number) {
  const context = await browser.newContext({ baseURL: CLUSTER_APP_URL });
  await context.addCookies([
    { name: APP_PIN_COOKIE, value: String(app), url: CLUSTER_APP_URL },
    { name: BACKEND_PIN_COOKIE, value: String(backend), url: CLUSTER_APP_URL },
  ]);
  return context;
}

interface Seen {
  path: string;
  status: number;
  app: string | undefined;
  backend: string | undefined;
}

/** Every answer the page gets from the cluster's origin, with the instances that gave it. */
function watchAnswers(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    // (blob: URLs, e.g. the upload's preview, carry the origin too but never reach a server)
    if (url.protocol === 'blob:' || url.origin !== CLUSTER_APP_URL) return;
    const headers = response.headers();
    seen.push({
      path: url.pathname,
      status: response.status(),
      app: headers[APP_UPSTREAM_HEADER],
      backend: headers[BACKEND_UPSTREAM_HEADER],
    });
  });
  return seen;
}

interface Handshake {
  url: string;
  status: number;
  app: string | undefined;
  backend: string | undefined;
}

/**
 * The WebSocket handshakes the page makes, with the instances named in their 101 (Playwright's
 * WebSocket events carry no headers; the DevTools protocol's do).
 */
async function watchHandshakes(page: Page): Promise<Handshake[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const handshakes: Handshake[] = [];
  cdp.on('Network.webSocketCreated', (event) => urls.set(event.requestId, event.url));
  cdp.on('Network.webSocketHandshakeResponseReceived', (event) => {
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    handshakes.push({
      url: urls.get(event.requestId) ?? '',
      status: event.response.status,
      app: headers[APP_UPSTREAM_HEADER],
      backend: headers[BACKEND_UPSTREAM_HEADER],
    });
  });
  return handshakes;
}

/** The instances named by the page's latest WebSocket handshake (the room's live link). */
function lastHandshake(handshakes: Handshake[]) {
  const last = handshakes.filter((handshake) => handshake.status === 101).at(-1);
  return last ? { app: last.app, backend: last.backend } : null;
}

async function expectConnected(page: Page, timeout = 30_000) {
  await expect(page.getByRole('status').filter({ hasText: '연결됨' })).toBeVisible({ timeout });
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
}

/** The room's messages, each reduced to the first of `markers` it holds ('?' for none). */
async function shownMarkers(page: Page, markers: string[]): Promise<string[]> {
  const texts = await page
    .getByRole('log')
    .getByRole('listitem')
    .filter({ hasNotText: '여기까지 읽었습니다' })
    .allInnerTexts();
  return texts.map((text) => markers.find((marker) => text.includes(marker)) ?? '?');
}

/** Sends `text` and waits until the sender's own room shows it (it is stored and broadcast). */
async function sayAndSee(page: Page, text: string, all: string[]) {
  await say(page, text);
  await expect.poll(async () => (await shownMarkers(page, all)).includes(text)).toBe(true);
}

/** A valid 2×2 PNG (the accent red). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAABJRU5ErkJggg==',
  'base64',
);

let contexts: BrowserContext[] = [];

test.beforeEach(async () => {
  await ensureAllUp();
});

test.afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

test('through two app and two backend instances: a photo and a chat reach the other side; stopping a backend mid-conversation loses no message', async ({
  browser,
}) => {
  const ctxA = await pinnedContext(browser, 1, 1);
  const ctxB = await pinnedContext(browser, 2, 2);
  contexts = [ctxA, ctxB];
  const pageA = await ctxA.newPage();
  const pageB = await ctxB.newPage();
  const answersA = watchAnswers(pageA);
  const answersB = watchAnswers(pageB);
  const socketsA = await watchHandshakes(pageA);
  const socketsB = await watchHandshakes(pageB);
  const memberA = uniqueNamedMember('군집A');
  const memberB = uniqueNamedMember('군집B');
  const run = Date.now().toString(36);

  await test.step('both members sign in, each through its own app instance', async () => {
    await signIn(pageA, memberA);
    await signIn(pageB, memberB);
    const homeA = await pageA.reload();
    const homeB = await pageB.reload();
    expect(homeA?.headers()[APP_UPSTREAM_HEADER]).toBe('app-1');
    expect(homeB?.headers()[APP_UPSTREAM_HEADER]).toBe('app-2');
    // The live stream (server-sent events, never-ending) comes through both balancers and the BFF
    // as it is written: buffered anywhere, its first event would never arrive.
    const first = await pageA.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const source = new EventSource('/api/events');
          const timer = setTimeout(() => {
            source.close();
            reject(new Error('no event from /api/events within 10 s'));
          }, 10_000);
          source.addEventListener('ready', () => {
            clearTimeout(timer);
            source.close();
            resolve('ready');
          });
        }),
    );
    expect(first).toBe('ready');
  });

  await test.step('a photo posted through app-1 shows, loaded, through app-2', async () => {
    const text = `[${run}] 클러스터 인증샷`;
    await pageA.goto('/post/upload');
    await pageA
      .getByLabel('이미지를 드래그하거나 클릭하여 업로드하세요')
      .setInputFiles({ name: 'cluster.png', mimeType: 'image/png', buffer: TINY_PNG });
    await pageA.getByPlaceholder('게시글 내용을 입력하세요...').fill(text);
    const upload = pageA.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/post',
    );
    await pageA.getByRole('button', { name: '업로드하기' }).click();
    const uploaded = await upload;
    expect(uploaded.status()).toBeLessThan(300);
    expect(uploaded.headers()[APP_UPSTREAM_HEADER]).toBe('app-1');
    expect(uploaded.headers()[BACKEND_UPSTREAM_HEADER]).toBe('backend-1');
    await expect(pageA.getByRole('alert').filter({ hasText: '업로드 성공!' })).toBeVisible();

    const images: Response[] = [];
    pageB.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/images/')) images.push(response);
    });
    await pageB.goto('/post');
    const card = pageB.getByRole('article').filter({ hasText: text });
    const image = card.getByRole('img', { name: '게시물 사진' });
    await expect(image).toBeVisible();
    await expect
      .poll(() =>
        image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth),
      )
      .toBeGreaterThan(0);
    const shown = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
    const served = images.find((response) => response.url() === shown);
    expect(served, shown).toBeDefined();
    expect(served?.status()).toBe(200);
    expect(served?.headers()[APP_UPSTREAM_HEADER]).toBe('app-2');
    // Written by backend-1 into the bucket, read from it by backend-2.
    expect(served?.headers()[BACKEND_UPSTREAM_HEADER]).toBe('backend-2');
  });

  const before = [`[${run}] A: 안녕하세요`, `[${run}] B: 반가워요`];
  const whileDown = [
    `[${run}] B: 백엔드 하나가 멈췄어요`,
    `[${run}] A: 다시 연결됐어요`,
    `[${run}] B: 그대로 이어집니다`,
    `[${run}] A: 하나도 안 빠졌네요`,
  ];
  const afterBack = [`[${run}] A: 다시 돌아왔어요`, `[${run}] B: 끝까지 잘 왔어요`];
  const all = [...before, ...whileDown, ...afterBack];
  const title = `군집 클럽 ${run}`;

  await test.step('both enter one club room; the conversation crosses the backends', async () => {
    await createClub(pageA, title, {
      intro: '규모 확장 리허설용 클럽입니다.',
      place: '판교역',
      time: '매주 월요일 저녁 7시',
    });
    const roomId = await openRoom(pageA, title);
    await expectConnected(pageA);
    expect(await openRoom(pageB, title)).toBe(roomId);
    await expectConnected(pageB);
    // Each room's live link runs through its member's own app and backend instance.
    expect(lastHandshake(socketsA)).toEqual({ app: 'app-1', backend: 'backend-1' });
    expect(lastHandshake(socketsB)).toEqual({ app: 'app-2', backend: 'backend-2' });

    await sayAndSee(pageA, before[0], all);
    await expect.poll(() => shownMarkers(pageB, all)).toEqual(before.slice(0, 1));
    await sayAndSee(pageB, before[1], all);
    await expect.poll(() => shownMarkers(pageA, all)).toEqual(before);
  });

  await test.step('backend-1 stops; both keep writing while it is down', async () => {
    const { cluster } = await balancerStatus(CLUSTER_BACKEND_BALANCER_URL);
    const backend1 = cluster.processes.find((proc) => proc.name === 'backend-1');
    expect(backend1?.running).toBe(true);
    process.kill(backend1!.pid, 'SIGTERM');
    await expect
      .poll(async () => {
        const status = await balancerStatus(CLUSTER_BACKEND_BALANCER_URL);
        const stopped = status.cluster.processes.find((proc) => proc.name === 'backend-1');
        return [stopped?.running, status.targets.map((target) => target.healthy)];
      })
      .toEqual([false, [false, true]]);

    // A's room lost its link; B's, on backend-2, did not.
    await expect(pageA.getByText('연결 중...')).toBeVisible();
    await expectConnected(pageB, 1_000);
    // B writes at once; A as soon as its room is back (the composer waits for it), through
    // backend-2 now that backend-1 is gone, and catches up on what B wrote meanwhile.
    await sayAndSee(pageB, whileDown[0], all);
    await sayAndSee(pageA, whileDown[1], all);
    expect(lastHandshake(socketsA)).toEqual({ app: 'app-1', backend: 'backend-2' });
    await sayAndSee(pageB, whileDown[2], all);
    await sayAndSee(pageA, whileDown[3], all);
    const sent = [...before, ...whileDown];
    await expect.poll(() => shownMarkers(pageA, all)).toEqual(sent);
    await expect.poll(() => shownMarkers(pageB, all)).toEqual(sent);
  });

  await test.step('backend-1 comes back; A returns to it and the conversation goes on', async () => {
    const { cluster } = await balancerStatus(CLUSTER_APP_URL);
    process.kill(cluster.launcher.pid, 'SIGHUP');
    await expect.poll(allUp, { timeout: 60_000 }).toBe(true);
    // A fresh load: the history from the database, the live link on backend-1 again.
    await pageA.reload();
    await expectConnected(pageA);
    expect(lastHandshake(socketsA)).toEqual({ app: 'app-1', backend: 'backend-1' });
    await expect.poll(() => shownMarkers(pageA, all)).toEqual([...before, ...whileDown]);

    await sayAndSee(pageA, afterBack[0], all);
    await sayAndSee(pageB, afterBack[1], all);
    await expect.poll(() => shownMarkers(pageA, all)).toEqual(all);
    await expect.poll(() => shownMarkers(pageB, all)).toEqual(all);
    // A late catch-up answer must not add copies.
    await pageA.waitForTimeout(1_000);
    expect(await shownMarkers(pageA, all)).toEqual(all);
    expect(await shownMarkers(pageB, all)).toEqual(all);
  });

  // Every answer each browser got came from its own app instance.
  expect(answersA.length).toBeGreaterThan(10);
  expect(answersB.length).toBeGreaterThan(10);
  expect(answersA.filter((seen) => seen.app !== 'app-1')).toEqual([]);
  expect(answersB.filter((seen) => seen.app !== 'app-2')).toEqual([]);
  // And every backend answer of B's came from backend-2, which never stopped.
  expect(answersB.filter((seen) => seen.backend && seen.backend !== 'backend-2')).toEqual([]);
  // No member saw a server error, not even while backend-1 was going.
  expect([...answersA, ...answersB].filter((seen) => seen.status >= 500)).toEqual([]);
});
