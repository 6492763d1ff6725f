import { act, render, screen, waitFor } from '@testing-library/react';

import { ToastProvider } from '@/components/ui/toast';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import type { SessionApi } from '@/lib/auth/session-machine';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { LoginCheck } from '@/lib/contract/session';

import { AppShell } from './app-shell';

const replace = jest.fn();

jest.mock('next/navigation', () => ({
  usePathname: () => '/',
  useRouter: () => ({ replace, push: jest.fn() }),
}));

function renderShell(api: SessionApi, initial?: LoginCheck) {
  return render(
    <ToastProvider>
      <SessionProvider api={api} initial={initial}>
        <AppShell>
          <h1>content</h1>
        </AppShell>
      </SessionProvider>
    </ToastProvider>,
  );
}

beforeEach(() => {
  resetSessionBridge();
  replace.mockClear();
});

const api = (check: boolean): SessionApi => ({
  loginCheck: jest
    .fn()
    .mockResolvedValue(check ? { check, id: 1, name: 'A', expiresIn: 30 } : { check }),
  logout: jest.fn().mockResolvedValue(true),
  refreshToken: jest.fn().mockResolvedValue(true),
});

describe('AppShell', () => {
  it('shows Loading... while the session loads, then the page', async () => {
    renderShell(api(true));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'content' })).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('shows the page on the first render when the server already checked the session', () => {
    const check = api(true);
    renderShell(check, { check: true, id: 1, name: 'A', expiresIn: 30 });
    expect(screen.getByRole('heading', { name: 'content' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(check.loginCheck).not.toHaveBeenCalled();
  });

  it('gives way to Loading... and /login when the session ends in the browser', async () => {
    renderShell(api(true), { check: true, id: 1, name: 'A', expiresIn: 30 });
    act(() => {
      window.dispatchEvent(new Event('auth:unauthorized'));
    });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
  });

  it('sends a visitor without a session to /login', async () => {
    renderShell(api(false));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/login'));
    expect(screen.queryByRole('heading', { name: 'content' })).not.toBeInTheDocument();
  });
});
