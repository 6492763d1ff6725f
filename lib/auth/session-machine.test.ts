import type { LoginCheck } from '@/lib/contract/session';

import {
  createSessionStore,
  DEFAULT_SESSION_SECONDS,
  expirySeconds,
  type SessionApi,
} from './session-machine';

function fakeApi(overrides: Partial<SessionApi> = {}): jest.Mocked<SessionApi> {
  return {
    loginCheck: jest
      .fn<Promise<LoginCheck>, []>()
      .mockResolvedValue({ check: true, id: 7, name: '김철수', picture: null, expiresIn: 30 }),
    logout: jest.fn<Promise<boolean>, []>().mockResolvedValue(true),
    refreshToken: jest.fn<Promise<boolean>, []>().mockResolvedValue(true),
    ...overrides,
  } as jest.Mocked<SessionApi>;
}

describe('session state machine', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts unauthenticated and loading', () => {
    const store = createSessionStore(fakeApi());
    expect(store.getState()).toEqual({
      isAuthenticated: false,
      user: null,
      tokenExpiresAt: null,
      needTokenRefresh: false,
      loading: true,
    });
  });

  it("starts in the state of the server's check, and resume() arms the timer without asking again", () => {
    const api = fakeApi();
    const store = createSessionStore(api, {
      now: () => 1_000,
      initial: { check: true, id: 7, name: '김철수', picture: null, expiresIn: 2 },
    });
    expect(store.getState()).toEqual({
      isAuthenticated: true,
      user: { id: 7, name: '김철수', picture: null },
      tokenExpiresAt: null,
      needTokenRefresh: false,
      loading: false,
    });
    expect(store.resume()).toBe(true);
    expect(api.loginCheck).not.toHaveBeenCalled();
    expect(store.getState().tokenExpiresAt).toEqual(new Date(1_000 + 120_000));
    jest.advanceTimersByTime(119_999);
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().needTokenRefresh).toBe(true);
  });

  it("starts signed out (not loading) when the server's check was negative", () => {
    const store = createSessionStore(fakeApi(), { initial: { check: false } });
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, loading: false });
    expect(store.resume()).toBe(true);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, loading: false });
    jest.advanceTimersByTime(DEFAULT_SESSION_SECONDS * 1000);
    expect(store.getState().needTokenRefresh).toBe(false);
  });

  it('resume() is a no-op without a server check', () => {
    const store = createSessionStore(fakeApi());
    expect(store.resume()).toBe(false);
    expect(store.getState().loading).toBe(true);
  });

  it('signs in on a positive check and flags a refresh after expiresIn × 60 s', async () => {
    const api = fakeApi({
      loginCheck: jest
        .fn()
        .mockResolvedValue({ check: true, id: 7, name: '김철수', picture: 'p.png', expiresIn: 10 }),
    });
    const store = createSessionStore(api, { now: () => 1_000 });
    await store.start();
    expect(store.getState()).toMatchObject({
      isAuthenticated: true,
      user: { id: 7, name: '김철수', picture: 'p.png' },
      needTokenRefresh: false,
      loading: false,
    });
    expect(store.getState().tokenExpiresAt).toEqual(new Date(1_000 + 600_000));
    jest.advanceTimersByTime(600_000 - 1);
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().needTokenRefresh).toBe(true);
  });

  it.each([undefined, null])('uses 1800 s when expiresIn is %p', async (expiresIn) => {
    const api = fakeApi({
      loginCheck: jest.fn().mockResolvedValue({ check: true, id: 1, name: 'A', expiresIn }),
    });
    const store = createSessionStore(api);
    await store.start();
    jest.advanceTimersByTime(DEFAULT_SESSION_SECONDS * 1000 - 1);
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().needTokenRefresh).toBe(true);
  });

  it('converts minutes to seconds', () => {
    expect(expirySeconds(30)).toBe(1800);
    expect(expirySeconds(1)).toBe(60);
    expect(expirySeconds(undefined)).toBe(1800);
    expect(expirySeconds(null)).toBe(1800);
  });

  it('resets the timer each time expiry is set: the earlier timer never fires', async () => {
    const store = createSessionStore(fakeApi());
    await store.start(); // 30 min
    jest.advanceTimersByTime(20 * 60_000);
    store.setExpiry(20); // now 20 min from here
    jest.advanceTimersByTime(10 * 60_000); // the first timer would have fired here
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(10 * 60_000 - 1);
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().needTokenRefresh).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('clears the user when the check is false', async () => {
    const store = createSessionStore(
      fakeApi({ loginCheck: jest.fn().mockResolvedValue({ check: false }) }),
    );
    await store.start();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, loading: false });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('clears the user when the check fails', async () => {
    const store = createSessionStore(
      fakeApi({ loginCheck: jest.fn().mockRejectedValue(new Error('down')) }),
    );
    await store.start();
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null, loading: false });
  });

  it('clear() (auth:unauthorized) removes the user and the timer', async () => {
    const store = createSessionStore(fakeApi());
    await store.start();
    expect(jest.getTimerCount()).toBe(1);
    store.clear();
    expect(store.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      tokenExpiresAt: null,
      loading: false,
    });
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(DEFAULT_SESSION_SECONDS * 1000);
    expect(store.getState().needTokenRefresh).toBe(false);
  });

  it('logout success clears the user and the timer and returns true', async () => {
    const api = fakeApi();
    const store = createSessionStore(api);
    await store.start();
    await expect(store.logout()).resolves.toBe(true);
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(jest.getTimerCount()).toBe(0);
  });

  it('logout failure returns false and keeps the session', async () => {
    const store = createSessionStore(fakeApi({ logout: jest.fn().mockResolvedValue(false) }));
    await store.start();
    await expect(store.logout()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ isAuthenticated: true, user: { name: '김철수' } });
    expect(jest.getTimerCount()).toBe(1);
  });

  it('logout that throws returns false', async () => {
    const store = createSessionStore(
      fakeApi({ logout: jest.fn().mockRejectedValue(new Error('x')) }),
    );
    await store.start();
    await expect(store.logout()).resolves.toBe(false);
    expect(store.getState().isAuthenticated).toBe(true);
  });

  it('refresh success (200) clears needTokenRefresh and re-arms the timer from a fresh check', async () => {
    const loginCheck = jest
      .fn()
      .mockResolvedValueOnce({ check: true, id: 7, name: '김철수', expiresIn: 1 })
      .mockResolvedValueOnce({ check: true, id: 7, name: '김철수', expiresIn: 5 });
    const store = createSessionStore(fakeApi({ loginCheck }));
    await store.start();
    jest.advanceTimersByTime(60_000);
    expect(store.getState().needTokenRefresh).toBe(true);
    await expect(store.refresh()).resolves.toBe(true);
    expect(store.getState().needTokenRefresh).toBe(false);
    expect(loginCheck).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(5 * 60_000 - 1);
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().needTokenRefresh).toBe(true);
  });

  it('refresh success re-arms 1800 s when the fresh check fails', async () => {
    const loginCheck = jest
      .fn()
      .mockResolvedValueOnce({ check: true, id: 7, name: '김철수', expiresIn: 1 })
      .mockRejectedValueOnce(new Error('down'));
    const store = createSessionStore(fakeApi({ loginCheck }));
    await store.start();
    jest.advanceTimersByTime(60_000);
    await store.refresh();
    jest.advanceTimersByTime(1800_000 - 1);
    expect(store.getState().needTokenRefresh).toBe(false);
    jest.advanceTimersByTime(1);
    expect(store.getState().needTokenRefresh).toBe(true);
  });

  it('refresh failure returns false and leaves the flag set', async () => {
    const store = createSessionStore(
      fakeApi({
        refreshToken: jest.fn().mockResolvedValue(false),
        loginCheck: jest.fn().mockResolvedValue({ check: true, id: 1, name: 'A', expiresIn: 1 }),
      }),
    );
    await store.start();
    jest.advanceTimersByTime(60_000);
    await expect(store.refresh()).resolves.toBe(false);
    expect(store.getState().needTokenRefresh).toBe(true);
  });

  it('notifies subscribers synchronously on each change', async () => {
    const store = createSessionStore(fakeApi());
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    await store.start();
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ isAuthenticated: true }));
    unsubscribe();
    listener.mockClear();
    store.clear();
    expect(listener).not.toHaveBeenCalled();
  });

  it('ignores a login check that resolves after the session was cleared', async () => {
    let resolve: (value: LoginCheck) => void = () => undefined;
    const store = createSessionStore(
      fakeApi({ loginCheck: jest.fn(() => new Promise<LoginCheck>((r) => (resolve = r))) }),
    );
    const started = store.start();
    store.clear();
    resolve({ check: true, id: 1, name: 'A' });
    await started;
    expect(store.getState().user).toBeNull();
  });
});
