import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { roomsSummaryRead } from '@/features/clubs/reads/chat';
import { unreadNotificationCountRead } from '@/features/notifications/reads';
import { AppProviders } from '@/features/shell/app-providers';
import { AppShell } from '@/features/shell/app-shell';
import { ShellUnavailable } from '@/features/shell/shell-unavailable';
import { trainingSettingsRead } from '@/features/training/reads/training';
import { LOGIN_PATH } from '@/lib/bff/page-rules';
import { loginCheck } from '@/lib/bff/reads/session';
import { decoration, settleDecorations } from '@/lib/bff/screens/fallback';
import { BackendReadError } from '@/lib/bff/server-client';
import { readFallbackKey, serverRead, serverReadOrNull } from '@/lib/bff/server-read';
import { getPublicConfig } from '@/lib/config';
import type { LoginCheck } from '@/lib/contract/session';
import { StreamedFallback } from '@/lib/hooks/streamed-fallback';

/**
 * The signed-in shell around every route except /login. The login check runs here, on the server,
 * and starts the browser's session with its answer (the member's training settings seed SWR, and
 * the unread chat and notification counts once read); a request whose cookies sign nobody in goes
 * to /login (proxy.ts has already sent visitors without any session cookie there), and a backend
 * that cannot answer gets the ShellUnavailable notice.
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
  // The unread chat counts (the navigation's badge) and notifications (the bell) decorate the
  // shell: read beside the settings, they come with the first HTML when they have answered by
  // then, else they stream in (the badges show nothing meanwhile). A failed read only means the
  // browser learns them itself (and a backend without them, the original, shows none).
  const badges = {
    [readFallbackKey(roomsSummaryRead)]: decoration(serverRead(roomsSummaryRead)),
    [readFallbackKey(unreadNotificationCountRead)]: decoration(
      serverReadOrNull(unreadNotificationCountRead).then((count) => count ?? undefined),
    ),
  };
  // The member's unit (kg/lb) is not a decoration: every weight a page shows is in it, and one
  // shown in the wrong unit until it arrived would be wrong, so the first HTML waits for it.
  const settings = await serverReadOrNull(trainingSettingsRead).catch(() => null);
  const fallback: Record<string, unknown> = {};
  if (settings) fallback[readFallbackKey(trainingSettingsRead)] = settings;
  const decorations = await settleDecorations(badges);
  return (
    <AppProviders config={getPublicConfig()} session={session}>
      <SWRConfig value={{ fallback }}>
        <StreamedFallback {...decorations}>
          <AppShell>{children}</AppShell>
        </StreamedFallback>
      </SWRConfig>
    </AppProviders>
  );
}
