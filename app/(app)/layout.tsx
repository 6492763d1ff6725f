import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';

/** The signed-in shell around every route except /login. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
