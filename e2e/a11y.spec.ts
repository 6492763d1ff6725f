import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { demoMembers, signIn } from './fixtures/auth';

/**
 * Automated accessibility checks (axe-core, WCAG 2.1 A and AA plus best practices) of every
 * screen, in the light and the dark theme, signed in as a demo member whose pages have content.
 * They catch what the eye misses (contrast, names that differ from the visible text, missing
 * labels); keyboard use and focus are covered by the feature specs.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${violation.help})`),
  );
}

const SIGNED_IN_PAGES = [
  '/',
  '/post',
  '/post/upload',
  '/exercise',
  '/routine',
  '/profile',
  '/settings',
  '/friend',
  '/club',
  '/club/create',
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the sign-in page has no accessibility violations', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('link', { name: 'Google 계정으로 로그인' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });

    test('every signed-in screen, and a dialog, has no accessibility violations', async ({
      page,
    }) => {
      test.slow();
      await signIn(page, demoMembers.minjun);
      for (const path of SIGNED_IN_PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await violations(page), path).toEqual([]);
      }
      await page.goto('/exercise');
      await page.getByRole('button', { name: '운동 추가' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page), '/exercise add dialog').toEqual([]);
    });
  });
}
