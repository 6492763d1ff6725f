import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

import { ToastProvider } from '@/components/ui/toast';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import type { SessionApi } from '@/lib/auth/session-machine';
import { SessionProvider } from '@/lib/auth/session-provider';

import { Sidebar } from './sidebar';

const replace = jest.fn();
let pathname = '/post';

jest.mock('next/navigation', () => ({
  usePathname: () => pathname,
  useRouter: () => ({
    replace,
    push: jest.fn(),
    prefetch: jest.fn(),
    back: jest.fn(),
    refresh: jest.fn(),
  }),
}));

function renderWith(api: SessionApi, ui: ReactNode = <Sidebar />) {
  return render(
    <ToastProvider>
      <SessionProvider api={api}>{ui}</SessionProvider>
    </ToastProvider>,
  );
}

const signedIn = (picture: string | null = null): SessionApi => ({
  loginCheck: jest
    .fn()
    .mockResolvedValue({ check: true, id: 1, name: '박지민', picture, expiresIn: 30 }),
  logout: jest.fn().mockResolvedValue(true),
  refreshToken: jest.fn().mockResolvedValue(true),
});

beforeEach(() => {
  resetSessionBridge();
  replace.mockClear();
  pathname = '/post';
});

describe('Sidebar', () => {
  it('links the five sections and marks the active one', async () => {
    renderWith(signedIn());
    const nav = screen.getByRole('navigation', { name: '주요 메뉴' });
    for (const [label, href] of [
      ['홈', '/'],
      ['포스트', '/post'],
      ['운동', '/exercise'],
      ['루틴', '/routine'],
      ['클럽', '/club'],
    ]) {
      expect(nav.querySelector(`a[href="${href}"]`)).toHaveTextContent(label);
    }
    expect(screen.getByRole('link', { name: '포스트' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: '홈' })).not.toHaveAttribute('aria-current');
    await screen.findByText('박지민');
  });

  it('shows the initial, the name linking to /profile and 로그아웃 when signed in', async () => {
    renderWith(signedIn());
    expect(await screen.findByText('박지민')).toBeInTheDocument();
    // Named by what it shows (the name), the initial beside it decorative.
    const profile = screen.getByRole('link', { name: '박지민 프로필 보기' });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).not.toHaveAttribute('aria-label');
    expect(profile).toHaveTextContent(/^박박지민/);
    expect(screen.queryByRole('img', { name: '박지민' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '로그인' })).not.toBeInTheDocument();
    // ⚙ 설정 (issue 29); 앱 설치 only while the browser offers it.
    expect(screen.getByRole('link', { name: '설정' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByRole('button', { name: '앱 설치' })).not.toBeInTheDocument();
  });

  it('shows the picture when there is one', async () => {
    renderWith(signedIn('https://example.com/p.png'));
    const profile = await screen.findByRole('link', { name: '박지민 프로필 보기' });
    // Beside the name, the picture is decorative (empty alt).
    expect(profile.querySelector('img')).toHaveAttribute('src', 'https://example.com/p.png');
    expect(profile.querySelector('img')).toHaveAttribute('alt', '');
  });

  it('shows 로그인 when signed out', async () => {
    renderWith({ ...signedIn(), loginCheck: jest.fn().mockResolvedValue({ check: false }) });
    expect(await screen.findByRole('link', { name: '로그인' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: '로그아웃' })).not.toBeInTheDocument();
  });

  it('logs out and goes to /login', async () => {
    const api = signedIn();
    renderWith(api);
    await userEvent.click(await screen.findByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
    expect(api.logout).toHaveBeenCalledTimes(1);
  });

  it('shows a toast when logout fails', async () => {
    renderWith({ ...signedIn(), logout: jest.fn().mockResolvedValue(false) });
    await userEvent.click(await screen.findByRole('button', { name: '로그아웃' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('로그아웃에 실패했습니다');
    expect(replace).not.toHaveBeenCalled();
  });

  it('marks 클럽 active inside a chat room', async () => {
    pathname = '/chat/12';
    renderWith(signedIn());
    expect(screen.getByRole('link', { name: '클럽' })).toHaveAttribute('aria-current', 'page');
    await screen.findByText('박지민');
  });
});
