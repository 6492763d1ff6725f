import { act, render, renderHook, screen, waitFor } from '@testing-library/react';

import { request } from '@/lib/api/client';
import { AUTH_UNAUTHORIZED_EVENT } from '@/lib/api/events';
import { getSessionSnapshot, resetSessionBridge } from '@/lib/api/session-bridge';

import type { SessionApi } from './session-machine';
import { SessionProvider, useSession } from './session-provider';

function Probe() {
  const session = useSession();
  if (session.loading) return <p>loading</p>;
  return <p>{session.user ? `user:${session.user.name}` : 'signed out'}</p>;
}

function fakeApi(overrides: Partial<SessionApi> = {}): SessionApi {
  return {
    loginCheck: jest
      .fn()
      .mockResolvedValue({ check: true, id: 3, name: '이영희', picture: null, expiresIn: 30 }),
    logout: jest.fn().mockResolvedValue(true),
    refreshToken: jest.fn().mockResolvedValue(true),
    ...overrides,
  };
}

beforeEach(() => {
  resetSessionBridge();
  global.fetch = jest.fn();
});

describe('SessionProvider', () => {
  it('useSession outside the provider throws', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSession())).toThrow(/SessionProvider/);
    spy.mockRestore();
  });

  it('runs the login check on start and mirrors the state into the request guard', async () => {
    render(
      <SessionProvider api={fakeApi()}>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('user:이영희')).toBeInTheDocument();
    expect(getSessionSnapshot()).toEqual({ isAuthenticated: true, needTokenRefresh: false });
  });

  it("starts from the server's login check: the member shows on the first render, no check is sent", () => {
    const api = fakeApi();
    render(
      <SessionProvider
        api={api}
        initial={{ check: true, id: 9, name: '박서버', picture: null, expiresIn: 30 }}
      >
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('user:박서버')).toBeInTheDocument();
    expect(api.loginCheck).not.toHaveBeenCalled();
    expect(getSessionSnapshot()).toEqual({ isAuthenticated: true, needTokenRefresh: false });
  });

  it('clears the session on auth:unauthorized', async () => {
    render(
      <SessionProvider api={fakeApi()}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText('user:이영희');
    act(() => {
      window.dispatchEvent(new Event(AUTH_UNAUTHORIZED_EVENT));
    });
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(getSessionSnapshot().isAuthenticated).toBe(false);
  });

  it('a guarded request while signed out signs the provider out too', async () => {
    render(
      <SessionProvider api={fakeApi({ loginCheck: jest.fn().mockResolvedValue({ check: false }) })}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText('signed out');
    await act(async () => {
      await expect(request('/api/member/exercises')).rejects.toThrow('인증되지 않은 요청입니다.');
    });
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('registers its refresh for the fetch wrapper: a 401 refreshes through the store and replays', async () => {
    const api = fakeApi();
    const fetchMock = global.fetch as jest.Mock;
    fetchMock
      .mockResolvedValueOnce({
        ok: false,
        status: 401,
        headers: new Headers(),
        text: async () => '',
      })
      .mockResolvedValueOnce({ ok: true, status: 200, text: async () => '[]' });
    render(
      <SessionProvider api={api}>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText('user:이영희');
    await act(async () => {
      await expect(request('/api/member/exercises')).resolves.toBeDefined();
    });
    expect(api.refreshToken).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.loginCheck).toHaveBeenCalledTimes(2));
  });
});
