import { screen } from '@testing-library/react';

import { NOTIFICATION_SETTINGS_KEY } from '@/lib/api/keys';
import { fallbackOf, mockFetch, renderServerFirst, settle } from '@/testing/test-helpers';

import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('holds units, rest, notifications, the app, data and the account, from the server at once', async () => {
    const { calls } = mockFetch({});
    renderServerFirst(
      <SettingsPage />,
      fallbackOf([
        [
          NOTIFICATION_SETTINGS_KEY,
          { friendRequest: true, friendAccept: true, comment: true, like: false },
        ],
      ]),
    );
    expect(screen.getByRole('heading', { level: 1, name: '설정' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'kg' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'lb' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: '기본 휴식 시간' })).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: '내 게시물에 좋아요가 눌렸을 때' }),
    ).not.toBeChecked();
    for (const heading of ['운동 설정', '알림 설정', '앱', '내 데이터']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: '계정 삭제' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '프로필로' })).toHaveAttribute('href', '/profile');
    // No install offer from this browser: the hint instead of the button.
    expect(screen.queryByRole('button', { name: '앱 설치' })).not.toBeInTheDocument();
    await settle();
    expect(calls.filter((call) => !call.url.includes('/api/member/export'))).toEqual([]);
  });
});
