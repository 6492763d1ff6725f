#!/usr/bin/env node
// Benchmark: first-load JavaScript of every page (signed in, and /login anonymous), from the
// production build. Budgets: `/` ≤ 150 kB gzip, `/login` ≤ 125 kB (the original client shipped
// 190 kB).
//
// Starts the real stack (backend + `next start`), signs the demo member in through the real flow,
// then opens each page in a fresh browser context (empty cache, the session cookies only) and
// records every script response until the network is idle. Each body is gzipped here at level 9
// (the figure the budget is checked against, independent of how the server compresses); the bytes
// actually transferred (Next's own gzip) are printed beside it. 1 kB = 1000 bytes.
//
// For scale: Next 16.4.5 + React 19 alone (a hello-world App Router page with one client
// component, built the same way) load ≈135 kB gzip here, so the framework is most of the budget.
//
// Usage: node bench/bundle/run.mjs [--top 8]
// Needs `npm run build` (honours NEXT_DIST_DIR). Stops every process it started, by PID.
import { gzipSync } from 'node:zlib';

import {
  demoMember,
  launchChromium,
  requireBuild,
  signIn,
  startAppStack,
  stopStartedStacks,
} from '../lib/app-stack.mjs';
import { runMain } from '../lib/process.mjs';

/** Budgets in kB gzip -9, by page; the other pages are listed for comparison. */
const BUDGETS_KB = { '/': 150, '/login': 125 };
const SIGNED_IN_PAGES = ['/', '/post', '/exercise', '/routine', '/profile', '/friend', '/club'];
const topArg = process.argv.indexOf('--top');
const top = topArg > 0 ? Number(process.argv[topArg + 1]) : 8;

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
  await page.goto(url, { waitUntil: 'networkidle' });
  const landed = new URL(page.url()).pathname;
  const scripts = [...new Map((await Promise.all(pending)).map((s) => [s.url, s])).values()];
  await context.close();
  const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
  return {
    landed,
    scripts,
    raw: sum('raw'),
    gzip: sum('gzip'),
    transferred: sum('transferred'),
    encodings: [...new Set(scripts.map((s) => s.encoding))].join(','),
  };
}

async function main() {
  requireBuild();
  const stack = await startAppStack({ log: (line) => console.log(line) });
  let browser;
  try {
    browser = await launchChromium();
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
    console.log('');
    console.log('page          gzip -9   shared with /login   own   budget');
    let pass = true;
    for (const result of results) {
      const shared = result.scripts
        .filter((script) => loginUrls.has(script.url))
        .reduce((total, script) => total + script.gzip, 0);
      const budget = BUDGETS_KB[result.path];
      const ok = budget === undefined || result.gzip <= budget * 1000;
      pass &&= ok;
      console.log(
        `${result.path.padEnd(12)} ${kB(result.gzip).padStart(7)} kB ${kB(shared).padStart(10)} kB ${kB(result.gzip - shared).padStart(9)} kB   ${budget === undefined ? '' : `≤ ${budget} kB ${ok ? 'PASS' : 'MISS'}`}`,
      );
    }
    const home = results.find((result) => result.path === '/');
    console.log('');
    console.log(
      `first-load JS: / ${kB(home.gzip)} kB (budget ≤ ${BUDGETS_KB['/']}), /login ${kB(login.gzip)} kB (budget ≤ ${BUDGETS_KB['/login']})  ${pass ? 'PASS' : 'MISS'}`,
    );
    return pass;
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

// Ctrl-C stops the servers too (by PID), even while they are starting, and removes their data.
runMain(main, { cleanup: stopStartedStacks });
