import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { expect, type Page, test } from '@playwright/test';

import { appServerCommand } from '../scripts/app-server.mjs';
import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom, say } from './fixtures/club';

/**
 * Restarting the backend in the middle of a conversation: both members' rooms fall back to
 * "연결 중...", reconnect by themselves once a new backend process answers on the same port and
 * DATA_DIR, and the messages one member sends while the other is still off the link reach the
 * other through its `newerMessage` catch-up, in order and once each.
 *
 * Playwright's webServer owns the main stack's backend, so this file starts a stack of its own (a
 * backend and the app's standalone server, both already built) on ports of its own.
 */

const APP_PORT = Number(process.env.E2E_RECONNECT_APP_PORT || 3170);
const BACKEND_PORT = Number(process.env.E2E_RECONNECT_BACKEND_PORT || 8270);
const APP_URL = `http://localhost:${APP_PORT}`;
const BACKEND_URL = `http://127.0.0.1:${BACKEND_PORT}`;
const root = path.resolve(__dirname, '..');
const distDir = process.env.NEXT_DIST_DIR || '.next';
const dataDir = path.join(root, '.data', `e2e-reconnect-${process.pid}-${Date.now()}`);

/** A child process whose output is kept (last 64 KB) for failure messages instead of printed. */
interface Proc {
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function launch(name: string, command: string, args: string[], env: Record<string, string>): Proc {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so `next start` and any worker it forks stop together.
    detached: true,
  });
  let buffer = '';
  const keep = (chunk: Buffer) => {
    buffer = (buffer + chunk.toString()).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { name, child, output: () => buffer, exited };
}

function signal(proc: Proc, sig: NodeJS.Signals) {
  const pid = proc.child.pid;
  if (pid === undefined || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  try {
    process.kill(-pid, sig);
  } catch {
    try {
      process.kill(pid, sig);
    } catch {
      // Already gone.
    }
  }
}

/** SIGTERM, then SIGKILL when it is still running after `timeoutMs`; resolves once it exited. */
async function stopProc(proc: Proc | undefined, timeoutMs = 12_000): Promise<void> {
  if (!proc) return;
  signal(proc, 'SIGTERM');
  const timer = setTimeout(() => signal(proc, 'SIGKILL'), timeoutMs);
  await proc.exited;
  clearTimeout(timer);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitForHealth(proc: Proc, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited before answering ${url}:\n${proc.output()}`);
    }
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

function startBackend(): Proc {
  return launch('backend', process.execPath, ['--enable-source-maps', 'backend/dist/main.js'], {
    BACKEND_PORT: String(BACKEND_PORT),
    PUBLIC_URL: APP_URL,
    DATA_DIR: dataDir,
    // The embedded database in DATA_DIR, whatever the surrounding environment names.
    DATABASE_URL: '',
    REDIS_URL: '',
    MIGRATE_ON_START: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
}

let backend: Proc | undefined;
let app: Proc | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: APP_URL });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  for (const url of [`${APP_URL}/healthz`, `${BACKEND_URL}/healthz`]) {
    if (await answers(url)) {
      throw new Error(
        `${url} already answers: set E2E_RECONNECT_APP_PORT / E2E_RECONNECT_BACKEND_PORT`,
      );
    }
  }
  for (const built of ['backend/dist/main.js', `${distDir}/standalone/server.js`]) {
    if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: npm run build`);
  }
  backend = startBackend();
  await waitForHealth(backend, `${BACKEND_URL}/healthz`, 60_000);
  const [command, args, serverEnv] = appServerCommand(root, distDir, { port: APP_PORT });
  app = launch('next', command, args, { ...serverEnv, BACKEND_URL, PUBLIC_URL: APP_URL });
  await waitForHealth(app, `${APP_URL}/healthz`, 60_000);
});

test.afterAll(async () => {
  await Promise.all([stopProc(app), stopProc(backend)]);
});

/** Enters the club's room and waits for its connection; returns the room id. */
async function enterRoom(page: Page, title: string): Promise<string> {
  const roomId = await openRoom(page, title);
  await expectConnected(page);
  return roomId;
}

async function expectConnected(page: Page, timeout?: number) {
  await expect(page.getByRole('status').filter({ hasText: '연결됨' })).toBeVisible({ timeout });
  await expect(page.getByText('연결 중...')).toBeHidden();
  await expect(page.getByLabel('메시지 입력')).toBeEnabled();
}

