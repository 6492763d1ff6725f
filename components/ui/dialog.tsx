'use client';

import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
} from 'react';
import { createPortal } from 'react-dom';

import { messages } from '@/lib/i18n/messages';

import styles from './dialog.module.css';
import { CloseIcon } from './icons';
import { dialogOpened, openDialogCount } from './layers';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert'),
  );
}

export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a backdrop click. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** The element focused on open; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Hide the × button (confirmations have their own buttons). */
  hideCloseButton?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog: role="dialog" (or alertdialog), aria-modal, labelled by its title, focus kept
 * inside (Tab wraps), Escape closes, focus returns to the element that opened it. A sheet from the
 * bottom on phones, centred on wide screens.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  role = 'dialog',
  initialFocusRef,
  hideCloseButton = false,
  size = 'md',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? (panel ? focusablesIn(panel)[0] : null) ?? panel;
    target?.focus();
    document.body.classList.add('scrollLocked');
    // Toasts make way: those showing are dismissed, later ones keep clear of the buttons.
    const release = dialogOpened();
    return () => {
      release();
      // A dialog over another: the page stays locked until the last one closes.
      if (openDialogCount() === 0) document.body.classList.remove('scrollLocked');
      if (previous && previous.isConnected) previous.focus();
    };
  }, [open, initialFocusRef]);

  if (!open || typeof document === 'undefined') return null;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusablesIn(panelRef.current);
    if (items.length === 0) {
      event.preventDefault();
      panelRef.current.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className={styles.layer}>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        className={`${styles.panel} ${styles[size]}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 className={styles.title} id={titleId}>
            {title}
          </h2>
          {hideCloseButton ? null : (
            <button
              type="button"
              className={styles.close}
              aria-label={messages.dialog.close}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </div>
        {/* Only this part scrolls: the header and the footer stay put, and the footer (solid,
            above it) never has the content drawn over its buttons. */}
        {description || children ? (
          <div className={styles.content} data-has-footer={footer ? '' : undefined}>
            {description ? (
              <p className={styles.description} id={descriptionId}>
                {description}
              </p>
            ) : null}
            {children ? <div className={styles.body}>{children}</div> : null}
          </div>
        ) : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
