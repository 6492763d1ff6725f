import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/app-providers';
import { AppShell } from '@/components/shell/app-shell';
import { ShellUnavailable } from '@/components/shell/shell-unavailable';
import { LOGIN_PATH } from '@/lib/bff/page-rules';
import { loginCheck } from '@/lib/bff/reads/session';
import { BackendReadError } from '@/lib/bff/server-client';
import { getPublicConfig } from '@/lib/config';
import type { LoginCheck } from '@/lib/contract/session';

/**
 * The signed-in shell around every route except /login. The login check runs here, on the server,
 * and starts the browser's session with its answer; a request whose cookies sign nobody in goes
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
  return (
    <AppProviders config={getPublicConfig()} session={session}>
      <AppShell>{children}</AppShell>
    </AppProviders>
  );
}
