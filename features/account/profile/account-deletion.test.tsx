import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { SettingsPage } from '@/features/account/settings/settings-page';
import { replaceLocation } from '@/lib/browser-location';
import { mockFetch, renderWithApp, settle, writes } from '@/testing/test-helpers';

import { AccountDeletion } from './account-deletion';

jest.mock('@/lib/browser-location', () => ({ replaceLocation: jest.fn() }));
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const OWNER_KEY = 'everyhealth:offline-owner';
const LOGOUT_PENDING_KEY = 'everyhealth:logout-pending';

const errorBody = (status: number, message: string) => ({
  status,
  body: { code: String(status), message, data: null, timestamp: 't', path: null },
});

beforeEach(() => {
  (replaceLocation as jest.Mock).mockClear();
  localStorage.clear();
});

/** Renders the section signed in, waits until the device is claimed, and opens the dialog. */
async function openDialog() {
  const user = userEvent.setup();
  renderWithApp(<AccountDeletion />);
  await waitFor(() => expect(localStorage.getItem(OWNER_KEY)).toBe('1'));
  const open = screen.getByRole('button', { name: '계정 삭제' });
  await user.click(open);
  const dialog = await screen.findByRole('alertdialog', { name: '계정을 삭제할까요?' });
  return { user, dialog, open };
}

describe('계정 삭제', () => {
  it('is in the 내 데이터 panel of the settings page (issue 29 moved it from the profile)', async () => {
    mockFetch({});
    renderWithApp(<SettingsPage />);
    const panel = await screen.findByRole('region', { name: '내 데이터' });
    expect(within(panel).getByRole('heading', { level: 3, name: '계정 삭제' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: '계정 삭제' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
  });

  it('names what goes, offers the export, and enables the deletion only once confirmed', async () => {
    const { calls } = mockFetch({});
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      '다음 데이터가 모두 영구히 삭제되며, 되돌릴 수 없습니다.',
    );
    const items = within(within(dialog).getByRole('list', { name: '삭제되는 데이터' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      '운동 기록',
      '운동 라이브러리와 루틴',
      '게시물과 사진',
      '댓글',
      '좋아요',
      '친구 관계',
      '알림',
      '내가 만든 클럽과 그 채팅',
    ]);
    expect(dialog).toHaveTextContent(
      "다른 클럽에 남긴 채팅 메시지는 대화가 이어지도록 '(탈퇴한 회원)'의 메시지로 남습니다.",
    );
    expect(dialog).toHaveTextContent('모든 기기에서 로그아웃됩니다.');
    const exportLink = within(dialog).getByRole('link', { name: '내 데이터 내려받기' });
    expect(exportLink).toHaveAttribute('href', '/api/member/export');
    expect(exportLink).toHaveAttribute('download');

    expect(within(dialog).getByRole('button', { name: '취소' })).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: '계정 영구 삭제' });
    expect(confirm).toBeDisabled();
    const check = within(dialog).getByRole('checkbox', {
      name: '위 내용을 확인했으며, 계정을 영구히 삭제합니다.',
    });
    await user.click(check);
    expect(confirm).toBeEnabled();
    await user.click(check);
    expect(confirm).toBeDisabled();
    expect(writes(calls)).toEqual([]);
  });

  it('cancels with 취소 or Escape, deleting nothing, and gives the focus back', async () => {
    const { calls } = mockFetch({});
    const { user, open } = await openDialog();
    await user.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    await user.click(open);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await settle();
    expect(writes(calls)).toEqual([]);
    expect(replaceLocation).not.toHaveBeenCalled();
  });

  it('deletes the account, clears this device as logout does, and leaves for /login', async () => {
    const { calls } = mockFetch({ 'DELETE /api/member': { status: 204 } });
    const { user, dialog } = await openDialog();
    localStorage.setItem(LOGOUT_PENDING_KEY, '1');
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '계정 영구 삭제' }));
    await waitFor(() => expect(replaceLocation).toHaveBeenCalledWith('/login?deleted=1'));
    expect(writes(calls).map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/member',
    ]);
    expect(localStorage.getItem(OWNER_KEY)).toBeNull();
    expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();
  });

  it("shows the backend's message on failure and keeps everything", async () => {
    mockFetch({ 'DELETE /api/member': errorBody(500, '서버 오류가 발생했습니다.') });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox'));
    const confirm = within(dialog).getByRole('button', { name: '계정 영구 삭제' });
    await user.click(confirm);
    expect(await screen.findByRole('alert')).toHaveTextContent('서버 오류가 발생했습니다.');
    expect(replaceLocation).not.toHaveBeenCalled();
    expect(localStorage.getItem(OWNER_KEY)).toBe('1');
    // Still open, ready to try again or cancel.
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(confirm).toBeEnabled();
  });

  it('says so when the server cannot be reached', async () => {
    mockFetch({});
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: '계정 영구 삭제' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버에 연결할 수 없습니다.');
    expect(replaceLocation).not.toHaveBeenCalled();
  });
});
