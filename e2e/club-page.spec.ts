import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

import { signIn, uniqueNamedMember } from './fixtures/auth';
import { createClub, openRoom } from './fixtures/club';

/**
 * Issue 29, "clubs that say what they are": a club page before the chat (description, members,
 * `가입하기`), the card's `채팅방 입장하기` saying that entering joins, and leaving moved into the
 * room's ⋯ menu: `클럽 탈퇴` for a member, `클럽 삭제` for the owner, confirmed by typing the
 * club's name. At a phone's and a laptop's size; axe on every new screen and state in both themes.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe's violations on the page as it is now (or only inside `include`: an open menu or dialog),
 * in the light and then the dark theme.
 */
async function violationsInBothThemes(page: Page, include?: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const builder = new AxeBuilder({ page }).withTags(TAGS);
    if (include) builder.include(include);
    const result = await builder.analyze();
    found.push(
      ...result.violations.flatMap((violation) =>
        violation.nodes.map(
          (node) => `${colorScheme} ${violation.id}: ${node.target.join(' ')} (${violation.help})`,
        ),
      ),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Screenshots of the page as it is now in both themes (looked at by hand, not compared). */
async function shoot(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `/tmp/club-page-shots/${name}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Finds the club on /club by its name and returns its card. */
async function findCard(page: Page, title: string) {
  await page.goto('/club');
  await page.getByLabel('클럽 검색').fill(title);
  await page.getByRole('button', { name: '검색' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  return card;
}

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'laptop', viewport: { width: 1280, height: 800 } },
] as const;

for (const size of SIZES) {
  test.describe(`${size.name} ${size.viewport.width}×${size.viewport.height}`, () => {
    test.use({ viewport: size.viewport });

    test('a non-member opens the club page from the list, sees it and its members, and joins', async ({
      page,
      browser,
    }) => {
      // Sign-ins, two members and axe in both themes: slow on a busy machine.
      test.setTimeout(600_000);
      const owner = uniqueNamedMember('방장');
      const guest = uniqueNamedMember('손님');
      const title = `주말 등산 ${Date.now().toString(36)}`;
      await signIn(page, owner);
      await createClub(page, title, {
        intro: '토요일 아침마다 북한산에 올라요.\n초보도 천천히 함께 갑니다.',
        place: '북한산 우이역',
        time: '매주 토요일 오전 8시',
      });

      const context = await browser.newContext({ viewport: size.viewport });
      const other = await context.newPage();
      await signIn(other, guest);
      const card = await findCard(other, title);
      // The spec's button stays, and says beside it that entering joins.
      const enter = card.getByRole('button', { name: /채팅방 입장하기/ });
      await expect(enter).toBeVisible();
      await expect(enter).toHaveAccessibleDescription('입장하면 클럽에 가입됩니다');
      await expect(card.getByText('입장하면 클럽에 가입됩니다')).toBeVisible();
      await expect(card.getByText('멤버 1명')).toBeVisible();
      await expect(card.getByRole('link', { name: `${title} 자세히 보기` })).toBeVisible();

      await card.getByRole('link', { name: title, exact: true }).click();
      await other.waitForURL(/\/club\/\d+$/);
      await expect(other.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const main = other.getByRole('article', { name: title });
      await expect(main.getByText('토요일 아침마다 북한산에 올라요.')).toBeVisible();
      await expect(main.getByText('북한산 우이역')).toBeVisible();
      await expect(main.getByText('매주 토요일 오전 8시')).toBeVisible();
      await expect(main.getByText('누구나 환영')).toBeVisible();
      await expect(main.getByText(owner.name)).toBeVisible();
      await expect(main.getByText('멤버 1명')).toBeVisible();
      const members = other.getByRole('region', { name: /멤버/ });
      await expect(members.getByRole('listitem')).toHaveCount(1);
      await expect(members.getByRole('listitem').first()).toContainText(owner.name);
      await expect(members.getByRole('listitem').first()).toContainText('방장');
      await expect(other.getByRole('link', { name: '채팅방 입장하기' })).toHaveCount(0);
      const join = other.getByRole('button', { name: '가입하기' });
      await expect(join).toBeVisible();
      await expect(join).toBeInViewport();
      expect(await violationsInBothThemes(other)).toEqual([]);
      await shoot(other, `club-${size.name}-guest`);

      await join.click();
      await expect(main.getByText('멤버 2명')).toBeVisible();
      const enterLink = other.getByRole('link', { name: '채팅방 입장하기' });
      await expect(enterLink).toBeVisible();
      await expect(enterLink).toBeFocused();
      await expect(join).toHaveCount(0);
      await expect(members.getByRole('listitem')).toHaveCount(2);
      await expect(members.getByRole('listitem').nth(1)).toContainText(guest.name);
      await expect(members.getByRole('listitem').nth(1)).toContainText('나');
      await expect(other.getByRole('alert').filter({ hasText: '가입했습니다.' })).toBeVisible();
      expect(await violationsInBothThemes(other)).toEqual([]);
      await shoot(other, `club-${size.name}-member`);

      // The membership holds after a reload (read on the server), and the link enters the room.
      await other.reload();
      await expect(other.getByRole('article', { name: title }).getByText('멤버 2명')).toBeVisible();
      await other.getByRole('link', { name: '채팅방 입장하기' }).click();
      await other.waitForURL(/\/chat\/\d+$/);
      await expect(other.getByLabel('메시지 입력')).toBeEnabled();
      // Back on the list, the card no longer says that entering joins.
      const joined = await findCard(other, title);
      await expect(joined.getByText('입장하면 클럽에 가입됩니다')).toHaveCount(0);
      await context.close();
    });

    test("the owner's 클럽 삭제 in the room's ⋯ menu needs the club's exact name", async ({
      page,
    }) => {
      // Sign-ins, two members and axe in both themes: slow on a busy machine.
      test.setTimeout(600_000);
      const title = `새벽 수영 ${Date.now().toString(36)}`;
      await signIn(page, uniqueNamedMember('방장'));
      await createClub(page, title, { intro: '새벽 6시 수영', place: '잠실', time: '매일 새벽' });
      await openRoom(page, title);
      await expect(page.getByLabel('메시지 입력')).toBeEnabled();
      // The header has no bare 나가기 any more: leaving is in the menu.
      await expect(page.getByRole('button', { name: '나가기' })).toHaveCount(0);

      const menuButton = page.getByRole('button', { name: '채팅방 메뉴' });
      await menuButton.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu', { name: '채팅방 메뉴' });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: '클럽 정보' })).toBeFocused();
      await expect(menu.getByRole('menuitem', { name: '클럽 삭제' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: '클럽 탈퇴' })).toHaveCount(0);
      // The room's header with the open menu (the message log's own markup is not this issue's).
      expect(await violationsInBothThemes(page, 'section > header')).toEqual([]);
      await shoot(page, `chat-${size.name}-owner-menu`);
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: '클럽 삭제' })).toBeFocused();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('alertdialog', { name: '클럽 삭제' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('되돌릴 수 없습니다');
      const name = dialog.getByLabel('확인을 위해 클럽 이름을 그대로 입력하세요.');
      await expect(name).toBeFocused();
      const remove = dialog.getByRole('button', { name: '클럽 삭제' });
      await expect(remove).toBeDisabled();
      await name.fill(title.slice(0, -1));
      await expect(remove).toBeDisabled();
      await name.fill(`${title} `);
      await expect(remove).toBeDisabled();
      await expect(dialog.getByText('클럽 이름이 일치하지 않습니다.')).toBeVisible();
      expect(await violationsInBothThemes(page, '[role="alertdialog"]')).toEqual([]);
      await name.fill(title);
      await expect(remove).toBeEnabled();
      await shoot(page, `chat-${size.name}-delete-dialog`);
      // The button is the element at its own centre: nothing lies over it.
      const box = (await remove.boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x, y)?.textContent ?? '',
          [box.x + box.width / 2, box.y + box.height / 2],
        ),
      ).toBe('클럽 삭제');
      await remove.click();

      await expect(page.getByRole('alert').filter({ hasText: '삭제했습니다.' })).toBeVisible();
      await expect(page).toHaveURL(/\/club$/);
      await page.getByLabel('클럽 검색').fill(title);
      await page.getByRole('button', { name: '검색' }).click();
      await expect(page.getByText('조건에 맞는 클럽이 없습니다.')).toBeVisible();
      await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    });

    test("a member's 클럽 탈퇴 from the ⋯ menu leaves the club and lands on /club", async ({
      page,
      browser,
    }) => {
      // Sign-ins, two members and axe in both themes: slow on a busy machine.
      test.setTimeout(600_000);
      const title = `점심 요가 ${Date.now().toString(36)}`;
      await signIn(page, uniqueNamedMember('방장'));
      await createClub(page, title, { intro: '점심시간 요가', place: '역삼', time: '평일 12시' });

      const context = await browser.newContext({ viewport: size.viewport });
      const member = await context.newPage();
      await signIn(member, uniqueNamedMember('회원'));
      const roomId = await openRoom(member, title);
      await expect(member.getByLabel('메시지 입력')).toBeEnabled();

      await member.getByRole('button', { name: '채팅방 메뉴' }).click();
      const menu = member.getByRole('menu', { name: '채팅방 메뉴' });
      await expect(menu.getByRole('menuitem', { name: '클럽 탈퇴' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: '클럽 삭제' })).toHaveCount(0);
      expect(await violationsInBothThemes(member, 'section > header')).toEqual([]);
      await shoot(member, `chat-${size.name}-member-menu`);
      await menu.getByRole('menuitem', { name: '클럽 탈퇴' }).click();

      const dialog = member.getByRole('alertdialog', { name: '클럽 탈퇴' });
      await expect(dialog).toContainText(`${title}에서 탈퇴할까요?`);
      await expect(dialog).toContainText('보낸 메시지는 그대로 남습니다.');
      await expect(dialog).not.toContainText('방장인 경우');
      expect(await violationsInBothThemes(member, '[role="alertdialog"]')).toEqual([]);
      await shoot(member, `chat-${size.name}-leave-dialog`);
      await dialog.getByRole('button', { name: '탈퇴하기' }).click();

      await expect(
        member.getByRole('alert').filter({ hasText: `${title}에서 탈퇴했습니다.` }),
      ).toBeVisible();
      await expect(member).toHaveURL(/\/club$/);
      // No longer among 나의 클럽; the club itself stays, and its room refuses the former member.
      await member.getByLabel('클럽 범위').selectOption({ label: '나의 클럽' });
      await member.getByLabel('클럽 검색').fill(title);
      await member.getByRole('button', { name: '검색' }).click();
      await expect(member.getByText('조건에 맞는 클럽이 없습니다.')).toBeVisible();
      const card = await findCard(member, title);
      await expect(card.getByText('입장하면 클럽에 가입됩니다')).toBeVisible();
      await member.goto(`/chat/${roomId}`);
      await expect(
        member.getByRole('alert').filter({ hasText: '이 채팅방에 참여할 수 없습니다.' }),
      ).toBeVisible();
      await context.close();
    });
  });
}
