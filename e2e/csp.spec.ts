import { readFileSync } from 'node:fs';

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

import { demoMembers, signIn } from './fixtures/auth';
import { APP_URL, CSP_REPORT_FILE, EXPECTED_VIOLATION_MARKER } from './fixtures/env';

/**
 * The Content-Security-Policy of issue 17 through the real stack: every page answers with it and
 * a fresh nonce that Next stamped on its scripts, an injected inline script does not run and is
 * reported to the backend. That the app works under the policy is what the whole suite checks:
 * e2e/csp-reporter.ts fails the run on any violation reported while it runs.
 */

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

/** What checkPage reads of an answer (an APIResponse, or the Response of a navigation). */
interface PageAnswer {
  headers(): Record<string, string>;
  status(): number;
  text(): Promise<string>;
}

/** The policy's nonce, after checking that every script of the page carries it. */
async function checkPage(response: PageAnswer, label: string): Promise<string> {
  const headers = response.headers();
  const policy = headers['content-security-policy'];
  expect(policy, label).toBeDefined();
  const nonce = nonceOf(policy);
  expect(nonce, label).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain('report-uri /api/csp-report');
  expect(headers['permissions-policy']).toContain('geolocation=()');
  // http://localhost: no HSTS (it is for https PUBLIC_URLs).
  expect(headers['strict-transport-security']).toBeUndefined();
  if (response.status() >= 300 && response.status() < 400) return nonce!;
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  expect(scripts.length, label).toBeGreaterThan(0);
  for (const script of scripts) expect(script, label).toContain(`nonce="${nonce}"`);
  return nonce!;
}

/** GETs each path twice, checking both answers and that their nonces differ. */
async function checkPaths(
  request: APIRequestContext,
  paths: [path: string, status: number][],
): Promise<void> {
  for (const [path, status] of paths) {
    const first = await request.get(path, { maxRedirects: 0 });
    expect(first.status(), path).toBe(status);
    const second = await request.get(path, { maxRedirects: 0 });
    const nonces = [await checkPage(first, path), await checkPage(second, path)];
    expect(nonces[0], `${path}: a fresh nonce per request`).not.toBe(nonces[1]);
  }
}

test('every page answers with the policy and a fresh nonce that its scripts carry', async ({
  page,
  request,
}) => {
  // Signed out: the sign-in page, the offline page, and the redirects of the protected pages.
  await checkPaths(request, [
    ['/login', 200],
    ['/~offline', 200],
    ['/chat/abc', 404],
    ['/', 307],
    ['/no-such-page', 307],
  ]);

  await signIn(page, demoMembers.minjun);
  await checkPaths(page.request, [
    ['/', 200],
    ['/post', 200],
    ['/post/upload', 200],
    ['/exercise', 200],
    ['/routine', 200],
    ['/profile', 200],
    ['/friend', 200],
    ['/friendProfile/2', 200],
    ['/club', 200],
    ['/club/create', 200],
    ['/chat/1', 200],
    ['/~offline', 200],
    ['/no-such-page', 404],
    ['/login', 307],
  ]);

  // What the browser itself got for the page it shows: the scripts of its HTML kept the nonce
  // (browsers hide it from the attribute, not from the element). Scripts the runtime adds later
  // have none: 'strict-dynamic' trusts them because a nonced script added them.
  const policyComplaints: string[] = [];
  page.on('console', (message) => {
    if (/Permissions-Policy|Content Security Policy/i.test(message.text())) {
      policyComplaints.push(message.text());
    }
  });
  const response = await page.goto('/post');
  const nonce = await checkPage(response!, 'navigation to /post');
  await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeVisible();
  // Every feature the permissions policy names is one the browser knows (no console errors).
  expect(policyComplaints).toEqual([]);
  const inHtml = (await response!.text()).match(/<script\b/g)!.length;
  const stamped = await page.evaluate(() =>
    Array.from(document.scripts, (script) => script.nonce).filter(Boolean),
  );
  expect(stamped.length).toBeGreaterThanOrEqual(inHtml);
  expect(new Set(stamped)).toEqual(new Set([nonce]));
});

/** Violations the page saw, collected from the moment it loads (an init script, exempt from CSP). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string; sample: string }[] = [];
    (window as unknown as { __violations: typeof seen }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      }),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __violations: { directive: string; blocked: string; sample: string }[];
        }
      ).__violations,
  );

/** The backend's report lines whose sample names `marker`. */
function reportsWith(marker: string): { directive: string; sample: string; documentUrl: string }[] {
  return readFileSync(CSP_REPORT_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((report) => typeof report.sample === 'string' && report.sample.includes(marker));
}

test.describe('an injection', () => {
  // The test rewrites the page's HTML on its way to the browser, so the service worker must not
  // answer the navigation first.
  test.use({ serviceWorkers: 'block' });

  test('an injected inline script and event handler are blocked and reported, while the app runs clean', async ({
    page,
  }) => {
    await watchViolations(page);
    await signIn(page, demoMembers.minjun);
    // The app's own scripts run (a client-side navigation) and nothing was refused on the way.
    await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeVisible();
    await page.getByRole('link', { name: '클럽' }).first().click();
    await expect(page).toHaveURL(/\/club$/);
    expect(await violations(page)).toEqual([]);

    const id = Math.random().toString(36).slice(2, 8);
    const marker = `${EXPECTED_VIOLATION_MARKER}${id}*/`;
    // A stored XSS: a script in the page's HTML as it leaves the server (its policy kept). Code a
    // test evaluates in the page is exempt from the page's policy in Chromium (DevTools), so an
    // element it appends would run; markup the page parses is what an attacker gets in.
    await page.route('**/post', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</body>',
        `<script>${marker} window.__cspProbe = "script";</script></body>`,
      );
      await route.fulfill({ response, body: html });
    });
    const response = await page.goto('/post');
    expect(response?.headers()['content-security-policy']).toContain("'strict-dynamic'");
    await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeVisible();
    // A DOM XSS: markup with an inline event handler put into the live page.
    await page.evaluate((text) => {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<img alt="" src="data:," onerror="${text} window.__cspProbe = 'handler';">`,
      );
    }, marker);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __cspProbe?: string }).__cspProbe)).toBe(
      undefined,
    );

    const seen = await violations(page);
    expect(seen.map((violation) => violation.directive).sort()).toEqual([
      'script-src-attr',
      'script-src-elem',
    ]);
    for (const violation of seen) {
      expect(violation.blocked).toBe('inline');
      expect(violation.sample.startsWith(marker)).toBe(true);
    }

    // And the browser reported both to the backend, through the BFF.
    await expect.poll(() => reportsWith(marker).length, { timeout: 15_000 }).toBe(2);
    for (const report of reportsWith(marker)) {
      expect(report.documentUrl).toBe(`${APP_URL}/post`);
    }
  });
});
