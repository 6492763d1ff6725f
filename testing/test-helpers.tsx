/**
 * Test helpers for the workout screens (not shipped): render a screen inside the app's providers
 * with a signed-in session, an isolated SWR cache and a routed `fetch` mock.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Key, SWRConfig, unstable_serialize } from 'swr';

import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { resetDayOutbox } from '@/features/day-log/offline/day-outbox';
import { OfflineConnector } from '@/features/day-log/offline/offline-connector';
import { TRAINING_SETTINGS_KEY } from '@/lib/api/keys';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import type { SessionApi } from '@/lib/auth/session-machine';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { TrainingSettings } from '@/lib/contract/training';

export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** `"GET /api/member/exercises"` → reply (or a function of the parsed JSON body). */
export type Routes = Record<string, FakeReply | ((body: unknown) => FakeReply)>;

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

function fakeResponse({ status = 200, body = null, headers = {} }: FakeReply): Response {
  const text = body === null ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text: async () => text,
  } as Response;
}

/** Installs a fetch mock answering `routes` (404 otherwise); returns the calls it received. */
export function mockFetch(routes: Routes): { calls: FetchCall[]; fetch: jest.Mock } {
  const calls: FetchCall[] = [];
  const fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    if (!route)
      return fakeResponse({
        status: 404,
        body: { code: '404', message: 'nf', data: null, timestamp: 't', path: null },
      });
    return fakeResponse(typeof route === 'function' ? route(body) : route);
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return { calls, fetch };
}

/** Calls other than the session's login check. */
export function writes(calls: FetchCall[]): FetchCall[] {
  return calls.filter((call) => call.method !== 'GET');
}

const signedIn: SessionApi = {
  loginCheck: async () => ({ check: true, id: 1, name: '테스터', picture: null, expiresIn: 30 }),
  logout: async () => true,
  refreshToken: async () => true,
};

/**
 * Renders `ui` signed in, with toasts, confirmations, a fresh SWR cache and a fresh day-log
 * outbox (kept in memory: jsdom has no IndexedDB), connected as the signed-in shell connects it.
 */
export function renderWithApp(ui: ReactElement): RenderResult {
  resetSessionBridge();
  resetDayOutbox();
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <SessionProvider api={signedIn}>
            <OfflineConnector />
            {ui}
          </SessionProvider>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}

/**
 * Renders `ui` as a server page hands it over: the session known from the first render (the
 * signed-in layout's login check, so no check is sent) and the page's first data as SWR
 * `fallback`. Returns the session calls, to assert that none was made.
 */
/** The settings of a member who changed none (GET /api/member/settings). */
export const DEFAULT_TRAINING_SETTINGS: TrainingSettings = {
  weightUnit: 'kg',
  autoCompleteDay: true,
  restSeconds: 90,
};

export function renderServerFirst(
  ui: ReactElement,
  fallback: Record<string, unknown>,
): { loginCheck: jest.Mock } {
  resetSessionBridge();
  resetDayOutbox();
  const loginCheck = jest.fn(async () => ({ check: true }));
  const api: SessionApi = { ...signedIn, loginCheck };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {/* With the member's settings, as the signed-in layout hands them over on every page. */}
      <SWRConfig
        value={{ fallback: { [TRAINING_SETTINGS_KEY]: DEFAULT_TRAINING_SETTINGS, ...fallback } }}
      >
        <ToastProvider>
          <ConfirmProvider>
            <SessionProvider
              api={api}
              initial={{ check: true, id: 1, name: '테스터', picture: null, expiresIn: 30 }}
            >
              <OfflineConnector />
              {ui}
            </SessionProvider>
          </ConfirmProvider>
        </ToastProvider>
      </SWRConfig>
    </SWRConfig>,
  );
  return { loginCheck };
}

/** SWR fallback from [key, value] pairs, keyed as the server page keys it. */
export function fallbackOf(
  entries: ReadonlyArray<readonly [Key, unknown]>,
): Record<string, unknown> {
  return Object.fromEntries(entries.map(([key, value]) => [unstable_serialize(key), value]));
}

/** Lets pending effects, timers and requests run (a request on mount would be made by then). */
export async function settle(ms = 20): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
