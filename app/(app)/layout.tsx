import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppProviders } from '@/components/app-providers';
import { AppShell } from '@/components/shell/app-shell';
import { LOGIN_PATH } from '@/lib/bff/page-rules';
import { loginCheck } from '@/lib/bff/reads/session';
import { getPublicConfig } from '@/lib/config';

/**
 * The signed-in shell around every route except /login. The login check runs here, on the server,
 * and starts the browser's session with its answer; a request whose cookies sign nobody in goes
 * to /login (proxy.ts has already sent visitors without any session cookie there).
 */
export default async function SignedInLayout({ children }: { children: ReactNode }) {
  const session = await loginCheck();
  if (!session.check) redirect(LOGIN_PATH);
  return (
    <AppProviders config={getPublicConfig()} session={session}>
      <AppShell>{children}</AppShell>
    </AppProviders>
  );
}
