#!/usr/bin/env node
// Benchmark: the offline day log (issue 15), measured side by side in one run.
//
// 1. Sync. A fresh member opens `/` in Chromium with the service worker in control, goes offline
//    and makes 50 day-log changes (one add, then 49 ticks and unticks of a set: each one a queued
//    change in IndexedDB). Measured: from going back online to the sync chip's `동기화됨` (every
//    change confirmed by the backend and the day read again). Beside it, the floor: the same 50
//    writes sent one after another straight from the page with fetch, no queue (what the network,
//    the BFF and the backend cost by themselves). Budget: ≤ 5 s for the 50.
// 2. The service worker's effect on the first load: Lighthouse mobile on `/` (median of --runs),
//    once as built and once with /sw.js blocked, so that the page loads without a worker.
//    Budget: the server-first budgets still hold with it (score ≥ 95, median LCP ≤ 1.5 s).
//
// Usage: node bench/offline/run.mjs [--changes 50] [--runs 3]
// Needs `npm run build` (honours NEXT_DIST_DIR). Stops every process it started, by PID.
import {
  cookieHeader,
  launchChromium,
  requireBuild,
  startAppStack,
  stopStartedStacks,
} from '../lib/app-stack.mjs';
import { launchLighthouseChrome, measurePage, ms } from '../lib/lighthouse.mjs';
import { runMain } from '../lib/process.mjs';

const SYNC_BUDGET_MS = 5000;
const SCORE_BUDGET = 95;
const LCP_BUDGET_MS = 1500;

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--')) out[argv[i].slice(2)] = argv[i + 1];
  }
  return out;
}
const args = parseArgs(process.argv.slice(2));
const changes = Number(args.changes ?? 50);
const runs = Number(args.runs ?? 3);

function seoulToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
}

