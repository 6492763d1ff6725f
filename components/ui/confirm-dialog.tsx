'use client';

import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';

import { messages } from '@/lib/i18n/messages';

import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmOptions {
  /** The question, exactly as the spec words it. */
  message: string;
  /** Heading of the dialog; the confirm label when absent. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `danger` for destructive actions (delete, leave). */
  tone?: 'primary' | 'danger';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables the buttons while the action runs. */
  busy?: boolean;
}

/** An accessible confirmation (role="alertdialog"); Cancel is focused first, Escape cancels. */
export function ConfirmDialog({
  open,
  message,
  title,
  confirmLabel = messages.dialog.confirm,
  cancelLabel = messages.dialog.cancel,
  tone = 'primary',
  onConfirm,
  onCancel,
  busy = false,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      title={title ?? confirmLabel}
      description={message}
      initialFocusRef={cancelRef}
      hideCloseButton
      size="sm"
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'danger' ? 'danger' : 'primary'}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

interface Pending {
  options: ConfirmOptions;
  resolve: (value: boolean) => void;
}

/** Mount once (root layout); then `await useConfirm()(options)` anywhere. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setPending((previous) => {
          previous?.resolve(false);
          return { options, resolve };
        });
      }),
    [],
  );

  const settle = (value: boolean) => {
    pending?.resolve(value);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        {...(pending?.options ?? { message: '' })}
        onConfirm={() => settle(true)}
        onCancel={() => settle(false)}
      />
    </ConfirmContext.Provider>
  );
}

/** Asks for confirmation; resolves true on confirm, false on cancel or Escape. Throws outside ConfirmProvider. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used within a ConfirmProvider');
  return confirm;
}
