import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

import { signIn, uniqueMember, uniqueNamedMember } from './fixtures/auth';
import { seoulToday } from './fixtures/calendar';
import { sendMessages } from './fixtures/chat-peer';
import { createClub, openRoom } from './fixtures/club';
import { waitForServiceWorker, warmOfflineCacheAgain } from './fixtures/offline';
import { createExercise, createRoutine, json, logSession } from './fixtures/workout';

/**
 * Issue 29, point 1: layers that never hide a control, at a phone's and a laptop's size. Each
 * control is checked the way a finger meets it: the element at the centre of its box
 * (`document.elementFromPoint`) is the control itself, nothing drawn over it.
 */

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Screenshots for a human look (not committed), when LAYERS_SHOTS names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.LAYERS_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}

/** True when `locator` is inside the viewport and is (or contains) the element at its centre. */
function hitTestable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (box.width === 0 || box.height === 0) return false;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

async function expectHitTestable(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  await expect.poll(() => hitTestable(locator), { message: what }).toBe(true);
}

/** The box of `locator` in the viewport. */
async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

function syncChip(page: Page): Locator {
  return page
    .getByRole('status')
    .filter({ has: page.getByRole('button') })
    .getByRole('button');
}

/** The club section's link in the navigation (tab bar or sidebar). */
function clubNav(page: Page): Locator {
  return page
    .getByRole('navigation', { name: /메뉴|탐색|navigation/i })
    .getByRole('link', { name: /클럽/ });
}

/** True when the badge's text lies on one line and the badge is one line-height tall. */
function oneLine(badge: Locator): Promise<{ lines: number; height: number; lineHeight: number }> {
  return badge.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
    return {
      lines: tops.size,
      height: element.getBoundingClientRect().height,
      lineHeight: Number.parseFloat(getComputedStyle(element).lineHeight),
    };
  });
}

async function expectOneLine(badge: Locator, what: string): Promise<void> {
  await expect(badge, what).toBeVisible();
  const measured = await oneLine(badge);
  expect(measured.lines, what).toBe(1);
  expect(Math.abs(measured.height - measured.lineHeight), what).toBeLessThan(0.5);
}

