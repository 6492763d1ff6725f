import type { ReactNode } from 'react';

import { OfflineConnector } from '@/features/day-log/offline/offline-connector';
import { SyncStatus } from '@/features/day-log/offline/sync-status';
import { RestTimerBar } from '@/features/training/rest-timer/rest-timer-bar';

import styles from './app-shell.module.css';
import { SessionGuard } from './session-guard';
import { Sidebar } from './sidebar';

/**
 * The signed-in shell: navigation plus the main area, rendered on the server. The page inside is
 * guarded in the browser by SessionGuard (proxy.ts and the signed-in layout guard it on the server).
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <Sidebar />
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* The day-log outbox and its chip: offline, syncing, N changes waiting, refused. */}
        <OfflineConnector />
        <SyncStatus />
        <div className={styles.content}>
          <SessionGuard>{children}</SessionGuard>
        </div>
        {/* Outside the page: a rest runs on while the member moves between pages. */}
        <RestTimerBar />
      </main>
    </div>
  );
}
