import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { Dialog } from './dialog';
import { ToastProvider, useToast } from './toast';

/** A page with a button that toasts and one that opens a dialog (which can toast too). */
function Page() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => toast.success('저장했습니다.')}>
        토스트
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        열기
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="삭제할까요?"
        footer={
          <>
            <button type="button" onClick={() => toast.error('삭제하지 못했습니다.')}>
              삭제
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              취소
            </button>
          </>
        }
      />
    </>
  );
}

function region(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-toast-region]');
  if (!element) throw new Error('no toast region');
  return element;
}

describe('toasts and dialogs', () => {
  it('dismisses the toasts showing when a dialog opens', () => {
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '토스트' }));
    expect(screen.getByRole('alert')).toHaveTextContent('저장했습니다.');
    fireEvent.click(screen.getByRole('button', { name: '열기' }));
    expect(screen.getByRole('dialog', { name: '삭제할까요?' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(region()).toHaveAttribute('data-over-dialog');
  });

  it('shows a toast raised while a dialog is open over it, the newest alone, and moves it back after', () => {
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '열기' }));
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(region()).toHaveAttribute('data-over-dialog');
    fireEvent.click(screen.getByRole('button', { name: '취소' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Closing does not dismiss: the toasts stay, back in their usual place.
    expect(region()).not.toHaveAttribute('data-over-dialog');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('dismisses each time another dialog opens, and still times out toasts', () => {
    jest.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <Page />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: '열기' }));
      fireEvent.click(screen.getByRole('button', { name: '취소' }));
      fireEvent.click(screen.getByRole('button', { name: '토스트' }));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: '열기' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: '취소' }));
      fireEvent.click(screen.getByRole('button', { name: '토스트' }));
      act(() => {
        jest.advanceTimersByTime(4_000);
      });
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('unlocks the page scroll only when the last of two stacked dialogs closes', () => {
    function Stacked() {
      const [inner, setInner] = useState(true);
      return (
        <Dialog open onClose={() => undefined} title="바깥">
          <Dialog open={inner} onClose={() => setInner(false)} title="안쪽">
            <p>내용</p>
          </Dialog>
        </Dialog>
      );
    }
    const { unmount } = render(<Stacked />);
    expect(document.body).toHaveClass('scrollLocked');
    fireEvent.keyDown(screen.getByRole('dialog', { name: '안쪽' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: '안쪽' })).not.toBeInTheDocument();
    expect(document.body).toHaveClass('scrollLocked');
    unmount();
    expect(document.body).not.toHaveClass('scrollLocked');
  });
});
