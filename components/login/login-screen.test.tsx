import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RuntimeConfigProvider } from '@/components/config/runtime-config';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { SessionApi } from '@/lib/auth/session-machine';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import { LoginScreen } from './login-screen';
import { buildLoginHref } from './login-url';
import { assignLocation } from './navigate';

jest.mock('./navigate', () => ({ assignLocation: jest.fn() }));

const replace = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ replace, push: jest.fn() }),
}));

const signedOut: SessionApi = {
  loginCheck: jest.fn().mockResolvedValue({ check: false }),
  logout: jest.fn().mockResolvedValue(true),
  refreshToken: jest.fn().mockResolvedValue(false),
};

function renderLogin(
  props: { next?: string; hasError?: boolean } = {},
  api: SessionApi = signedOut,
) {
  return render(
    <RuntimeConfigProvider
      config={{ chatUrl: '', imageBaseUrl: '', loginUrl: '/oauth2/authorization/google' }}
    >
      <SessionProvider api={api}>
        <LoginScreen {...props} />
      </SessionProvider>
    </RuntimeConfigProvider>,
  );
}

beforeEach(() => {
  resetSessionBridge();
  replace.mockClear();
  (assignLocation as jest.Mock).mockClear();
});

describe('LoginScreen', () => {
  it('navigates to the login URL on the Google button', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Google 계정으로 로그인' }));
    expect(assignLocation).toHaveBeenCalledWith('/oauth2/authorization/google');
  });

  it('keeps ?next= on the login URL', async () => {
    renderLogin({ next: '/club?x=1' });
    await userEvent.click(screen.getByRole('button', { name: 'Google 계정으로 로그인' }));
    expect(assignLocation).toHaveBeenCalledWith(
      '/oauth2/authorization/google?next=%2Fclub%3Fx%3D1',
    );
  });

  it('shows the brand and tagline, and a message on ?error=', async () => {
    renderLogin({ hasError: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('로그인');
    expect(screen.getByText('EveryHealth')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('로그인하지 못했습니다');
    await waitFor(() => expect(signedOut.loginCheck).toHaveBeenCalled());
  });

  it('sends a signed-in member to /', async () => {
    renderLogin(
      {},
      {
        ...signedOut,
        loginCheck: jest.fn().mockResolvedValue({ check: true, id: 1, name: 'A', expiresIn: 30 }),
      },
    );
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
  });
});

describe('buildLoginHref', () => {
  it('appends only same-origin next paths', () => {
    expect(buildLoginHref('/oauth2/authorization/google', '/post')).toBe(
      '/oauth2/authorization/google?next=%2Fpost',
    );
    expect(buildLoginHref('/oauth2/authorization/google?a=1', '/post')).toBe(
      '/oauth2/authorization/google?a=1&next=%2Fpost',
    );
    expect(buildLoginHref('/oauth2/authorization/google', 'https://evil.example')).toBe(
      '/oauth2/authorization/google',
    );
    expect(buildLoginHref('/oauth2/authorization/google', '//evil.example')).toBe(
      '/oauth2/authorization/google',
    );
    expect(buildLoginHref('/oauth2/authorization/google', undefined)).toBe(
      '/oauth2/authorization/google',
    );
  });
});
