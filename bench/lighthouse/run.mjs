#!/usr/bin/env node
// Benchmark: Lighthouse performance of /login, /, /post, /exercise, /club and /profile on the
// production build, beside the floor: the blank app of bench/floor-app (same `next`/`react`, one
// server-rendered heading and a link), built and measured in the same run. Budgets: performance
// score ≥ 95 on each page; the median largest contentful paint of each page within 0.3 s of the
// floor's; at most one render-blocking style sheet per page.
//
// Starts the real stack (backend + the app's server) and the floor's `next start`, signs the demo
// member in through the real flow and hands the session cookies to Lighthouse as a Cookie header
// (`extraHeaders`, sent with every request of the page, its API calls included). Lighthouse's
// default config: a mobile device with simulated throttling (Slow 4G, 4× CPU). The runs are
// interleaved (round 1: the floor, then every page; round 2: …), so a busy spell on the machine
// weighs on the floor and the pages alike. The run with the median score is reported per page;
// its full report is kept under test-results/lighthouse/.
//
// Usage: node bench/lighthouse/run.mjs [--runs 5] [--desktop] [--reuse-floor]
//        [--pages /login,/,/post,/exercise,/club,/profile]
// Needs `npm run build` (honours NEXT_DIST_DIR); builds the floor itself. Stops every process it
// started, by PID.
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
import { buildFloor, describeVersions, startFloorServer } from '../lib/floor.mjs';
import {
  diagnose,
  launchLighthouseChrome,
  lcpElement,
  measureOnce,
  ms,
  renderBlocking,
  summarize,
} from '../lib/lighthouse.mjs';
import { runMain } from '../lib/process.mjs';

const SCORE_BUDGET = 95;
/** How much later than the floor's a page's median LCP may be, in ms. */
const LCP_OVER_FLOOR_MS = 300;
/** Render-blocking style sheets a page may have. */
const BLOCKING_SHEETS_BUDGET = 1;
const args = parseArgs(process.argv.slice(2));
const runs = Number(args.runs ?? 5);
const pages = (args.pages ?? '/login,/,/post,/exercise,/club,/profile').split(',');
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

const reportName = (form, label) =>
  `${form}-${label === '/' ? 'home' : label.replace(/^\//, '').replaceAll('/', '-')}.json`;

async function main() {
  requireBuild();
  mkdirSync(reportDir, { recursive: true });
  const versions = buildFloor({ reuse: Boolean(args['reuse-floor']) });
  const stack = await startAppStack({ log: (line) => console.log(line) });
  const floorServer = await startFloorServer({ log: (line) => console.log(line) });
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
    const targets = [
      { label: 'floor', url: `${floorServer.url}/` },
      ...pages.map((pagePath) => ({
        label: pagePath,
        url: `${stack.appUrl}${pagePath}`,
        cookie: pagePath === '/login' ? undefined : cookie,
      })),
    ];

    const rows = [];
    for (const form of forms) {
      const results = new Map(targets.map((target) => [target.label, []]));
      for (let run = 0; run < runs; run++) {
        for (const target of targets) {
          const { label, url } = target;
          results.get(label).push(await measureOnce(chrome, url, { ...target, form, run }));
        }
      }
      for (const { label } of targets) {
        const measured = summarize(results.get(label));
        const file = path.join(reportDir, reportName(form, label));
        writeFileSync(file, measured.json);
        rows.push({ form, label, ...measured, file });
      }
    }

    let pass = true;
    const misses = [];
    for (const form of forms) {
      const floor = rows.find((row) => row.form === form && row.label === 'floor');
      const lcpBudget = floor.medianLcp + LCP_OVER_FLOOR_MS;
      console.log('');
      console.log(
        `${form}, median of ${runs}; floor: the blank app (bench/floor-app, ${describeVersions(versions)}); LCP budget floor + ${LCP_OVER_FLOOR_MS} ms = ${Math.round(lcpBudget)} ms`,
      );
      console.log(
        'page       score      FCP   LCP med  over floor     TBT     CLS       SI  blocking css  LCP element',
      );
      for (const row of rows.filter((r) => r.form === form)) {
        const isFloor = row.label === 'floor';
        const sheets = renderBlocking(row.lhr).filter((url) => /\.css(\?|$)/.test(url)).length;
        const ok =
          isFloor ||
          (row.score >= SCORE_BUDGET &&
            row.medianLcp <= lcpBudget &&
            sheets <= BLOCKING_SHEETS_BUDGET);
        pass &&= ok;
        if (!ok) misses.push(row);
        const over = Math.round(row.medianLcp - floor.medianLcp);
        console.log(
          `${row.label.padEnd(9)} ${String(row.score).padStart(5)} ${ms(row.fcp)} ${ms(row.medianLcp)} ${`${over >= 0 ? '+' : ''}${over} ms`.padStart(11)} ${ms(row.tbt)}   ${row.cls.toFixed(3)} ${ms(row.si)} ${String(sheets).padStart(13)}  ${lcpElement(row.lhr).slice(0, 60)}${isFloor ? '' : ok ? '  PASS' : '  MISS'}`,
        );
        console.log(
          `${''.padEnd(9)} LCP of the runs: ${row.runs.map((run) => Math.round(run.lcp)).join(', ')} ms`,
        );
      }
    }
    for (const row of misses) {
      console.log('');
      console.log(
        `${row.form} ${row.label} (${row.score}), report ${path.relative(root, row.file)}:`,
      );
      for (const line of diagnose(row.lhr)) console.log(`  ${line}`);
    }
    console.log('');
    console.log(
      `Lighthouse (median of ${runs}): ${rows.map((row) => `${row.form === 'mobile' ? '' : 'desktop '}${row.label} ${row.score}/${Math.round(row.medianLcp)} ms`).join(', ')}  (score ≥ ${SCORE_BUDGET}, LCP ≤ floor + ${LCP_OVER_FLOOR_MS} ms, ≤ ${BLOCKING_SHEETS_BUDGET} blocking sheet)  ${pass ? 'PASS' : 'MISS'}`,
    );
    return pass;
  } finally {
    await chrome?.kill();
    await Promise.all([stack.stop(), floorServer.stop()]);
  }
}

// Ctrl-C stops the servers too (by PID), even while they are starting, and removes their data.
runMain(main, { cleanup: stopStartedStacks });
