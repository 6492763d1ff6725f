/**
 * Which modal dialogs are open, for the layers that must make way for them: the toast region
 * dismisses its toasts when a dialog opens and shows the ones raised meanwhile inside the topmost
 * dialog (a modal `<dialog>` makes everything outside it inert, so a toast elsewhere would be
 * neither seen nor announced), clear of its buttons. A tiny external store (no context: a dialog
 * may render outside the toast provider, as in unit tests).
 */

type Listener = (event: { opened: boolean; open: number }) => void;

/** The open dialogs, in the order they were shown: the last one is on top. */
const stack: HTMLElement[] = [];
const listeners = new Set<Listener>();

/**
 * Marks a dialog open (on top of the others); the returned function marks it closed (once).
 * `element` is the dialog that toasts shown meanwhile go into.
 */
export function dialogOpened(element: HTMLElement): () => void {
  stack.push(element);
  for (const listener of listeners) listener({ opened: true, open: stack.length });
  let released = false;
  return () => {
    if (released) return;
    released = true;
    stack.splice(stack.lastIndexOf(element), 1);
    for (const listener of listeners) listener({ opened: false, open: stack.length });
  };
}

/** How many dialogs are open now. */
export function openDialogCount(): number {
  return stack.length;
}

/** The topmost open dialog's element, or null when none is open. */
export function topDialog(): HTMLElement | null {
  return stack.at(-1) ?? null;
}

/** Calls `listener` each time a dialog opens or closes; returns the unsubscribe. */
export function subscribeDialogs(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
