'use client';

import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

import { AUTH_UNAUTHORIZED_EVENT } from '@/lib/api/events';
import { loadApi } from '@/lib/api/load';
import { setRefreshHandler, setSessionSnapshot } from '@/lib/api/session-bridge';
import type { LoginCheck, SessionUser } from '@/lib/contract/session';

import {
  createSessionStore,
  type SessionApi,
  type SessionState,
  type SessionStore,
} from './session-machine';

export interface SessionContextValue extends SessionState {
  /** Logs out; true on success (the session is then cleared), false on failure. */
  logout(): Promise<boolean>;
  /** Refreshes the access token; true on HTTP 200. */
  refresh(): Promise<boolean>;
  /** Re-runs the login check (e.g. after signing in in another tab). */
  recheck(): Promise<void>;
  /** Shows the member's edited name or picture at once (SessionStore.updateUser). */
  updateUser(user: SessionUser): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/**
 * lib/api's session calls, loaded with the client on first use (the server's login check usually
 * makes the browser's unnecessary, lib/api/load.ts). logout and refreshToken answer false on any
 * failure, so failing to load the client is a failure like any other; loginCheck rejects, as it
 * does when the network is down.
 */
const defaultApi: SessionApi = {
  loginCheck: async () => (await loadApi()).loginCheck(),
  logout: () =>
    loadApi().then(
      (api) => api.logout(),
      () => false,
    ),
  refreshToken: () =>
    loadApi().then(
      (api) => api.refreshToken(),
      () => false,
    ),
};

/**
 * Owns the session store: starts from the login check the server made for this page (`initial`)
 * or, without one, runs the check on mount; mirrors every change into the request guard's bridge,
 * registers the refresh used by lib/api, and clears the session on `auth:unauthorized`.
 */
export function SessionProvider({
  children,
  api = defaultApi,
  initial,
}: {
  children: ReactNode;
  api?: SessionApi;
  /** The server's login check for this request; the first render already shows its member. */
  initial?: LoginCheck | null;
}) {
  const [store] = useState<SessionStore>(() => createSessionStore(api, { initial }));
  // The server renders with the same starting state the browser hydrates with.
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  useEffect(() => {
    const unsubscribe = store.subscribe(setSessionSnapshot);
    setSessionSnapshot(store.getState());
    setRefreshHandler(() => store.refresh());
    const onUnauthorized = () => store.clear();
    window.addEventListener(AUTH_UNAUTHORIZED_EVENT, onUnauthorized);
    if (!store.resume()) void store.start();
    return () => {
      window.removeEventListener(AUTH_UNAUTHORIZED_EVENT, onUnauthorized);
      setRefreshHandler(null);
      unsubscribe();
      store.dispose();
    };
  }, [store]);

  const [actions] = useState(() => ({
    logout: () => store.logout(),
    refresh: () => store.refresh(),
    recheck: () => store.start(),
    updateUser: (user: SessionUser) => store.updateUser(user),
  }));

  const value = useMemo<SessionContextValue>(() => ({ ...state, ...actions }), [state, actions]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session and its actions; throws when used outside `SessionProvider`. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}
