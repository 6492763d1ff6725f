import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { Dialog } from './dialog';
import { ToastProvider, useToast } from './toast';

function dialogElement(name: string): HTMLDialogElement {
  const element =
    screen.queryByRole('dialog', { name }) ?? screen.getByRole('alertdialog', { name });
  if (!(element instanceof HTMLDialogElement)) throw new Error(`${name} is not a <dialog>`);
  return element;
}

/** An edit dialog with a 삭제 button that opens a confirmation over it. */
function EditWithConfirm({ onCloseEdit }: { onCloseEdit?: () => void }) {
  const [edit, setEdit] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setEdit(true)}>
        수정
      </button>
      <Dialog
        open={edit}
        onClose={() => {
          onCloseEdit?.();
          setEdit(false);
        }}
        title="루틴 수정"
        footer={
          <button type="button" onClick={() => setConfirm(true)}>
            삭제
          </button>
        }
      >
        <input aria-label="이름" />
      </Dialog>
      <Dialog
        open={confirm}
        onClose={() => setConfirm(false)}
        role="alertdialog"
        title="삭제할까요?"
        description="되돌릴 수 없습니다."
        initialFocusRef={cancelRef}
        hideCloseButton
        footer={
          <button ref={cancelRef} type="button" onClick={() => setConfirm(false)}>
            취소
          </button>
        }
      />
    </>
  );
}

describe('Dialog on the native <dialog>', () => {
  it('is a modal <dialog>, labelled and described, with the alertdialog role when asked', async () => {
    const user = userEvent.setup();
    render(<EditWithConfirm />);
    await user.click(screen.getByRole('button', { name: '수정' }));
    const edit = dialogElement('루틴 수정');
    expect(edit.open).toBe(true);
    expect(edit).not.toHaveAttribute('role');
    // The first focusable element: its ×.
    expect(within(edit).getByRole('button', { name: '닫기' })).toHaveFocus();

    await user.click(within(edit).getByRole('button', { name: '삭제' }));
    const confirm = dialogElement('삭제할까요?');
    expect(confirm).toHaveAttribute('role', 'alertdialog');
    expect(confirm).toHaveAccessibleDescription('되돌릴 수 없습니다.');
    expect(within(confirm).getByRole('button', { name: '취소' })).toHaveFocus();
  });

  it('turns Escape (the cancel event) into onClose, and stays open while the owner keeps it open', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="열린 채로">
        <button type="button">안쪽</button>
      </Dialog>,
    );
    const dialog = dialogElement('열린 채로');
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    // The owner did not close it: still open, still shown.
    expect(dialog.open).toBe(true);
  });

  it('returns focus to the opener on Escape, on the × and on a click outside the panel', async () => {
    const user = userEvent.setup();
    render(<EditWithConfirm />);
    const opener = screen.getByRole('button', { name: '수정' });

    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    // The <dialog> fills the screen: a click on it, not on the panel, is a click on the backdrop.
    await user.click(opener);
    await user.click(screen.getByRole('textbox', { name: '이름' }));
    expect(dialogElement('루틴 수정')).toBeInTheDocument();
    await user.click(dialogElement('루틴 수정'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('does not close when a press inside the panel ends outside it', () => {
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="끌기">
        <p>내용</p>
      </Dialog>,
    );
    const dialog = dialogElement('끌기');
    fireEvent.pointerDown(screen.getByText('내용'));
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('stacks a confirmation over an edit dialog: Escape closes the top one and focus goes back below', async () => {
    const user = userEvent.setup();
    const onCloseEdit = jest.fn();
    render(<EditWithConfirm onCloseEdit={onCloseEdit} />);
    await user.click(screen.getByRole('button', { name: '수정' }));
    const remove = within(dialogElement('루틴 수정')).getByRole('button', { name: '삭제' });
    await user.click(remove);
    expect(dialogElement('삭제할까요?').open).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onCloseEdit).not.toHaveBeenCalled();
    expect(dialogElement('루틴 수정').open).toBe(true);
    expect(remove).toHaveFocus();
    expect(document.body).toHaveClass('scrollLocked');

    await user.keyboard('{Escape}');
    expect(onCloseEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('scrollLocked');
    expect(screen.getByRole('button', { name: '수정' })).toHaveFocus();
  });

  it('shows a dialog nested in another, opened with it, on top of it', async () => {
    const user = userEvent.setup();
    const onCloseOuter = jest.fn();
    function Nested() {
      const [inner, setInner] = useState(true);
      return (
        <Dialog open onClose={onCloseOuter} title="바깥">
          <Dialog open={inner} onClose={() => setInner(false)} title="안쪽">
            <button type="button">안쪽 버튼</button>
          </Dialog>
        </Dialog>
      );
    }
    render(<Nested />);
    expect(within(dialogElement('안쪽')).getByRole('button', { name: '닫기' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '안쪽' })).not.toBeInTheDocument();
    expect(onCloseOuter).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onCloseOuter).toHaveBeenCalledTimes(1);
  });

  it('tells the owner when the browser closed it anyway, and shows it again if kept open', async () => {
    const onClose = jest.fn();
    render(
      <Dialog open onClose={onClose} title="강제로">
        <p>내용</p>
      </Dialog>,
    );
    const dialog = dialogElement('강제로');
    act(() => dialog.close());
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(dialog.open).toBe(true));
  });

  it('puts the toasts raised while it is open inside it (the page behind is inert), and back after', async () => {
    const user = userEvent.setup();
    function Page() {
      const toast = useToast();
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            열기
          </button>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title="저장"
            footer={
              <button type="button" onClick={() => toast.error('저장하지 못했습니다.')}>
                저장
              </button>
            }
          />
        </>
      );
    }
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: '열기' }));
    const dialog = dialogElement('저장');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('저장하지 못했습니다.');
    // Its × is in the dialog's Tab cycle: last, then back to the first control.
    const closeToast = within(alert).getByRole('button', { name: '닫기' });
    within(dialog).getByRole('button', { name: '저장' }).focus();
    await user.tab();
    expect(closeToast).toHaveFocus();
    await user.tab();
    expect(within(dialog).getAllByRole('button', { name: '닫기' })[0]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('저장하지 못했습니다.');
    expect(document.querySelector('[data-toast-region]')?.parentElement).not.toBeInstanceOf(
      HTMLDialogElement,
    );
  });

  it('renders nothing on the server when closed, and hydrates without a mismatch', () => {
    function Page() {
      return (
        <ToastProvider>
          <p>페이지</p>
          <Dialog open={false} onClose={() => undefined} title="닫힘" />
        </ToastProvider>
      );
    }
    const html = renderToString(<Page />);
    expect(html).not.toContain('dialog');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = jest.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    try {
      act(() => {
        root = hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
      });
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(container).toHaveTextContent('페이지');
    } finally {
      act(() => root?.unmount());
      errors.mockRestore();
      container.remove();
    }
  });
});
