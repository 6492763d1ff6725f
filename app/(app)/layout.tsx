import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { AppProviders } from '@/components/app-providers';
import { AppShell } from '@/components/shell/app-shell';
import { ShellUnavailable } from '@/components/shell/shell-unavailable';
import { LOGIN_PATH } from '@/lib/bff/page-rules';
import { TRAINING_SETTINGS_KEY } from '@/lib/api/keys';
import { loginCheck } from '@/lib/bff/reads/session';
import { trainingSettings } from '@/lib/bff/reads/settings';
import { BackendReadError } from '@/lib/bff/server-client';
import { getPublicConfig } from '@/lib/config';
import type { LoginCheck } from '@/lib/contract/session';

/**
 * The signed-in shell around every route except /login. The login check runs here, on the server,
 * and starts the browser's session with its answer (and the member's training settings seed SWR); a request whose cookies sign nobody in goes
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
  // The member's unit (kg/lb) is known from the first paint on every page; a failed read only
  // means the browser asks for it itself.
  const settings = await trainingSettings().catch(() => null);
  return (
    <AppProviders config={getPublicConfig()} session={session}>
      <SWRConfig value={{ fallback: settings ? { [TRAINING_SETTINGS_KEY]: settings } : {} }}>
        <AppShell>{children}</AppShell>
      </SWRConfig>
    </AppProviders>
  );
}
