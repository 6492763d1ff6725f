'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { messages } from '@/lib/i18n/messages';
import { dayOutbox, useOutbox } from '@/lib/offline/day-outbox';
import { pendingCount, type OutboxSnapshot, type QueuedChange } from '@/lib/offline/outbox';
import styles from './sync-status.module.css';

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

function ChangeRow({ change }: { change: QueuedChange }) {
  const toast = useToast();
  const outbox = dayOutbox();
  const refused = change.state === 'refused';
  return (
    <li className={styles.row} data-state={change.state}>
      <span className={styles.rowLabel}>{change.label}</span>
      {refused && change.refused ? (
        <span className={styles.reason}>{change.refused.message}</span>
      ) : null}
      {refused ? (
        <span className={styles.rowActions}>
          <Button
            size="sm"
            variant="secondary"
            aria-label={messages.sync.retryLabel(change.label)}
            onClick={() => outbox.retry(change.seq)}
          >
            {messages.sync.retry}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={messages.sync.dropLabel(change.label)}
            onClick={() =>
              void outbox.drop(change.seq).then(() => toast.success(messages.sync.dropped))
            }
          >
            {messages.sync.drop}
          </Button>
        </span>
      ) : null}
    </li>
  );
}

function SyncPanel({ snapshot, onClose }: { snapshot: OutboxSnapshot; onClose: () => void }) {
  const refused = snapshot.changes.filter((change) => change.state === 'refused');
  const waiting = snapshot.changes.filter(
    (change) => change.state === 'waiting' || change.state === 'sending',
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={messages.sync.panelTitle}
      description={snapshot.online ? undefined : messages.sync.offlineHint}
      size="sm"
    >
      {refused.length === 0 && waiting.length === 0 ? (
        <p className={styles.empty}>{messages.sync.panelEmpty}</p>
      ) : null}
      {refused.length > 0 ? (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>{messages.sync.panelRefused}</h3>
          <p className={styles.rule}>{messages.sync.conflictRule}</p>
          <ul className={styles.list}>
            {refused.map((change) => (
              <ChangeRow key={change.seq} change={change} />
            ))}
          </ul>
        </section>
      ) : null}
      {waiting.length > 0 ? (
        <section className={styles.section}>
          <h3 className={styles.sectionTitle}>{messages.sync.panelWaiting}</h3>
          <ul className={styles.list}>
            {waiting.map((change) => (
              <ChangeRow key={change.seq} change={change} />
            ))}
          </ul>
        </section>
      ) : null}
    </Dialog>
  );
}

/**
 * The sync chip of the signed-in shell: `오프라인`, `동기화 중…`, `변경 N개 대기 중`,
 * `동기화됨` (for a moment), or the changes the server refused; it opens a panel listing the
 * waiting and refused changes, where a refused one can be retried or dropped. Nothing shows
 * while online with nothing to send.
 */
export function SyncStatus() {
  const snapshot = useOutbox();
  const recentlySynced = useRecentlySynced(snapshot.syncedAt);
  const [open, setOpen] = useState(false);
  const state = chipStateOf(snapshot, recentlySynced);
  const text = chipText(state, snapshot);
  return (
    <>
      <div className={styles.anchor} role="status" aria-live="polite">
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
