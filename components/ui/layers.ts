/**
 * Which modal dialogs are open, for the layers that must make way for them: the toast region
 * dismisses its toasts when a dialog opens and moves the ones shown meanwhile clear of the
 * dialog's buttons. A tiny external store (no context: a dialog may render outside the toast
 * provider, as in unit tests).
 */

type Listener = (event: { opened: boolean; open: number }) => void;

let open = 0;
const listeners = new Set<Listener>();

/** Marks a dialog open; the returned function marks it closed (once). */
export function dialogOpened(): () => void {
  open += 1;
  for (const listener of listeners) listener({ opened: true, open });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    open -= 1;
    for (const listener of listeners) listener({ opened: false, open });
  };
}

/** How many dialogs are open now. */
export function openDialogCount(): number {
  return open;
}

/** Calls `listener` each time a dialog opens or closes; returns the unsubscribe. */
export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