async function signInPage(page, appUrl, who) {
  await page.goto(`${appUrl}/login`);
  await page.getByRole('link', { name: 'Google 계정으로 로그인' }).click();
  await page.getByRole('heading', { name: '개발용 로그인' }).waitFor();
  await page.getByLabel('이메일').fill(who.email);
  await page.getByLabel('이름').fill(who.name);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

/** Creates the member's exercise through the API (as e2e/fixtures/workout.ts does). */
async function createExercise(page, appUrl, name) {
  const response = await page.request.post(`${appUrl}/api/exercise`, {
    data: { name, memo: '', repWeightList: [{ reps: 5, weight: 100 }], classification: 'BACK' },
    headers: { origin: appUrl },
  });
  if (response.status() >= 300) throw new Error(`create exercise: ${response.status()}`);
  const list = await (await page.request.get(`${appUrl}/api/member/exercises`)).json();
  return list.find((item) => item.name === name).id;
}

/** The sync chip's text ('' when hidden). */
const chipText = (page) =>
  page.evaluate(
    () => document.querySelector('[role="status"] > button[data-state]')?.textContent?.trim() ?? '',
  );

async function measureSync(browser, appUrl) {
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  await signInPage(page, appUrl, { email: `bench-offline-${id}@bench.dev`, name: '벤치' });
  const exerciseId = await createExercise(page, appUrl, '데드리프트');
  const today = seoulToday();

  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  // Polled from here: waitForFunction would take an async predicate's pending promise for a yes.
  for (let tries = 0; ; tries++) {
    const cached = await page.evaluate(
      async () =>
        (await (await caches.open('everyhealth-api')).match('/api/member/exercises')) !== undefined,
    );
    if (cached) break;
    if (tries > 300) throw new Error('the warm-up never cached the exercises');
    await page.waitForTimeout(100);
  }

  await context.setOffline(true);
  const log = page.getByRole('region', { name: `${today} 운동 일지` });
  await log.getByRole('button', { name: '추가' }).click();
  const add = page.getByRole('dialog', { name: '추가' });
  await add.getByRole('checkbox', { name: /데드리프트/ }).check();
  await add.getByRole('button', { name: '저장' }).click();
  await add.waitFor({ state: 'hidden' });
  const tick = log.getByRole('button', { name: '1세트 완료' });
  for (let i = 1; i < changes; i++) await tick.click();
  const waitingText = `오프라인 · 변경 ${changes}개 대기 중`;
  await page.waitForFunction(
    (text) =>
      document.querySelector('[role="status"] > button[data-state]')?.textContent?.trim() === text,
    waitingText,
  );

  const started = performance.now();
  await context.setOffline(false);
  await page.waitForFunction(
    () => document.querySelector('[role="status"] > button[data-state="synced"]') !== null,
    undefined,
    { polling: 10, timeout: 120_000 },
  );
  const queueMs = performance.now() - started;
  const chip = await chipText(page);

  // The backend has each change once: one entry, and the set's mark as the last tick left it.
  const day = await (await page.request.get(`${appUrl}/api/today/date/${today}`)).json();
  const entries = day.todayExercises.length;
  const done = day.todayExercises[0]?.repWeightList[0]?.done;

  // The floor: the same writes straight from the page, one after another, on another day.
  const floorMs = await page.evaluate(
    async ({ date, exerciseId, ticks }) => {
      const send = async (url, method, body) => {
        const response = await fetch(url, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${url}: ${response.status}`);
        return response;
      };
      const start = performance.now();
      await send(`/api/today?date=${date}`, 'POST');
      await send(`/api/todayExercise/${date}`, 'POST', [
        { id: exerciseId, type: 'exercise', sequence: 1 },
      ]);
      const read = await (await send(`/api/today/date/${date}`, 'GET')).json();
      const setId = read.todayExercises[0].repWeightList[0].id;
      for (let i = 0; i < ticks; i++) {
        await send(`/api/todayExercise/set/${setId}`, 'PATCH', { done: i % 2 === 0 });
      }
      return performance.now() - start;
    },
    { date: '2020-01-15', exerciseId, ticks: changes - 1 },
  );
  await context.close();
  return { queueMs, floorMs, chip, entries, done };
}

async function main() {
  requireBuild();
  const stack = await startAppStack({ log: (line) => console.log(line) });
  let chrome;
  try {
    const browser = await launchChromium();
    let sync;
    let cookie;
    try {
      sync = await measureSync(browser, stack.appUrl);
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInPage(page, stack.appUrl, { email: 'minjun@everyhealth.dev', name: '김민준' });
      cookie = cookieHeader(await context.cookies(stack.appUrl));
      await context.close();
    } finally {
      await browser.close();
    }
    const expectedDone = (changes - 1) % 2 === 1;
    const once = sync.entries === 1 && sync.done === expectedDone;
    console.log('');
    console.log(`sync of ${changes} queued changes (online → 동기화됨)`);
    console.log(`  outbox replay       ${ms(sync.queueMs)}`);
    console.log(`  floor (plain fetch) ${ms(sync.floorMs)}`);
    console.log(`  ratio               ${(sync.queueMs / sync.floorMs).toFixed(2)}×`);
    console.log(
      `  backend afterwards: ${sync.entries} entry, set done=${sync.done} (expected ${expectedDone}) ${once ? 'OK' : 'WRONG'}`,
    );

    chrome = await launchLighthouseChrome();
    const url = `${stack.appUrl}/`;
    console.log('');
    console.log(`Lighthouse mobile / (median of ${runs}), with and without the service worker`);
    const withWorker = await measurePage(chrome, url, { runs, cookie });
    const without = await measurePage(chrome, url, {
      runs,
      cookie,
      blockedUrlPatterns: ['*/sw.js'],
    });
    console.log('');
    console.log('                 score      FCP       LCP       TBT');
    for (const [name, row] of [
      ['with worker', withWorker],
      ['without', without],
    ]) {
      console.log(
        `  ${name.padEnd(13)} ${String(row.score).padStart(5)}  ${ms(row.fcp)}  ${ms(row.medianLcp)}  ${ms(row.tbt)}`,
      );
    }
    console.log(
      `  LCP ratio with/without ${(withWorker.medianLcp / without.medianLcp).toFixed(2)}×, score ${withWorker.score - without.score >= 0 ? '+' : ''}${withWorker.score - without.score}`,
    );

    const syncPass = sync.queueMs <= SYNC_BUDGET_MS && once;
    const lighthousePass =
      withWorker.score >= SCORE_BUDGET && withWorker.medianLcp <= LCP_BUDGET_MS;
    console.log('');
    console.log(
      `sync ${Math.round(sync.queueMs)} ms for ${changes} (budget ≤ ${SYNC_BUDGET_MS} ms) ${syncPass ? 'PASS' : 'MISS'}; ` +
        `first load with the worker: score ${withWorker.score} (≥ ${SCORE_BUDGET}), LCP ${Math.round(withWorker.medianLcp)} ms (≤ ${LCP_BUDGET_MS}) ${lighthousePass ? 'PASS' : 'MISS'}`,
    );
    return syncPass && lighthousePass;
  } finally {
    await chrome?.kill();
    await stack.stop();
  }
}

runMain(main, { cleanup: stopStartedStacks, name: 'bench/offline', deadlineMs: 15 * 60_000 });
