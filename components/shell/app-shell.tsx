'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useSession } from '@/lib/auth/session-provider';
import { messages } from '@/lib/i18n/messages';
import { Sidebar } from './sidebar';
import styles from './app-shell.module.css';

/**
 * The signed-in shell: navigation plus the main area. Shows `Loading...` while the session loads
 * and sends a visitor without a session to /login (proxy.ts does the same on the server).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { loading, user } = useSession();
  const router = useRouter();

  useEffect(() => {
    if (!loading && !user) router.replace('/login');
  }, [loading, user, router]);

  return (
    <div className={styles.shell}>
      <Sidebar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <div className={styles.content}>
          {user ? children : <p className={styles.loading}>{messages.app.loading}</p>}
        </div>
      </main>
    </div>
  );
}
