import type { LoginCheck, SessionUser } from '@/lib/contract/session';

/**
 * The session state machine (login check, expiry timer, `needTokenRefresh`, `auth:unauthorized`),
 * as a plain external store (no React), so that the fetch wrapper can see each change synchronously
 * and tests can drive it with fake timers.
 */

export interface SessionState {
  isAuthenticated: boolean;
  user: SessionUser | null;
  tokenExpiresAt: Date | null;
  needTokenRefresh: boolean;
  loading: boolean;
}

/** Lifetime assumed when the server gives no `expiresIn`. */
export const DEFAULT_SESSION_SECONDS = 1800;

export const initialSessionState: SessionState = Object.freeze({
  isAuthenticated: false,
  user: null,
  tokenExpiresAt: null,
  needTokenRefresh: false,
  loading: true,
});

const signedOut: SessionState = Object.freeze({ ...initialSessionState, loading: false });

/** `expiresIn` is in minutes; absent or null means the default lifetime. */
export function expirySeconds(expiresIn: number | null | undefined): number {
  return typeof expiresIn === 'number' && Number.isFinite(expiresIn)
    ? Math.max(0, expiresIn * 60)
    : DEFAULT_SESSION_SECONDS;
}

/** The signed-in member from a positive login check. */
export function userFromCheck(check: LoginCheck): SessionUser {
  return { id: check.id ?? 0, name: check.name ?? '', picture: check.picture || null };
}

/** The calls the store depends on (lib/api/session in the app, fakes in tests). */
export interface SessionApi {
  loginCheck(): Promise<LoginCheck>;
  logout(): Promise<boolean>;
  refreshToken(): Promise<boolean>;
}

export type SessionListener = (state: SessionState) => void;

export interface SessionStore {
  getState(): SessionState;
  /** Registers a listener called synchronously after each change; returns the unsubscribe function. */
  subscribe(listener: SessionListener): () => void;
  /** Runs the login check: true → signed in with an expiry timer; false or error → signed out. */
  start(): Promise<void>;
  /**
   * Adopts a login check the server already made (the store was created with `initial`): arms the
   * expiry timer for a signed-in member instead of asking again; false when there is none to
   * adopt. Call it in the browser only (it starts a timer).
   */
  resume(): boolean;
  /** Sets the expiry `expiresIn` minutes from now (1800 s when absent), replacing any earlier timer. */
  setExpiry(expiresIn?: number | null): void;
  /** Clears the session and the timer (what `auth:unauthorized` does). */
  clear(): void;
  /** POST /api/logout: true clears the session; false leaves it as it was. */
  logout(): Promise<boolean>;
  /** POST /api/token/refresh: true clears `needTokenRefresh` and re-arms the timer from a fresh check. */
  refresh(): Promise<boolean>;
  /**
   * The signed-in member's own name or picture changed (`프로필 편집`): the shown member follows
   * at once, without another login check. Ignored when signed out or for another member's id.
   */
  updateUser(user: SessionUser): void;
  /** Stops the timer (unmount). */
  dispose(): void;
}

export interface SessionStoreOptions {
  now?: () => number;
  /**
   * The login check the server made while rendering the page: the store starts in that state
   * (signed in or out, not loading), so the first paint already shows the member.
   */
  initial?: LoginCheck | null;
}

/** The state a login check leads to (without the timer, which `setExpiry` arms). */
function stateFromCheck(check: LoginCheck | null): SessionState {
  if (!check?.check) return signedOut;
  return {
    isAuthenticated: true,
    user: userFromCheck(check),
    tokenExpiresAt: null,
    needTokenRefresh: false,
    loading: false,
  };
}

/** Creates a session store; it does nothing until `start()` is called. */
export function createSessionStore(
  api: SessionApi,
  options: SessionStoreOptions = {},
): SessionStore {
  const now = options.now ?? (() => Date.now());
  const { initial } = options;
  let state: SessionState = initial === undefined ? initialSessionState : stateFromCheck(initial);
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Each start/clear bumps the generation so that a late login check cannot undo a newer change.
  let generation = 0;
  const listeners = new Set<SessionListener>();

  function setState(patch: Partial<SessionState>): void {
    state = { ...state, ...patch };
    for (const listener of Array.from(listeners)) listener(state);
  }

  function clearTimer(): void {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  }

  function setExpiry(expiresIn?: number | null): void {
    clearTimer();
    const ms = expirySeconds(expiresIn) * 1000;
    timer = setTimeout(() => {
      timer = null;
      setState({ needTokenRefresh: true });
    }, ms);
    setState({ tokenExpiresAt: new Date(now() + ms) });
  }

  function clear(): void {
    generation += 1;
    clearTimer();
    setState(signedOut);
  }

  async function start(): Promise<void> {
    const current = ++generation;
    let check: LoginCheck | null = null;
    try {
      check = await api.loginCheck();
    } catch {
      check = null;
    }
    if (current !== generation) return;
    adopt(check);
  }

  function adopt(check: LoginCheck | null): void {
    if (check?.check) {
      setState(stateFromCheck(check));
      setExpiry(check.expiresIn);
    } else {
      clearTimer();
      setState(signedOut);
    }
  }

  function resume(): boolean {
    if (initial === undefined) return false;
    generation += 1;
    adopt(initial);
    return true;
  }

  async function logout(): Promise<boolean> {
    let ok = false;
    try {
      ok = await api.logout();
    } catch {
      ok = false;
    }
    if (!ok) return false;
    clear();
    return true;
  }

  async function refresh(): Promise<boolean> {
    const current = generation;
    const ok = await api.refreshToken();
    if (!ok) return false;
    // Signed out meanwhile (auth:unauthorized, logout): nothing to re-arm.
    if (current !== generation) return true;
    // Cleared before anything else so that the replayed request passes the guard.
    setState({ needTokenRefresh: false });
    let expiresIn: number | null | undefined;
    try {
      const check = await api.loginCheck();
      if (check.check) {
        expiresIn = check.expiresIn;
        setState({ isAuthenticated: true, user: userFromCheck(check), loading: false });
      }
    } catch {
      expiresIn = undefined;
    }
    if (current !== generation) return true;
    setExpiry(expiresIn);
    return true;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    resume,
    setExpiry,
    clear,
    logout,
    refresh,
    updateUser(user) {
      if (state.user?.id !== user.id) return;
      setState({ user: { id: user.id, name: user.name, picture: user.picture } });
    },
    dispose: clearTimer,
  };
}
