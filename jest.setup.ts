import '@testing-library/jest-dom';

/**
 * jsdom has <dialog> (its `open` attribute hides and shows it) but none of its methods. A small
 * stand-in for the parts the app uses, as browsers behave:
 * - `showModal()` sets `open` and puts the dialog on top of the modal ones (InvalidStateError when
 *   it is open non-modal or not in the document); `show()` sets `open`;
 * - `close()` removes `open` and fires `close` in a later task;
 * - an Escape keydown that nothing cancelled (`preventDefault`; stopping its propagation does not
 *   count, as in a browser) is a close request: `cancel` (cancelable) at the topmost modal dialog,
 *   which closes unless that is cancelled.
 * Not emulated: the top layer, the inert page behind a modal dialog, the dialog focusing steps
 * (the Dialog component focuses explicitly) and `returnValue`.
 */
function polyfillDialog(): void {
  if (typeof HTMLDialogElement === 'undefined') return;
  const proto: Partial<HTMLDialogElement> = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  const modal: HTMLDialogElement[] = [];
  const topModal = (): HTMLDialogElement | undefined => {
    // A dialog removed from the document leaves the top layer.
    for (let index = modal.length - 1; index >= 0; index -= 1) {
      if (!modal[index].isConnected || !modal[index].open) modal.splice(index, 1);
    }
    return modal.at(-1);
  };

  proto.show = function show(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
  };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    topModal();
    if (this.open) {
      if (modal.includes(this)) return;
      throw new DOMException(
        'The dialog is already open as a non-modal dialog.',
        'InvalidStateError',
      );
    }
    if (!this.isConnected)
      throw new DOMException('The dialog is not connected.', 'InvalidStateError');
    this.setAttribute('open', '');
    modal.push(this);
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    const index = modal.indexOf(this);
    if (index >= 0) modal.splice(index, 1);
    setTimeout(() => this.dispatchEvent(new Event('close')), 0);
  };

  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function dispatchEvent(this: EventTarget, event: Event) {
    const result = dispatch.call(this, event);
    if (
      event.type === 'keydown' &&
      (event as KeyboardEvent).key === 'Escape' &&
      !event.defaultPrevented
    ) {
      const top = topModal();
      if (top && top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
    }
    return result;
  };
}

polyfillDialog();
