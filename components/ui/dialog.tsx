'use client';

import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
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

/**
 * What a dialog tells the dialogs rendered inside it. Effects run children first, so a dialog
 * that opens in the same commit as the one around it would call `showModal()` first and end up
 * under it: it waits in `pending` until the outer one is shown.
 */
interface Nest {
  element: RefObject<HTMLDialogElement | null>;
  pending: Set<() => void>;
}

const ParentDialog = createContext<Nest | null>(null);

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
 * A modal dialog on the native `<dialog>`, shown with `showModal()`: the browser puts it in the
 * top layer, makes the page behind it inert and turns Escape into a `cancel` event, which this
 * hands to `onClose` (the `open` prop stays the one source of truth). Labelled by its title,
 * described by its description, `alertdialog` for confirmations; focus goes to
 * `initialFocusRef` (or the first focusable element), Tab wraps between the first and the last
 * control, focus returns to the element that opened it, the page does not scroll behind it, and a
 * click outside the panel closes it. A dialog opened over another is the modal one until it
 * closes. A sheet from the bottom on phones, centred on wide screens.
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const parent = useContext(ParentDialog);
  const [nest] = useState<Nest>(() => ({ element: dialogRef, pending: new Set() }));

  const close = useEffectEvent(() => onClose());
  const initialFocus = useEffectEvent(() => initialFocusRef?.current ?? null);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    let previous: HTMLElement | null = null;
    let release: (() => void) | null = null;
    let closing = false;
    let pressedOutside = false;

    // Escape (a close request): the owner decides, through `open`.
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    // Closed by the browser all the same (a close request whose `cancel` cannot be prevented,
    // as Chrome does for a repeated Escape without a user gesture in between): tell the owner,
    // and show it again if the owner keeps it open.
    const onNativeClose = () => {
      if (closing) return;
      close();
      queueMicrotask(() => {
        if (!closing && dialog.isConnected && !dialog.open) dialog.showModal();
      });
    };
    // A click on the <dialog> itself is a click outside the panel (the dialog fills the screen),
    // when the press started there too (not a text selection dragged out of the panel).
    const onPointerDown = (event: PointerEvent) => {
      pressedOutside = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog && pressedOutside) close();
      pressedOutside = false;
    };
    // The modal dialog already keeps focus out of the inert page; Tab would still leave the last
    // control for the browser's own UI before coming back. It wraps to the first instead. Heard
    // on the document, after the handlers inside (which may take the key for themselves), and
    // for the toasts shown in the dialog too.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return;
      if (!(event.target instanceof Node) || !dialog.contains(event.target)) return;
      const items = focusablesIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };

    const show = () => {
      if (closing) return;
      previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (!dialog.open) dialog.showModal();
      dialog.addEventListener('cancel', onCancel);
      dialog.addEventListener('close', onNativeClose);
      dialog.addEventListener('pointerdown', onPointerDown);
      dialog.addEventListener('click', onClick);
      document.addEventListener('keydown', onKeyDown);
      const target = initialFocus() ?? focusablesIn(dialog)[0] ?? dialog;
      target.focus();
      document.body.classList.add('scrollLocked');
      // Toasts make way: those showing are dismissed, later ones show inside this dialog.
      release = dialogOpened(dialog);
      // Dialogs inside this one that opened with it go on top now.
      for (const showNested of Array.from(nest.pending)) {
        nest.pending.delete(showNested);
        showNested();
      }
    };

    const outer = parent?.element.current;
    if (parent && !outer?.open) parent.pending.add(show);
    else show();

    return () => {
      closing = true;
      parent?.pending.delete(show);
      if (!release) return;
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      release();
      // A dialog over another: the page stays locked until the last one closes.
      if (openDialogCount() === 0) document.body.classList.remove('scrollLocked');
      if (previous && previous.isConnected) previous.focus();
    };
  }, [open, parent, nest]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <dialog
      ref={dialogRef}
      className={styles.layer}
      // <dialog> is a dialog already; confirmations say they are alerts.
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
    >
      <div className={`${styles.panel} ${styles[size]}`}>
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
        <ParentDialog.Provider value={nest}>
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
        </ParentDialog.Provider>
      </div>
    </dialog>,
    document.body,
  );
}