for (const size of SIZES) {
  test.describe(`${size.name} ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the sync chip shows and takes taps while offline with changes waiting; axe in both themes', async ({
      page,
      context,
    }) => {
      test.setTimeout(240_000);
      const member = uniqueMember('layers-offline');
      await signIn(page, member);
      const today = seoulToday();
      await createExercise(page, '스쿼트', [{ reps: 5, weight: 100 }]);
      await logSession(page, today, '스쿼트', [{ reps: 5, weight: 100 }]);

      // Online once with the service worker in control: the page gets cached.
      await page.goto('/');
      await waitForServiceWorker(page);
      await warmOfflineCacheAgain(page);
      const log = page.getByRole('region', { name: `${today} 운동 일지` });
      await expect(log.getByRole('checkbox', { name: '완료' })).toBeChecked();

      await context.setOffline(true);
      await page.reload();
      await expect(log.getByRole('checkbox', { name: '완료' })).toBeChecked();
      await log.getByRole('checkbox', { name: '완료' }).uncheck();
      const chip = syncChip(page);
      await expect(chip).toHaveText('오프라인 · 변경 1개 대기 중');

      // At the top of the page and after scrolling down: seen and tappable, never under the bar.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectHitTestable(chip, 'the chip at the top of the page');
      await shot(page, `chip-offline-${size.width}-light`);
      await page.mouse.wheel(0, 600);
      await expectHitTestable(chip, 'the chip after scrolling');
      await page.evaluate(() => window.scrollTo(0, 0));

      // Phones: the chip sits in an 오프라인 strip just below the top bar.
      if (size.width < 900) {
        const strip = page.getByRole('status').filter({ has: page.getByRole('button') });
        const stripBox = await boxOf(strip);
        const chipBox = await boxOf(chip);
        expect(stripBox.x).toBe(0);
        expect(stripBox.width).toBe(size.width);
        expect(chipBox.y).toBeGreaterThanOrEqual(56);
        expect(chipBox.y + chipBox.height).toBeLessThan(160);
      }

      // Axe, both themes, with the strip and the chip showing.
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect(chip).toBeVisible();
        const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
        expect(
          result.violations.flatMap((violation) =>
            violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
          ),
          colorScheme,
        ).toEqual([]);
      }
      await shot(page, `chip-offline-${size.width}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // The tap opens the panel, as before.
      await chip.click();
      const panel = page.getByRole('dialog', { name: '동기화 상태' });
      await expect(panel.getByRole('listitem')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      await context.setOffline(false);
    });

    test("the day edit sheet's 저장 and 취소 stay on top with many sets; toasts clear the rest timer", async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await signIn(page, uniqueMember('layers-sheet'));
      const today = seoulToday();
      const sets = Array.from({ length: 6 }, (_, index) => ({ reps: 10 - index, weight: 60 }));
      await createExercise(page, '벤치프레스', sets);
      await logSession(page, today, '벤치프레스', sets);
      await page.goto('/');
      const log = page.getByRole('region', { name: `${today} 운동 일지` });
      await expect(log.getByRole('heading', { name: '벤치프레스' })).toBeVisible();

      // A rest runs: the bar floats above the tab bar.
      await log.getByRole('button', { name: '1세트 완료' }).click();
      const timer = page.getByRole('region', { name: '휴식 타이머' });
      await expect(timer).toBeVisible();

      await log.getByRole('button', { name: '수정' }).click();
      const sheet = page.getByRole('dialog', { name: '수정' });
      const save = sheet.getByRole('button', { name: '저장' });
      const cancel = sheet.getByRole('button', { name: '취소' });
      await expectHitTestable(save, '저장 with 6 sets');
      await expectHitTestable(cancel, '취소 with 6 sets');
      await shot(page, `sheet-6-sets-${size.width}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `sheet-6-sets-${size.width}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // More sets: the content scrolls under a footer that stays on top, and the last field
      // scrolls clear of it.
      const group = sheet.getByRole('group', { name: '벤치프레스 세트' });
      for (let added = 0; added < 3; added += 1) {
        await group.getByRole('button', { name: '세트 추가' }).click();
      }
      await expectHitTestable(save, '저장 with 9 sets');
      await expectHitTestable(cancel, '취소 with 9 sets');
      const fields = group.getByRole('spinbutton');
      await expect(fields).toHaveCount(18);
      // The added sets' fields (an added set may start empty): filled, the last one at the end.
      for (let index = 12; index < 18; index += 1) await fields.nth(index).fill('5');
      const last = fields.last();
      await last.scrollIntoViewIfNeeded();
      await expectHitTestable(last, 'the last field, scrolled into view');
      const lastBox = await boxOf(last);
      const footerTop = (await boxOf(cancel)).y;
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(footerTop);
      await expectHitTestable(save, '저장 after scrolling to the end');
      await save.click();
      await expect(sheet).toBeHidden();

      // The edit's toast: above the rest-timer bar and the tab bar (phones), never over the
      // timer's buttons. Measured in the page the moment it shows (a toast lasts 4 s).
      const measured = await (
        await page.waitForFunction(() => {
          const toast = Array.from(document.querySelectorAll('[role="alert"]')).find((element) =>
            element.textContent?.includes('수정'),
          );
          const bar = document.querySelector('[data-rest-timer-bar]');
          // Any of the bar's buttons (on a slow machine the rest may be over: no 건너뛰기 then).
          const skip = bar?.querySelector('button');
          const tabBar = document.querySelector('nav[aria-label="주요 메뉴"]');
          if (!toast || !bar || !skip || !tabBar) return null;
          const box = (element: Element) => {
            const rect = element.getBoundingClientRect();
            return { top: rect.top, bottom: rect.bottom };
          };
          const skipRect = skip.getBoundingClientRect();
          const hit = document.elementFromPoint(
            skipRect.left + skipRect.width / 2,
            skipRect.top + skipRect.height / 2,
          );
          return {
            toast: box(toast),
            bar: box(bar),
            tabBar: box(tabBar),
            skipHit: hit !== null && (hit === skip || skip.contains(hit)),
          };
        })
      ).jsonValue();
      const layout = measured!;
      await shot(page, `toast-timer-${size.width}-light`);
      const apart = layout.toast.bottom <= layout.bar.top || layout.bar.bottom <= layout.toast.top;
      expect(apart, 'the toast and the rest-timer bar do not overlap').toBe(true);
      expect(layout.skipHit, 'the timer is hit-testable with a toast').toBe(true);
      if (size.width < 900) {
        expect(layout.toast.bottom).toBeLessThanOrEqual(layout.bar.top);
        expect(layout.toast.bottom).toBeLessThanOrEqual(layout.tabBar.top);
      }
    });

    test("a confirm dialog's buttons take the tap right after an edit's toast", async ({
      page,
    }) => {
      await signIn(page, uniqueMember('layers-confirm'));
      await createExercise(page, '스쿼트', [{ reps: 5, weight: 100 }]);
      await createRoutine(page, '하체 데이', ['스쿼트']);
      await page.goto('/routine');
      const toggle = page.getByRole('button', { name: /하체 데이/ });
      await expect(async () => {
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
      }).toPass();
      await page.getByRole('button', { name: '수정' }).click();
      const edit = page.getByRole('dialog', { name: '수정' });
      await expectHitTestable(edit.getByRole('button', { name: '저장' }), 'the routine sheet 저장');
      await edit.getByRole('button', { name: '저장' }).click();
      await expect(edit).toBeHidden();
      const toast = page.getByRole('alert').filter({ hasText: '루틴을 수정했습니다.' });
      await expect(toast).toBeVisible();
      await shot(page, `toast-${size.width}-light`);

      // Straight away, the toast still up: the confirmation dismisses it.
      await page.getByRole('button', { name: '삭제', exact: true }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText("'하체 데이' 루틴을 삭제하시겠습니까?");
      await expect(toast).toBeHidden();
      const remove = confirm.getByRole('button', { name: '삭제', exact: true });
      await expectHitTestable(remove, '삭제 in the confirmation');
      await expectHitTestable(confirm.getByRole('button', { name: '취소' }), '취소');
      await shot(page, `confirm-${size.width}-light`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, `confirm-${size.width}-dark`);
      await page.emulateMedia({ colorScheme: 'light' });

      // The tap deletes.
      await remove.click();
      await expect(page.getByText('아직 만든 루틴이 없습니다.')).toBeVisible();
      expect(await json<unknown[]>(page, '/api/member/routines')).toEqual([]);
    });

    test('the unread badge is a one-line pill with 2 and with 100 unread (99+)', async ({
      page,
      browser,
    }) => {
      test.setTimeout(240_000);
      const a = uniqueNamedMember('배지');
      const b = uniqueNamedMember('보냄');
      const title = `배지 클럽 ${Date.now().toString(36)}`;
      await signIn(page, a);
      await createClub(page, title, { intro: '배지 확인', place: '강남', time: '매일' });
      const roomId = Number(await openRoom(page, title));

      const contextB = await browser.newContext();
      try {
        const pageB = await contextB.newPage();
        await signIn(pageB, b);
        expect(await openRoom(pageB, title)).toBe(String(roomId));

        await page.goto('/club');
        const myChats = page.getByRole('region', { name: '내 채팅방' });
        const row = myChats.getByRole('link', { name: new RegExp(`^${title}`) });
        await expect(row).toBeVisible();

        await sendMessages(contextB, roomId, 2);
        await page.reload();
        await expect(clubNav(page)).toContainText('읽지 않은 메시지 2개');
        await expectOneLine(clubNav(page).getByText('2', { exact: true }), 'nav badge, 2');
        await expectOneLine(row.getByText('2', { exact: true }), 'room badge, 2');
        await shot(page, `badge-2-${size.width}-light`);

        await sendMessages(contextB, roomId, 98, '더');
        await page.reload();
        await expect(clubNav(page)).toContainText('읽지 않은 메시지 99개 이상');
        await expectOneLine(clubNav(page).getByText('99+', { exact: true }), 'nav badge, 100');
        await expectOneLine(row.getByText('99+', { exact: true }), 'room badge, 100');
        await shot(page, `badge-100-${size.width}-light`);
        await page.emulateMedia({ colorScheme: 'dark' });
        await shot(page, `badge-100-${size.width}-dark`);
      } finally {
        await contextB.close();
      }
    });
  });
}
