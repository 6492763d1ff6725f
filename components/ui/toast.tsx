'use client';

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';

import { messages } from '@/lib/i18n/messages';

import { CloseIcon } from './icons';
import { subscribeDialogs, topDialog } from './layers';
import styles from './toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

export interface ToastOptions {
  tone?: ToastTone;
  /** Milliseconds before it disappears; 0 keeps it until closed. Default 4000. */
  duration?: number;
}

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  duration: number;
}

export interface ToastApi {
  /** Shows a toast (role="alert") with exactly `message`; returns its id. */
  show(message: string, options?: ToastOptions): number;
  success(message: string, options?: Omit<ToastOptions, 'tone'>): number;
  error(message: string, options?: Omit<ToastOptions, 'tone'>): number;
  dismiss(id: number): void;
}

export const DEFAULT_TOAST_DURATION = 4000;
const MAX_TOASTS = 3;

const ToastContext = createContext<ToastApi | null>(null);

const noDialog = () => null;

function Toast({ item, onClose }: { item: ToastItem; onClose: (id: number) => void }) {
  useEffect(() => {
    if (item.duration <= 0) return;
    const timer = setTimeout(() => onClose(item.id), item.duration);
    return () => clearTimeout(timer);
  }, [item, onClose]);

  return (
    <div className={`${styles.toast} ${styles[item.tone]}`} role="alert">
      <span className={styles.dot} aria-hidden="true" />
      <p className={styles.message}>{item.message}</p>
      <button
        type="button"
        className={styles.close}
        aria-label={messages.dialog.close}
        onClick={() => onClose(item.id)}
      >
        <CloseIcon width="16" height="16" />
      </button>
    </div>
  );
}

/**
 * Holds the toasts of the app, which stand in for `window.alert`: bottom on phones (above the tab
 * bar and the rest-timer bar), top-right on wide screens; dismissed when a dialog opens, and at the
 * top, clear of its buttons, while one is open. A modal `<dialog>` makes the rest of the page inert
 * and draws above it, so while one is open the region lives inside the topmost dialog: seen,
 * announced and its × reachable.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  // A dialog opening dismisses every toast (one left over would lie on the dialog's buttons and
  // take their taps); while dialogs are open, the newest toast alone shows, at the top.
  useEffect(
    () =>
      subscribeDialogs(({ opened }) => {
        if (opened) setItems([]);
      }),
    [],
  );
  const dialog = useSyncExternalStore(subscribeDialogs, topDialog, noDialog);
  const overDialog = dialog !== null;

  const dismiss = useCallback((id: number) => {
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  const show = useCallback((message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    const item: ToastItem = {
      id,
      message,
      tone: options.tone ?? 'info',
      duration: options.duration ?? DEFAULT_TOAST_DURATION,
    };
    setItems((current) => [...current, item].slice(-MAX_TOASTS));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (message, options) => show(message, { ...options, tone: 'success' }),
      error: (message, options) => show(message, { ...options, tone: 'error' }),
      dismiss,
    }),
    [show, dismiss],
  );

  const region = (
    <div
      className={styles.region}
      data-toast-region=""
      data-over-dialog={overDialog ? '' : undefined}
    >
      {(overDialog ? items.slice(-1) : items).map((item) => (
        <Toast key={item.id} item={item} onClose={dismiss} />
      ))}
    </div>
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {dialog ? createPortal(region, dialog) : region}
    </ToastContext.Provider>
  );
}

/** The toast API; throws outside `ToastProvider`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
