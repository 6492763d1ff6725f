// Lighthouse runs shared by the benches: one Chromium for Lighthouse, one page measured N times
// with the median-score run kept, and what Lighthouse blames when a page misses its budget.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

import { chromiumFlags, chromiumPath } from './app-stack.mjs';

/** A headless Chromium for Lighthouse to drive (kill() when done). */
export function launchLighthouseChrome() {
  return chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
  });
}

/** The figures of one Lighthouse result. */
export function figures(lhr) {
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
export function diagnose(lhr) {
  const lines = [];
  // Lighthouse 13: lcp-breakdown-insight replaced largest-contentful-paint-element; its details
  // list the subparts table and the LCP element's node.
  const lcpParts = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const lcpNode = lcpParts.find((item) => item.type === 'node');
  if (lcpNode) lines.push(`LCP element: ${lcpNode.snippet ?? lcpNode.nodeLabel}`);
  const phases = lcpParts.find((item) => item.type === 'table')?.items;
  if (phases)
    lines.push(
      `LCP phases: ${phases.map((p) => `${p.subpart} ${Math.round(p.duration)} ms`).join(', ')}`,
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

export const ms = (value) => `${Math.round(value)} ms`.padStart(8);

/**
 * One Lighthouse run of `url` (its default mobile config, or the desktop one) with the session's
 * `cookie` sent on every request; logs and returns its figures with the lhr and JSON report.
 */
export async function measureOnce(
  chrome,
  url,
  { cookie, form = 'mobile', log = console.log, blockedUrlPatterns, label, run = 0 },
) {
  const pagePath = new URL(url).pathname;
  const result = await lighthouse(
    url,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
      // e.g. ['*/sw.js']: the page as it loads without its service worker.
      blockedUrlPatterns,
    },
    form === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result.lhr;
  if (lhr.runtimeError)
    throw new Error(`${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const f = figures(lhr);
  if (f.finalPath !== pagePath)
    throw new Error(`${pagePath} ended on ${f.finalPath} (not signed in?)`);
  log(
    `  ${form.padEnd(7)} ${(label ?? pagePath).padEnd(8)} run ${run + 1}: ${String(f.score).padStart(3)}  FCP${ms(f.fcp)}  LCP${ms(f.lcp)}  TBT${ms(f.tbt)}  CLS ${f.cls.toFixed(3)}`,
  );
  return { ...f, lhr, json: result.report };
}

/**
 * The runs of one page summed up: the median-score run (with its lhr and JSON report), the median
 * LCP of the runs (the LCP budget is checked on it, not on the median-score run's) and every run.
 */
export function summarize(results) {
  const middle = Math.floor(results.length / 2);
  const median = [...results].sort((a, b) => a.score - b.score)[middle];
  const lcps = results.map((result) => result.lcp).sort((a, b) => a - b);
  return { ...median, medianLcp: lcps[middle], runs: results };
}

/** Measures `url` `runs` times in a row (see measureOnce) and summarizes the runs. */
export async function measurePage(chrome, url, { runs, ...options }) {
  const results = [];
  for (let run = 0; run < runs; run++)
    results.push(await measureOnce(chrome, url, { ...options, run }));
  return summarize(results);
}

/** The largest contentful paint's element, as Lighthouse names it (a snippet of its HTML). */
export function lcpElement(lhr) {
  const items = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = items.find((item) => item.type === 'node');
  return node ? (node.snippet ?? node.nodeLabel ?? '') : '';
}

/** The render-blocking requests Lighthouse found (style sheets, scripts), by URL. */
export function renderBlocking(lhr) {
  const audit = lhr.audits['render-blocking-insight'] ?? lhr.audits['render-blocking-resources'];
  return (audit?.details?.items ?? []).map((item) => item.url).filter(Boolean);
}
