'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { messages } from '@/lib/i18n/messages';

import styles from './account-deletion.module.css';

const text = messages.dataRights;

// Loaded when the member first opens it: the profile's first load does without it.
const AccountDeletionDialog = dynamic(
  () => import('./account-deletion-dialog').then((module) => module.AccountDeletionDialog),
  { ssr: false },
);

/**
 * `계정 삭제` at the end of the profile's `내 데이터` panel: what it does, and a danger-styled button
 * that opens the confirmation (account-deletion-dialog.tsx).
 */
export function AccountDeletion() {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.zone}>
      <h3 className={styles.heading}>{text.deleteHeading}</h3>
      <p className={styles.description}>{text.deleteDescription}</p>
      <Button className={styles.open} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {text.deleteButton}
      </Button>
      {open ? <AccountDeletionDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
