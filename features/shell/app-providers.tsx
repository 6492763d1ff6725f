'use client';

import type { ReactNode } from 'react';

import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { PublicConfig } from '@/lib/config';
import type { LoginCheck } from '@/lib/contract/session';
import { LiveEventsProvider } from '@/lib/live/live-events';
import { RuntimeConfigProvider } from '@/lib/runtime-config';

/**
 * Every client-side provider of the signed-in app, mounted once by its layout with the runtime
 * config and the server's login check for this request (so the session starts known).
 */
export function AppProviders({
  config,
  session,
  children,
}: {
  config: PublicConfig;
  session: LoginCheck;
  children: ReactNode;
}) {
  return (
    <RuntimeConfigProvider config={config}>
      <ToastProvider>
        <ConfirmProvider>
          <SessionProvider initial={session}>
            <LiveEventsProvider>{children}</LiveEventsProvider>
          </SessionProvider>
        </ConfirmProvider>
      </ToastProvider>
    </RuntimeConfigProvider>
  );
}
