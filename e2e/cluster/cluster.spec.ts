import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type Response,
  test,
} from '@playwright/test';

import { signIn, uniqueNamedMember } from '../fixtures/auth';
import { seoulToday } from '../fixtures/calendar';
import { createClub, openRoom } from '../fixtures/club';
import { setRows } from '../fixtures/day-log';
import {
  APP_PIN_COOKIE,
  APP_UPSTREAM_HEADER,
  BACKEND_PIN_COOKIE,
  BACKEND_UPSTREAM_HEADER,
  CLUSTER_APP_URL,
  CLUSTER_BACKEND_URL,
  CLUSTER_STATE_DIR,
} from './env';

/**
 * The scale-out rehearsal (`npm run start:cluster`) through nginx, end to end.
 *
 * First: member A's browser is pinned to app-1 and backend-1, member B's to app-2 and backend-2
 * (the pin cookies; every answer names the instance that gave it, and the test checks them all).
 * A photo posted through app-1 is seen, loaded from the shared bucket, through app-2; a chat
 * conversation crosses the backends through Redis; backend-1 is stopped (by the PID its launcher
 * reports) in the middle of it, both members keep writing while it is down (A's room reconnects
 * through backend-2) and after it is back, and each ends up with every message exactly once, in
 * order.
 *
 * Then the rolling restart: two members, not pinned, chat and log sets while the launcher restarts
 * every app and backend instance one at a time; no message or set is lost, none is doubled, and
 * neither member is shown an error.
 */

interface Process {
  name: string;
  role: string;
  url: string | null;
  pid: number;
  running: boolean;
}
interface Rolling {
  state: 'running' | 'done' | 'failed';
  order: string[];
  restarted: string[];
  current: string | null;
  error: string | null;
}
interface ClusterState {
  launcher: { pid: number };
  processes: Process[];
  rolling: Rolling | null;
}

