import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { ConfirmProvider, useConfirm } from './confirm-dialog';
import { ToastProvider, useToast } from './toast';

function Harness({ onResult }: { onResult: (value: boolean) => void }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={async () =>
        onResult(await confirm({ message: '채팅방을 나가시겠습니까?', tone: 'danger' }))
      }
    >
      open
    </button>
  );
}

describe('ConfirmDialog', () => {
  it('is an accessible modal: focus inside, Tab wraps, Escape cancels, focus returns', async () => {
    const user = userEvent.setup();
    const onResult = jest.fn();
    render(
      <ConfirmProvider>
        <Harness onResult={onResult} />
      </ConfirmProvider>,
    );
    const opener = screen.getByRole('button', { name: 'open' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('채팅방을 나가시겠습니까?');
    const cancel = screen.getByRole('button', { name: '취소' });
    const confirm = screen.getByRole('button', { name: '확인' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onResult).toHaveBeenCalledWith(false);
    expect(opener).toHaveFocus();
  });

  it('resolves true on confirm', async () => {
    const user = userEvent.setup();
    const onResult = jest.fn();
    render(
      <ConfirmProvider>
        <Harness onResult={onResult} />
      </ConfirmProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(onResult).toHaveBeenCalledWith(true);
  });
});

function ToastHarness() {
  const toast = useToast();
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        toast.show('업로드 성공!', { duration: 1000 });
        setCount(count + 1);
      }}
    >
      show {count}
    </button>
  );
}

describe('Toast', () => {
  it('shows the exact text with role="alert" and disappears after its duration', async () => {
    jest.useFakeTimers();
    render(
      <ToastProvider>
        <ToastHarness />
      </ToastProvider>,
    );
    act(() => {
      screen.getByRole('button', { name: /show/ }).click();
    });
    expect(screen.getByRole('alert')).toHaveTextContent('업로드 성공!');
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('useToast outside the provider throws', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ToastHarness />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });
});
