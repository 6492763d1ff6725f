import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { APP_URL, writeHeaders } from './fixtures/env';
import { json } from './fixtures/workout';

/**
 * Issue 29, point 5: feed cards show who and when. Another member's post names its author, as a
 * link to their profile, and a relative time (a <time> with the full date as its title); the
 * member's own post links to /profile. At a phone's and a laptop's size, with axe on the feed in
 * both themes.
 */

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A valid 2×2 PNG, small enough to write inline. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGN46uELRAwQCgArxgXpEcI9ngAAAABJRU5ErkJggg==',
  'base64',
);

async function post(page: Page, text: string): Promise<void> {
  const upload = await page.request.post(`${APP_URL}/api/post`, {
    headers: writeHeaders,
    multipart: { file: { name: 'bench.png', mimeType: 'image/png', buffer: TINY_PNG }, text },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
}

async function expectNoViolations(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const found = result.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    );
    expect(found, `${what} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: '게시물 목록' }).getByRole('article').filter({ hasText: text });

for (const { name: size, viewport } of SIZES) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test('a post of another member names them, linking to their profile, with a relative time', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const author = uniqueNamedMember('작가');
      const other = await browser.newContext({ viewport });
      const authorPage = await other.newPage();
      await signIn(authorPage, author);
      const { id: authorId } = await json<{ id: number }>(authorPage, '/api/login/check');
      const text = `벤치 기록 ${Date.now().toString(36)}`;
      await post(authorPage, text);

      await signIn(page, uniqueNamedMember('독자'));
      await page.goto('/post');
      const theirs = card(page, text);
      await expect(theirs).toBeVisible();
      const link = theirs.getByRole('link', { name: author.name, exact: true });
      await expect(link).toHaveAttribute('href', `/friendProfile/${authorId}`);
      const time = theirs.locator('time');
      await expect(time).toHaveText(/^(방금 전|\d+분 전)$/);
      await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      await expect(time).toHaveAttribute('title', /^\d{4}년 \d{1,2}월 \d{1,2}일 \d{2}:\d{2}$/);
      await expectNoViolations(page, '/post');
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.screenshot({ path: `/tmp/rf-shots/post-${size}-${colorScheme}.png` });
      }
      await page.emulateMedia({ colorScheme: null });

      // The name leads to their profile.
      await link.click();
      await page.waitForURL((url) => url.pathname === `/friendProfile/${authorId}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      // The author's own card leads to /profile.
      await authorPage.goto('/post');
      await expect(
        card(authorPage, text).getByRole('link', { name: author.name, exact: true }),
      ).toHaveAttribute('href', '/profile');
      await other.close();
    });
  });
}
