#!/usr/bin/env node
// Benchmark: first-load JavaScript of every page (signed in, and /login anonymous), from the
// production build, beside the floor: the blank app of bench/floor-app (same `next`/`react`),
// built and measured in the same run. Budget: every page ≤ the floor + 30 kB gzip.
//
// Starts the real stack (backend + `next start`), signs the demo member in through the real flow,
// then opens each page in a fresh browser context (empty cache, the session cookies only) and
// records every script response until the network is idle. Each body is gzipped here at level 9
// (the figure the budget is checked against, independent of how the server compresses); the bytes
// actually transferred (Next's own gzip) are printed beside it. 1 kB = 1000 bytes.
//
// The style sheets of each first load are counted too (files requested, and <style> elements the
// HTML carries inline): a page should have at most one render-blocking sheet.
//
// Usage: node bench/bundle/run.mjs [--top 8] [--reuse-floor] [--pages /,/post]
// Needs `npm run build` (honours NEXT_DIST_DIR); builds the floor itself (--reuse-floor keeps a
// floor build of the same versions). Stops every process it started, by PID.
import { gzipSync } from 'node:zlib';

import {
  demoMember,
  launchChromium,
  requireBuild,
  signIn,
  startAppStack,
  stopStartedStacks,
} from '../lib/app-stack.mjs';
import { buildFloor, describeVersions, startFloorServer } from '../lib/floor.mjs';
import { runMain } from '../lib/process.mjs';

/** What a page may load over the floor, in kB gzip -9. */
const OVER_FLOOR_KB = 30;
const ALL_SIGNED_IN = ['/', '/post', '/exercise', '/routine', '/profile', '/friend', '/club'];
const argValue = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const top = Number(argValue('--top') ?? 8);
const chosen = argValue('--pages')?.split(',');
const SIGNED_IN_PAGES = chosen ? ALL_SIGNED_IN.filter((p) => chosen.includes(p)) : ALL_SIGNED_IN;

const kB = (bytes) => (bytes / 1000).toFixed(1);

/** Opens `url` in a fresh context holding `cookies` and measures the scripts of the first load. */
async function measure(browser, url, cookies) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          status: response.status(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: sizes.responseBodySize,
          encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  const navigation = await page.goto(url, { waitUntil: 'networkidle' });
  const html = (await navigation?.text()) ?? '';
  const landed = new URL(page.url()).pathname;
  const scripts = [...new Map((await Promise.all(pending)).map((s) => [s.url, s])).values()];
  await context.close();
  const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
  return {
    landed,
    scripts,
    // Style sheets the document links (render-blocking) and <style> elements it carries inline.
    linkedSheets: [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].length,
    inlineStyleBytes: [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].reduce(
      (total, match) => total + Buffer.byteLength(match[1]),
      0,
    ),
    raw: sum('raw'),
    gzip: sum('gzip'),
    transferred: sum('transferred'),
    encodings: [...new Set(scripts.map((s) => s.encoding))].join(','),
  };
}

async function main() {
  requireBuild();
  const versions = buildFloor({ reuse: process.argv.includes('--reuse-floor') });
  const stack = await startAppStack({ log: (line) => console.log(line) });
  const floorServer = await startFloorServer({ log: (line) => console.log(line) });
  let browser;
  try {
    browser = await launchChromium();
    // The floor first, then the app's pages, in the same browser and run.
    const floor = await measure(browser, `${floorServer.url}/`, []);
    const cookies = await signIn(browser, stack.appUrl, demoMember);
    console.log(`signed in as ${demoMember.email} (${cookies.map((c) => c.name).join(', ')})`);

    const pages = [
      ...SIGNED_IN_PAGES.map((page) => ({ label: page, path: page, cookies, expect: page })),
      { label: '/login (anonymous)', path: '/login', cookies: [], expect: '/login' },
    ];
    const results = [];
    for (const target of pages) {
      const result = await measure(browser, `${stack.appUrl}${target.path}`, target.cookies);
      if (result.landed !== target.expect)
        throw new Error(`${target.path} ended on ${result.landed}, expected ${target.expect}`);
      if (result.scripts.some((s) => s.status !== 200))
        throw new Error(`a script of ${target.path} did not answer 200`);
      results.push({ ...target, ...result });
    }

    for (const result of results) {
      console.log('');
      console.log(
        `${result.label}: ${result.scripts.length} scripts, ${kB(result.raw)} kB raw, ${kB(result.gzip)} kB gzip -9, ${kB(result.transferred)} kB transferred (${result.encodings})`,
      );
      console.log(`  biggest (gzip -9 kB, raw kB):`);
      for (const script of [...result.scripts].sort((a, b) => b.gzip - a.gzip).slice(0, top)) {
        console.log(
          `  ${kB(script.gzip).padStart(7)} ${kB(script.raw).padStart(8)}  ${new URL(script.url).pathname}`,
        );
      }
    }

    const login = results.find((result) => result.path === '/login');
    const loginUrls = new Set(login.scripts.map((script) => script.url));
    const budget = floor.gzip + OVER_FLOOR_KB * 1000;
    console.log('');
    console.log(
      `floor: the blank app (bench/floor-app, ${describeVersions(versions)}): ${floor.scripts.length} scripts, ${kB(floor.gzip)} kB gzip -9`,
    );
    console.log(
      `page          gzip -9   over floor   shared with /login   css linked/inline   budget (floor + ${OVER_FLOOR_KB} kB = ${kB(budget)} kB)`,
    );
    let pass = true;
    for (const result of [{ ...floor, path: 'floor' }, ...results]) {
      const shared = result.scripts
        .filter((script) => loginUrls.has(script.url))
        .reduce((total, script) => total + script.gzip, 0);
      const isFloor = result.path === 'floor';
      const ok = isFloor || result.gzip <= budget;
      pass &&= ok;
      const over = result.gzip - floor.gzip;
      console.log(
        `${result.path.padEnd(12)} ${kB(result.gzip).padStart(7)} kB ${`${over >= 0 ? '+' : ''}${kB(over)}`.padStart(8)} kB ${isFloor ? ''.padStart(13) : `${kB(shared)} kB`.padStart(13)}   ${`${result.linkedSheets} / ${kB(result.inlineStyleBytes)} kB`.padStart(16)}   ${isFloor ? '' : ok ? 'PASS' : 'MISS'}`,
      );
    }
    const worst = results.reduce((a, b) => (b.gzip > a.gzip ? b : a));
    console.log('');
    console.log(
      `first-load JS: floor ${kB(floor.gzip)} kB; heaviest ${worst.path} ${kB(worst.gzip)} kB (+${kB(worst.gzip - floor.gzip)}, budget +${OVER_FLOOR_KB})  ${pass ? 'PASS' : 'MISS'}`,
    );
    return pass;
  } finally {
    await browser?.close();
    await Promise.all([stack.stop(), floorServer.stop()]);
  }
}

// Ctrl-C stops the servers too (by PID), even while they are starting, and removes their data.
runMain(main, { cleanup: stopStartedStacks });
