'use client';

import { type FormEvent, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { messages } from '@/lib/i18n/messages';

import styles from './club-delete-dialog.module.css';

const text = messages.clubMenu;

export interface ClubDeleteDialogProps {
  /** The club's name, which the owner types to confirm. */
  title: string;
  /** True while the deletion runs: the buttons wait. */
  busy: boolean;
  onCancel: () => void;
  onDelete: () => void;
}

/**
 * The owner's `클럽 삭제` confirmation (role="alertdialog"): it says what goes with the club and
 * asks for the club's name; the red button stays disabled until the typed text is exactly the
 * name (no trimming, case and spaces count). The name field has the first focus; Enter deletes
 * once it matches; Escape and `취소` cancel.
 */
export function ClubDeleteDialog({ title, busy, onCancel, onDelete }: ClubDeleteDialogProps) {
  const inputId = useId();
  const nameId = useId();
  const mismatchId = useId();
  const formId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const matches = typed === title;
  const mismatch = typed !== '' && !matches;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (matches && !busy) onDelete();
  }

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onCancel();
      }}
      role="alertdialog"
      title={text.deleteTitle}
      description={text.deleteIntro(title)}
      initialFocusRef={inputRef}
      hideCloseButton
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {messages.dialog.cancel}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            disabled={!matches || busy}
            aria-busy={busy || undefined}
          >
            {busy ? text.deleting : text.deleteConfirm}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit}>
        <label className={styles.label} htmlFor={inputId}>
          {text.deleteNameLabel}
        </label>
        <p className={styles.name} id={nameId} translate="no">
          {title}
        </p>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="text"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          disabled={busy}
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? `${nameId} ${mismatchId}` : nameId}
        />
        {mismatch ? (
          <p className={styles.mismatch} id={mismatchId}>
            {text.deleteNameMismatch}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
