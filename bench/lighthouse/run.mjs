#!/usr/bin/env node
// Benchmark: Lighthouse performance of /login, /, /post, /exercise and /club on the production
// build. Budget: performance score ≥ 95 on each page, and the largest contentful paint of /
// ≤ 1.5 s.
//
// Starts the real stack (backend + `next start`), signs the demo member in through the real flow
// and hands the session cookies to Lighthouse as a Cookie header (`extraHeaders`, sent with every
// request of the page, its API calls included). Lighthouse's default config: a mobile device with
// simulated throttling (Slow 4G, 4× CPU), so the figures depend less on what else the machine runs.
// Each page is measured --runs times and the run with the median score is reported; its full
// report is kept under test-results/lighthouse/.
//
// Usage: node bench/lighthouse/run.mjs [--runs 5] [--desktop] [--pages /login,/,/post,/exercise,/club]
// Needs `npm run build` (honours NEXT_DIST_DIR). Stops every process it started, by PID.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
  cookieHeader,
  demoMember,
  launchChromium,
  requireBuild,
  root,
  signIn,
  startAppStack,
  stopStartedStacks,
} from '../lib/app-stack.mjs';
import { diagnose, launchLighthouseChrome, measurePage, ms } from '../lib/lighthouse.mjs';
import { runMain } from '../lib/process.mjs';

const BUDGET = 95;
/** Largest contentful paint of / (mobile), in ms. */
const HOME_LCP_BUDGET_MS = 1500;
const args = parseArgs(process.argv.slice(2));
const runs = Number(args.runs ?? 5);
const pages = (args.pages ?? '/login,/,/post,/exercise,/club').split(',');
const forms = args.desktop ? ['mobile', 'desktop'] : ['mobile'];
const reportDir = path.join(root, 'test-results', 'lighthouse');

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    if (argv[i].startsWith('--'))
      out[argv[i].slice(2)] =
        argv[i + 1]?.startsWith('--') || i + 1 === argv.length ? true : argv[++i];
  }
  return out;
}

async function main() {
  requireBuild();
  mkdirSync(reportDir, { recursive: true });
  const stack = await startAppStack({ log: (line) => console.log(line) });
  let chrome;
  try {
    const browser = await launchChromium();
    let cookies;
    try {
      cookies = await signIn(browser, stack.appUrl, demoMember);
    } finally {
      await browser.close();
    }
    console.log(`signed in as ${demoMember.email}; ${runs} run(s) per page, ${forms.join(' + ')}`);
    const cookie = cookieHeader(cookies);

    chrome = await launchLighthouseChrome();

    const rows = [];
    for (const form of forms) {
      for (const pagePath of pages) {
        const signedIn = pagePath !== '/login';
        const measured = await measurePage(chrome, `${stack.appUrl}${pagePath}`, {
          runs,
          form,
          cookie: signedIn ? cookie : undefined,
        });
        const file = path.join(
          reportDir,
          `${form}-${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}.json`,
        );
        writeFileSync(file, measured.json);
        // The LCP budget is checked on the median LCP of the runs, not on the median-score run's.
        rows.push({ form, pagePath, ...measured, file });
      }
    }

    console.log('');
    console.log('form     page    score      FCP       LCP       TBT     CLS     SI');
    for (const row of rows) {
      console.log(
        `${row.form.padEnd(8)} ${row.pagePath.padEnd(6)} ${String(row.score).padStart(5)}  ${ms(row.fcp)}  ${ms(row.lcp)}  ${ms(row.tbt)}   ${row.cls.toFixed(3)}  ${ms(row.si)}`,
      );
    }
    const lcpMiss = (row) =>
      row.form === 'mobile' && row.pagePath === '/' && row.medianLcp > HOME_LCP_BUDGET_MS;
    const misses = rows.filter((row) => row.score < BUDGET || lcpMiss(row));
    for (const row of misses) {
      console.log('');
      console.log(
        `${row.form} ${row.pagePath} (${row.score}), report ${path.relative(root, row.file)}:`,
      );
      for (const line of diagnose(row.lhr)) console.log(`  ${line}`);
    }
    const scores = rows.map(
      (row) => `${row.form === 'mobile' ? '' : 'desktop '}${row.pagePath} ${row.score}`,
    );
    console.log('');
    const home = rows.find((row) => row.form === 'mobile' && row.pagePath === '/');
    console.log(
      `Lighthouse performance (median of ${runs}): ${scores.join(', ')}  (budget ≥ ${BUDGET})` +
        (home
          ? `; median LCP of / ${ms(home.medianLcp).trim()} (budget ≤ ${HOME_LCP_BUDGET_MS} ms)`
          : '') +
        `  ${misses.length ? 'MISS' : 'PASS'}`,
    );
    return misses.length === 0;
  } finally {
    await chrome?.kill();
    await stack.stop();
  }
}

// Ctrl-C stops the servers too (by PID), even while they are starting, and removes their data.
runMain(main, { cleanup: stopStartedStacks });
