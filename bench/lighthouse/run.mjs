#!/usr/bin/env node
// Benchmark: Lighthouse performance of /login, /, /post, /exercise and /club on the production
// build. Budget (architecture.md): performance score ≥ 95 on each page, and the largest contentful
// paint of / ≤ 1.5 s.
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
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  chromiumFlags,
  chromiumPath,
  cookieHeader,
  demoMember,
  launchChromium,
  requireBuild,
  root,
  signIn,
  startAppStack,
  stopStartedStacks,
} from '../lib/app-stack.mjs';
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

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    si: audit('speed-index').numericValue,
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

/** What Lighthouse blames, for a page under budget: LCP element, savings, shifts. */
function diagnose(lhr) {
  const lines = [];
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpItems[0]?.items?.[0]?.node;
  if (lcpNode) lines.push(`LCP element: ${lcpNode.snippet ?? lcpNode.nodeLabel}`);
  const phases = lcpItems[1]?.items;
  if (phases)
    lines.push(
      `LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`,
    );
  for (const audit of Object.values(lhr.audits)) {
    const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
    if (audit.score !== null && audit.score < 0.9 && savings >= 50)
      lines.push(`${audit.id}: ${audit.displayValue ?? ''} (~${Math.round(savings)} ms)`);
  }
  const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
  for (const shift of shifts.slice(0, 3))
    lines.push(`layout shift ${shift.score?.toFixed(3)}: ${shift.node?.snippet ?? ''}`);
  return lines;
}

const ms = (value) => `${Math.round(value)} ms`.padStart(8);

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

    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumFlags],
      logLevel: 'silent',
    });

    const rows = [];
    for (const form of forms) {
      for (const pagePath of pages) {
        const signedIn = pagePath !== '/login';
        const results = [];
        for (let run = 0; run < runs; run++) {
          const result = await lighthouse(
            `${stack.appUrl}${pagePath}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance'],
              extraHeaders: signedIn ? { Cookie: cookie } : undefined,
            },
            form === 'desktop' ? desktopConfig : undefined,
          );
          const lhr = result.lhr;
          if (lhr.runtimeError)
            throw new Error(`${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
          const f = figures(lhr);
          if (f.finalPath !== pagePath)
            throw new Error(`${pagePath} ended on ${f.finalPath} (not signed in?)`);
          results.push({ ...f, lhr, json: result.report });
          console.log(
            `  ${form.padEnd(7)} ${pagePath.padEnd(6)} run ${run + 1}: ${String(f.score).padStart(3)}  FCP${ms(f.fcp)}  LCP${ms(f.lcp)}  TBT${ms(f.tbt)}  CLS ${f.cls.toFixed(3)}`,
          );
        }
        const median = [...results].sort((a, b) => a.score - b.score)[Math.floor(runs / 2)];
        const file = path.join(
          reportDir,
          `${form}-${pagePath === '/' ? 'home' : pagePath.slice(1).replaceAll('/', '-')}.json`,
        );
        writeFileSync(file, median.json);
        // The LCP budget is checked on the median LCP of the runs, not on the median-score run's.
        const lcps = results.map((result) => result.lcp).sort((a, b) => a - b);
        rows.push({ form, pagePath, ...median, medianLcp: lcps[Math.floor(runs / 2)], file });
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
