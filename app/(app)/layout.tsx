import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AppProviders } from '@/components/app-providers';
import { AppShell } from '@/components/shell/app-shell';
import { ShellUnavailable } from '@/components/shell/shell-unavailable';
import { LOGIN_PATH } from '@/lib/bff/page-rules';
import { loginCheck } from '@/lib/bff/reads/session';
import { BackendReadError } from '@/lib/bff/server-client';
import { readFallbackKey, serverRead, serverReadOrNull } from '@/lib/bff/server-read';
import { getPublicConfig } from '@/lib/config';
import type { LoginCheck } from '@/lib/contract/session';
import { roomsSummaryRead } from '@/lib/reads/chat';
import { unreadNotificationCountRead } from '@/lib/reads/notifications';
import { trainingSettingsRead } from '@/lib/reads/training';

/**
 * The signed-in shell around every route except /login. The login check runs here, on the server,
 * and starts the browser's session with its answer (the member's training settings and unread
 * notification count seed SWR); a request whose cookies sign nobody in goes to /login (proxy.ts
 * has already sent visitors without any session cookie there), and a backend that cannot answer
 * gets the ShellUnavailable notice.
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  let session: LoginCheck;
  try {
    session = await loginCheck();
  } catch (error) {
    // The backend is down: say so here (the shell is what failed, so its error boundary cannot).
    if (error instanceof BackendReadError) return <ShellUnavailable />;
    throw error;
  }
  if (!session.check) redirect(LOGIN_PATH);
  // The member's unit (kg/lb), their unread chat counts (the navigation's badge) and unread
  // notifications (the bell) are known from the first paint on every page; a failed read only
  // means the browser learns them itself (and a backend without them, the original, shows none).
  const [settings, rooms, unread] = await Promise.all([
    serverReadOrNull(trainingSettingsRead).catch(() => null),
    serverRead(roomsSummaryRead).catch(() => null),
    serverReadOrNull(unreadNotificationCountRead).catch(() => null),
  ]);
  const fallback: Record<string, unknown> = {};
  if (settings) fallback[readFallbackKey(trainingSettingsRead)] = settings;
  if (rooms) fallback[readFallbackKey(roomsSummaryRead)] = rooms;
  if (unread !== null) fallback[readFallbackKey(unreadNotificationCountRead)] = unread;
  return (
    <AppProviders config={getPublicConfig()} session={session}>
      <SWRConfig value={{ fallback }}>
        <AppShell>{children}</AppShell>
      </SWRConfig>
    </AppProviders>
  );
}
