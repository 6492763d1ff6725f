/**
 * Test helpers for the profile screens (not shipped): render a screen the way the server page
 * hands it over, with the session known from the first render and the page's SWR fallback.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig, unstable_serialize, type Key } from 'swr';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { SessionApi } from '@/lib/auth/session-machine';
import type { LoginCheck } from '@/lib/contract/session';

const check: LoginCheck = { check: true, id: 1, name: '테스터', picture: null, expiresIn: 30 };

const signedIn: SessionApi = {
  loginCheck: async () => check,
  logout: async () => true,
  refreshToken: async () => true,
};

/** SWR fallback from [key, value] pairs, keyed as the server page keys it. */
export function fallbackOf(
  entries: ReadonlyArray<readonly [Key, unknown]>,
): Record<string, unknown> {
  return Object.fromEntries(entries.map(([key, value]) => [unstable_serialize(key), value]));
}

/**
 * Renders `ui` as the server page does: signed in from the first render (the layout's login
 * check) and inside `<SWRConfig value={{ fallback }}>`, with a fresh SWR cache.
 */
export function renderServerFirst(
  ui: ReactElement,
  fallback: Record<string, unknown>,
): RenderResult {
  resetSessionBridge();
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <ConfirmProvider>
          <SessionProvider api={signedIn} initial={check}>
            <SWRConfig value={{ fallback }}>{ui}</SWRConfig>
          </SessionProvider>
        </ConfirmProvider>
      </ToastProvider>
    </SWRConfig>,
  );
}

/** Lets pending effects, timers and requests run (a request on mount would be made by then). */
export async function settle(ms = 20): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}
