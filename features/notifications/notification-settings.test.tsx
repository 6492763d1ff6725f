import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { NOTIFICATION_SETTINGS_KEY } from '@/lib/api/keys';
import {
  fallbackOf,
  mockFetch,
  renderServerFirst,
  renderWithApp,
  settle,
} from '@/testing/test-helpers';

import { NotificationSettingsPanel } from './notification-settings';

const SETTINGS = { friendRequest: true, friendAccept: true, comment: true, like: false };
const LABELS = {
  friendRequest: '친구 요청을 받았을 때',
  friendAccept: '친구 요청이 수락되었을 때',
  comment: '내 게시물에 댓글이 달렸을 때',
  like: '내 게시물에 좋아요가 눌렸을 때',
};

describe('NotificationSettingsPanel', () => {
  it('shows the handed-over choices as four labelled switches and saves each change at once', async () => {
    const { calls } = mockFetch({
      'PUT /api/member/notification-settings': (body) => ({
        body: { ...SETTINGS, ...(body as object) },
      }),
    });
    renderServerFirst(
      <NotificationSettingsPanel />,
      fallbackOf([[NOTIFICATION_SETTINGS_KEY, SETTINGS]]),
    );
    expect(screen.getByRole('region', { name: '알림 설정' })).toHaveAttribute(
      'id',
      'notification-settings',
    );
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    for (const [kind, label] of Object.entries(LABELS)) {
      const element = screen.getByRole('switch', { name: label });
      if (SETTINGS[kind as keyof typeof SETTINGS]) expect(element).toBeChecked();
      else expect(element).not.toBeChecked();
    }
    await settle();
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('switch', { name: LABELS.like }));
    expect(screen.getByRole('switch', { name: LABELS.like })).toBeChecked();
    await userEvent.click(screen.getByText(LABELS.comment));
    await waitFor(() =>
      expect(calls.map((call) => [call.method, call.body])).toEqual([
        ['PUT', { like: true }],
        ['PUT', { comment: false }],
      ]),
    );
    expect(screen.getByRole('switch', { name: LABELS.comment })).not.toBeChecked();
  });

  it('puts a refused change back with a toast', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'PUT /api/member/notification-settings': {
        status: 500,
        body: {
          code: '500',
          message: '서버 오류가 발생했습니다.',
          data: null,
          timestamp: 't',
          path: null,
        },
      },
    });
    renderServerFirst(
      <NotificationSettingsPanel />,
      fallbackOf([[NOTIFICATION_SETTINGS_KEY, SETTINGS]]),
    );
    await userEvent.click(screen.getByRole('switch', { name: LABELS.friendRequest }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: LABELS.friendRequest })).toBeChecked(),
    );
  });

  it('reads the choices itself without a handed-over answer, and hides where the backend has none', async () => {
    mockFetch({ 'GET /api/member/notification-settings': { body: SETTINGS } });
    const { unmount } = renderWithApp(<NotificationSettingsPanel />);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: LABELS.friendRequest })).toBeEnabled(),
    );
    expect(screen.getByRole('switch', { name: LABELS.like })).not.toBeChecked();
    unmount();

    mockFetch({});
    const second = renderWithApp(<NotificationSettingsPanel />);
    await waitFor(() => expect(screen.queryByRole('region', { name: '알림 설정' })).toBeNull());
    second.unmount();

    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/member/notification-settings': {
        status: 503,
        body: { code: '503', message: '잠시 후', data: null, timestamp: 't', path: null },
      },
    });
    renderWithApp(<NotificationSettingsPanel />);
    expect(await screen.findByText('알림 설정을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
