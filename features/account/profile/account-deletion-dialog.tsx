'use client';

import { useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/components/ui/errors';
import { useToast } from '@/components/ui/toast';
import { clearLogoutPending, clearOfflineData } from '@/features/day-log/offline/offline-data';
import { ACCOUNT_DELETED_LOGIN_PATH } from '@/lib/api/keys';
import { loadApi } from '@/lib/api/load';
import { replaceLocation } from '@/lib/browser-location';
import { messages } from '@/lib/i18n/messages';

import styles from './account-deletion.module.css';
import { ExportLink } from './export-link';

const text = messages.dataRights;

export interface AccountDeletionDialogProps {
  /** Closes the dialog (cancel, Escape, the backdrop); not called once the account is gone. */
  onClose: () => void;
}

/**
 * The confirmation of `계정 삭제` (role="alertdialog"): it names everything that goes, says that
 * chat messages stay as `(탈퇴한 회원)` and that every device is signed out, offers the export
 * first, and enables the destructive button only once the member ticks that they understood.
 * `취소` has the first focus. On success this device keeps nothing of the member (the offline
 * outbox, cached pages and reads, as at logout) and the page is left for `/login` with its
 * notice, by a full load; on failure the backend's message is a toast and nothing is cleared.
 */
export function AccountDeletionDialog({ onClose }: AccountDeletionDialogProps) {
  const toast = useToast();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onDelete() {
    if (!understood || busy) return;
    setBusy(true);
    try {
      await (await loadApi()).deleteAccount();
    } catch (error) {
      toast.error(describeError(error, text.deleteFailed));
      setBusy(false);
      return;
    }
    await clearOfflineData();
    clearLogoutPending();
    replaceLocation(ACCOUNT_DELETED_LOGIN_PATH);
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      role="alertdialog"
      title={text.deleteTitle}
      description={text.deleteIntro}
      initialFocusRef={cancelRef}
      hideCloseButton
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            {messages.dialog.cancel}
          </Button>
          <Button
            variant="danger"
            onClick={() => void onDelete()}
            disabled={!understood || busy}
            aria-busy={busy || undefined}
          >
            {busy ? text.deleting : text.deleteConfirm}
          </Button>
        </>
      }
    >
      <div className={styles.body}>
        <ul className={styles.items} aria-label={text.deleteItemsLabel}>
          {text.deleteItems.map((item) => (
            <li key={item} className={styles.item}>
              {item}
            </li>
          ))}
        </ul>
        <p className={styles.note}>{text.deleteMessagesStay}</p>
        <p className={styles.note}>{text.deleteSignsOut}</p>
        <div className={styles.export}>
          <p className={styles.exportHint}>{text.deleteExportHint}</p>
          <ExportLink size="sm" />
        </div>
        <label className={styles.confirm}>
          <input
            type="checkbox"
            checked={understood}
            disabled={busy}
            onChange={(event) => setUnderstood(event.target.checked)}
          />
          <span>{text.deleteConfirmCheck}</span>
        </label>
      </div>
    </Dialog>
  );
}