/** The room's messages, each reduced to the first of `markers` it contains ('?' for none). */
async function shownMarkers(page: Page, markers: string[]): Promise<string[]> {
  const texts = await page.getByRole('log').getByRole('listitem').allInnerTexts();
  return texts.map((text) => markers.find((marker) => text.includes(marker)) ?? '?');
}

test('the room reconnects after a backend restart and catches up with the messages sent since', async ({
  page,
  browser,
}) => {
  // Counted with the stack's start in beforeAll (a minute on a loaded 2-core machine), two members,
  // a backend restart and its catch-up.
  test.setTimeout(180_000);
  const memberA = uniqueNamedMember('재접속A');
  const memberB = uniqueNamedMember('재접속B');
  const run = Date.now().toString(36);
  const title = `재접속 클럽 ${run}`;
  const before = [`[${run}] A의 인사`, `[${run}] B의 답장`];
  const after = [`[${run}] 재시작 후 첫째`, `[${run}] 재시작 후 둘째`];
  const all = [...before, ...after];

  await signIn(page, memberA);
  await createClub(page, title, {
    intro: '재접속 시험용 클럽입니다.',
    place: '역삼역',
    time: '매주 금요일 저녁 7시',
  });
  const roomId = await enterRoom(page, title);

  const ctxB = await browser.newContext({ baseURL: APP_URL });
  try {
    const pageB = await ctxB.newPage();
    await signIn(pageB, memberB);
    expect(await enterRoom(pageB, title)).toBe(roomId);

    await say(page, before[0]);
    await expect.poll(() => shownMarkers(pageB, all)).toEqual(before.slice(0, 1));
    await say(pageB, before[1]);
    await expect.poll(() => shownMarkers(page, all)).toEqual(before);

    // What A's page asks for to catch up after the reconnect.
    const catchUps: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === `/api/rooms/${roomId}/newerMessage`) {
        catchUps.push({ url: url.pathname + url.search, status: response.status() });
      }
    });

    // A's page is kept off the link (its SockJS `/chat/info` requests fail) until B's messages are
    // in, so those can reach A only through the catch-up after A's own reconnect.
    const isChatInfo = (url: URL) => url.pathname === '/chat/info';
    await page.route(isChatInfo, (route) => route.abort());
    // …and its native sockets (/chat/websocket) are closed before they open until then.
    let nativeBlocked = true;
    await page.routeWebSocket(/\/chat\/websocket$/, (socket) => {
      if (nativeBlocked) socket.close();
      else socket.connectToServer();
    });

    // The backend goes away: both rooms notice and lock the composer.
    await stopProc(backend);
    for (const member of [page, pageB]) {
      await expect(member.getByText('연결 중...')).toBeVisible({ timeout: 15_000 });
      await expect(member.getByLabel('메시지 입력')).toBeDisabled();
    }

    // A new process on the same port and DATA_DIR; B sends as soon as its room is back.
    backend = startBackend();
    await waitForHealth(backend, `${BACKEND_URL}/healthz`, 30_000);
    await expectConnected(pageB, 20_000);
    await say(pageB, after[0]);
    await say(pageB, after[1]);
    await expect.poll(() => shownMarkers(pageB, all)).toEqual(all);
    await expect(page.getByText('연결 중...')).toBeVisible();
    expect(catchUps).toEqual([]);
    await page.unroute(isChatInfo);
    nativeBlocked = false;

    // A is back too and shows everything, in order, once each.
    await expectConnected(page, 20_000);
    await expect.poll(() => shownMarkers(page, all), { timeout: 20_000 }).toEqual(all);
    expect(catchUps.length).toBeGreaterThan(0);
    expect(catchUps.every((request) => request.status === 200)).toBe(true);
    // A late catch-up answer must not add copies.
    await page.waitForTimeout(1_000);
    expect(await shownMarkers(page, all)).toEqual(all);

    // And the restarted backend kept the history: a fresh load shows the same four messages.
    await page.reload();
    await expectConnected(page, 20_000);
    await expect.poll(() => shownMarkers(page, all)).toEqual(all);
  } finally {
    await ctxB.close();
  }
});
