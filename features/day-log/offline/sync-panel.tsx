'use client';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { messages } from '@/lib/i18n/messages';

import { dayOutbox } from './day-outbox';
import type { OutboxSnapshot, QueuedChange } from './outbox';
import styles from './sync-status.module.css';

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

/** The sync chip's panel: the waiting and the refused changes, a refused one with retry/drop. */
export function SyncPanel({
  snapshot,
  onClose,
}: {
  snapshot: OutboxSnapshot;
  onClose: () => void;
}) {
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
          {snapshot.notice ? <p className={styles.rule}>{snapshot.notice}</p> : null}
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
