'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, useState } from 'react';

import { useToast } from '@/components/ui/toast';
import { messages } from '@/lib/i18n/messages';

import { useOutbox } from './day-outbox';
import { type OutboxSnapshot, pendingCount } from './outbox';
import styles from './sync-status.module.css';

/** Loaded when first opened: no page's first load carries it. */
const SyncPanel = dynamic(() => import('./sync-panel').then((module) => module.SyncPanel), {
  ssr: false,
});

/** How long `동기화됨` stays after the queue emptied. */
const SYNCED_VISIBLE_MS = 4_000;

type ChipState = 'refused' | 'offline' | 'syncing' | 'waiting' | 'synced' | 'hidden';

/** The chip's state: a refusal first (it needs the member), then the connection, then the queue. */
export function chipStateOf(snapshot: OutboxSnapshot, recentlySynced: boolean): ChipState {
  if (snapshot.changes.some((change) => change.state === 'refused')) return 'refused';
  if (!snapshot.online) return 'offline';
  if (pendingCount(snapshot) > 0) return snapshot.syncing ? 'syncing' : 'waiting';
  return recentlySynced ? 'synced' : 'hidden';
}

function chipText(state: ChipState, snapshot: OutboxSnapshot): string {
  const waiting = pendingCount(snapshot);
  const refused = snapshot.changes.filter((change) => change.state === 'refused').length;
  const waitingText = messages.sync.waiting(waiting);
  switch (state) {
    case 'refused':
      return waiting > 0
        ? `${messages.sync.refused(refused)} · ${waitingText}`
        : messages.sync.refused(refused);
    case 'offline':
      return waiting > 0 ? `${messages.sync.offline} · ${waitingText}` : messages.sync.offline;
    case 'syncing':
      return `${messages.sync.syncing} ${waitingText}`;
    case 'waiting':
      return waitingText;
    case 'synced':
      return messages.sync.synced;
    case 'hidden':
      return '';
  }
}

/** True for `SYNCED_VISIBLE_MS` after each `syncedAt`. */
function useRecentlySynced(syncedAt: number | null): boolean {
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (syncedAt === null) return;
    const timer = window.setTimeout(() => setExpired(syncedAt), SYNCED_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [syncedAt]);
  return syncedAt !== null && expired !== syncedAt;
}

/**
 * Toasts the outbox's notice (a 429's message: why changes wait although online) when one
 * appears, once until it clears: a member whose change was held back hears why.
 */
function useNoticeToast(notice: string | null): void {
  const toast = useToast();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (notice !== null && shown.current === null) toast.error(notice);
    shown.current = notice;
  }, [notice, toast]);
}

/**
 * The sync chip of the signed-in shell: `오프라인`, `동기화 중…`, `변경 N개 대기 중`,
 * `동기화됨` (for a moment), or the changes the server refused; it opens a panel listing the
 * waiting and refused changes, where a refused one can be retried or dropped. Nothing shows
 * while online with nothing to send. A rate limit's message is toasted when it holds changes back.
 */
export function SyncStatus() {
  const snapshot = useOutbox();
  useNoticeToast(snapshot.notice);
  const recentlySynced = useRecentlySynced(snapshot.syncedAt);
  const [open, setOpen] = useState(false);
  const state = chipStateOf(snapshot, recentlySynced);
  const text = chipText(state, snapshot);
  return (
    <>
      {/* Phones: a band just below the top bar (an `오프라인` strip while offline); wide screens: a
          chip at the top of the content column. Never under the top bar (--z-chip). */}
      <div
        className={styles.anchor}
        role="status"
        aria-live="polite"
        data-state={state}
        data-offline={snapshot.online ? undefined : ''}
      >
        {state === 'hidden' ? null : (
          <button
            type="button"
            className={styles.chip}
            data-state={state}
            aria-haspopup="dialog"
            onClick={() => setOpen(true)}
          >
            <span className={styles.dot} aria-hidden="true" />
            {text}
          </button>
        )}
      </div>
      {open ? <SyncPanel snapshot={snapshot} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
