'use client';

import type { ReactNode } from 'react';
import type { PublicConfig } from '@/lib/config';
import { SessionProvider } from '@/lib/auth/session-provider';
import { RuntimeConfigProvider } from '@/components/config/runtime-config';
import { ConfirmProvider } from '@/components/ui/confirm-dialog';
import { ToastProvider } from '@/components/ui/toast';

/** Every client-side provider of the app, mounted once by the root layout. */
export function AppProviders({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return (
    <RuntimeConfigProvider config={config}>
      <ToastProvider>
        <ConfirmProvider>
          <SessionProvider>{children}</SessionProvider>
        </ConfirmProvider>
      </ToastProvider>
    </RuntimeConfigProvider>
  );
}