/** The launcher's processes.json: every process with its PID, and the rolling restart. */
function clusterState(): ClusterState {
  return JSON.parse(
    readFileSync(path.join(CLUSTER_STATE_DIR, 'processes.json'), 'utf8'),
  ) as ClusterState;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** True when every process runs and each instance, and nginx's two listeners, answer /healthz. */
async function allUp(): Promise<boolean> {
  const { processes } = clusterState();
  if (!processes.every((proc) => proc.running)) return false;
  const urls = [
    CLUSTER_APP_URL,
    CLUSTER_BACKEND_URL,
    ...processes
      .filter((proc) => proc.role === 'app' || proc.role === 'backend')
      .map((proc) => proc.url!),
  ];
  return (await Promise.all(urls.map((url) => answers(`${url}/healthz`)))).every(Boolean);
}

/** Every instance up; a run that failed half way (a retry) first has the launcher restart them. */
async function ensureAllUp() {
  if (await allUp()) return;
  process.kill(clusterState().launcher.pid, 'SIGHUP');
  await expect.poll(allUp, { timeout: 60_000 }).toBe(true);
}

/** A browser context whose requests nginx sends to app-`app` and backend-`backend`. */
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

/**
 * Sends `text` and waits until the sender's own room shows it (it is stored and broadcast), at
 * most `timeout` ms.
 */
async function sayAndSee(page: Page, text: string, all: string[], timeout = 15_000) {
  const input = page.getByLabel('메시지 입력');
  await input.fill(text);
  await input.press('Enter');
  // An instance stopping between the typing and the Enter closes the room's link: the composer is
  // disabled until the room has reconnected, keeping the text (seen in a CI run). The member then
  // presses Enter again; a message the room took clears the input at once, so it is sent once.
  await expect(async () => {
    if ((await input.inputValue()) !== '' && (await input.isEnabled())) await input.press('Enter');
    await expect(input).toHaveValue('', { timeout: 1_000 });
  }).toPass({ timeout });
  await expect
    .poll(async () => (await shownMarkers(page, all)).includes(text), { timeout })
    .toBe(true);
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
    // The live stream (server-sent events, never-ending) comes through both nginx servers and the BFF
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
    const backend1 = clusterState().processes.find((proc) => proc.name === 'backend-1');
    expect(backend1?.running).toBe(true);
    process.kill(backend1!.pid, 'SIGTERM');
    await expect
      .poll(async () => {
        const stopped = clusterState().processes.find((proc) => proc.name === 'backend-1');
        return [stopped?.running, await answers(`${backend1!.url}/healthz`)];
      })
      .toEqual([false, false]);

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
    process.kill(clusterState().launcher.pid, 'SIGHUP');
    await expect.poll(allUp, { timeout: 60_000 }).toBe(true);
    // nginx tries an instance it saw fail again after its fail_timeout (2 s in the rehearsal).
    await pageA.waitForTimeout(2_500);
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

/** Origin header for the API writes the test makes itself, as the browser would send it. */
const writeHeaders = { origin: CLUSTER_APP_URL };

/**
 * Gives the signed-in member of `page` today's log with one exercise (스쿼트, one set of 90 kg × 5),
 * through the API, as the add dialog makes it.
 */
async function dayWithSquat(page: Page, today: string) {
  const request = page.request;
  const ok = async (response: Awaited<ReturnType<typeof request.get>>) => {
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response;
  };
  await ok(
    await request.post('/api/exercise', {
      data: {
        name: '스쿼트',
        memo: '',
        repWeightList: [{ reps: 5, weight: 100 }],
        classification: 'LOWERBODY',
      },
      headers: writeHeaders,
    }),
  );
  const exercises = (await (await ok(await request.get('/api/member/exercises'))).json()) as {
    id: number;
    name: string;
  }[];
  const squat = exercises.find((exercise) => exercise.name === '스쿼트')!;
  await ok(await request.post(`/api/today?date=${today}`, { headers: writeHeaders }));
  await ok(
    await request.post(`/api/todayExercise/${today}`, {
      data: [{ id: squat.id, type: 'exercise', sequence: 1 }],
      headers: writeHeaders,
    }),
  );
  const day = (await (await ok(await request.get(`/api/today/date/${today}`))).json()) as {
    id: number;
    todayExercises: { id: number }[];
  };
  await ok(
    await request.patch(`/api/todayExercise/${day.id}`, {
      data: [{ id: day.todayExercises[0].id, repWeightList: [{ reps: 5, weight: 90 }] }],
      headers: writeHeaders,
    }),
  );
}

/** The stored sets of today's 스쿼트, from the backend. */
async function storedSquatSets(page: Page, today: string): Promise<number> {
  const response = await page.request.get(`/api/today/date/${today}`);
  expect(response.status()).toBe(200);
  const day = (await response.json()) as {
    todayExercises: { exerciseName: string; repWeightList: unknown[] }[];
  };
  return (
    day.todayExercises.find((entry) => entry.exerciseName === '스쿼트')?.repWeightList.length ?? 0
  );
}

/** Every stored message of room `roomId` (oldest first, all pages), reduced as `shownMarkers`. */
async function storedMarkers(page: Page, roomId: string, markers: string[]): Promise<string[]> {
  const read = async (pathname: string) => {
    const response = await page.request.get(pathname);
    expect(response.status(), pathname).toBe(200);
    return (await response.json()) as { messageId: number; message: string }[];
  };
  let messages = await read(`/api/rooms/${roomId}/recentMessage?limit=100`);
  while (messages.length > 0) {
    const first = messages[0].messageId;
    const older = await read(`/api/rooms/${roomId}/olderMessage?messageId=${first}&limit=100`);
    if (older.length === 0) break;
    messages = [...older, ...messages];
  }
  return messages.map((item) => markers.find((marker) => item.message.includes(marker)) ?? '?');
}

function squatEntry(home: Page, today: string): Locator {
  const log = home.getByRole('region', { name: `${today} 운동 일지` });
  return log
    .getByRole('listitem')
    .filter({ has: home.getByRole('heading', { level: 3, name: /스쿼트/ }) });
}

/**
 * What a member was shown that reads as an error: alerts (toasts, a set row's `저장하지 못했습니다`,
 * the chat's failures), collected as they appear while `watching.on`, whichever page shows them.
 */
async function watchAlerts(page: Page, shown: string[], watching: { on: boolean }) {
  await page.exposeFunction('__clusterAlert', (text: string) => {
    if (watching.on) shown.push(`${new URL(page.url()).pathname}: ${text}`);
  });
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const report = () => {
      for (const element of document.querySelectorAll('[role="alert"], [role="alertdialog"]')) {
        const text = (element.textContent ?? '').trim();
        // (Next's route announcer reads out each page title; it is no error.)
        if (!text || seen.has(element) || element.id === '__next-route-announcer__') continue;
        seen.add(element);
        (window as unknown as { __clusterAlert: (text: string) => void }).__clusterAlert(text);
      }
    };
    new MutationObserver(report).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

test('a rolling restart of every app and backend instance while two members chat and log sets: nothing lost, no error shown', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const ctxA = await browser.newContext({ baseURL: CLUSTER_APP_URL });
  const ctxB = await browser.newContext({ baseURL: CLUSTER_APP_URL });
  contexts = [ctxA, ctxB];
  const members = [
    { name: 'A' as const, context: ctxA, who: uniqueNamedMember('롤링A') },
    { name: 'B' as const, context: ctxB, who: uniqueNamedMember('롤링B') },
  ];
  const today = seoulToday();
  const run = Date.now().toString(36);
  const alerts: string[] = [];
  const watching = { on: false };
  const serverErrors: string[] = [];
  const sides: ((typeof members)[number] & { chat: Page; home: Page })[] = [];
  for (const member of members) {
    const chat = await member.context.newPage();
    const home = await member.context.newPage();
    for (const page of [chat, home]) {
      await watchAlerts(page, alerts, watching);
      page.on('response', (response) => {
        if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`);
      });
    }
    sides.push({ ...member, chat, home });
  }
  const [a, b] = sides;

  let roomId = '';
  await test.step('both sign in, each with a day log of one set; both in one club room', async () => {
    for (const side of sides) {
      await signIn(side.chat, side.who);
      await dayWithSquat(side.chat, today);
      await side.home.goto('/');
      await expect(setRows(squatEntry(side.home, today))).toHaveCount(1);
    }
    const title = `롤링 클럽 ${run}`;
    await createClub(a.chat, title, {
      intro: '롤링 재시작 리허설용 클럽입니다.',
      place: '판교역',
      time: '매주 화요일 저녁 7시',
    });
    roomId = await openRoom(a.chat, title);
    await expectConnected(a.chat);
    expect(await openRoom(b.chat, title)).toBe(roomId);
    await expectConnected(b.chat);
  });

  const sent: string[] = [];
  const sets = { A: 1, B: 1 };
  let rolling: Rolling | null = null;

  await test.step('the launcher restarts each instance in turn while both keep chatting and logging sets', async () => {
    watching.on = true;
    process.kill(clusterState().launcher.pid, 'SIGUSR2');
    await expect.poll(() => clusterState().rolling?.state).toBe('running');
    const started = Date.now();
    // Rounds until the restart is over, and one more after it (through the new instances).
    for (let round = 0, after = 0; after < 2; round++) {
      rolling = clusterState().rolling;
      if (rolling?.state !== 'running') after += 1;
      expect(rolling?.state, rolling?.error ?? '').not.toBe('failed');
      expect(Date.now() - started, 'the rolling restart takes too long').toBeLessThan(360_000);
      for (const side of sides) {
        const text = `[${run}] ${side.name}${round} (${rolling?.current ?? '끝'})`;
        sent.push(text);
        // A message sent as its link dies shows once the room has noticed (no heartbeat for 8 s),
        // reconnected (after 5 s, through the instances left) and sent it again: up to ~20 s.
        await sayAndSee(side.chat, text, sent, 45_000);
        await squatEntry(side.home, today)
          .getByRole('button', { name: '스쿼트 세트 추가' })
          .click();
        sets[side.name] += 1;
        await expect(setRows(squatEntry(side.home, today))).toHaveCount(sets[side.name]);
      }
    }
    expect(rolling!.restarted).toEqual(['app-1', 'app-2', 'backend-1', 'backend-2']);
  });

  await test.step('every message and every set arrived once; nobody was shown an error', async () => {
    for (const side of sides) {
      await expect.poll(() => shownMarkers(side.chat, sent), { timeout: 30_000 }).toEqual(sent);
      await expect
        .poll(() => storedSquatSets(side.home, today), { timeout: 60_000 })
        .toBe(sets[side.name]);
    }
    // Stored once each, in order (the room's history, every page of it).
    expect(await storedMarkers(a.chat, roomId, sent)).toEqual(sent);
    // A fresh load shows the same: the latest page of the history, the sets from the backend.
    for (const side of sides) {
      await side.chat.reload();
      await expectConnected(side.chat);
      await expect
        .poll(async () => {
          const shown = await shownMarkers(side.chat, sent);
          return shown.length > 0 && shown.join('\n') === sent.slice(-shown.length).join('\n');
        })
        .toBe(true);
      await side.home.reload();
      await expect(setRows(squatEntry(side.home, today))).toHaveCount(sets[side.name]);
    }
    expect(alerts).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
