import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ToastProvider } from '@/components/ui/toast';
import { ApiError } from '@/lib/api/errors';
import { messages } from '@/lib/i18n/messages';

import type { DayOp } from './day-ops';
import { dayOutbox, resetDayOutbox } from './day-outbox';
import { createOutbox, type Outbox, type SendResult } from './outbox';
import { memoryOutboxStorage } from './outbox-db';
import { chipStateOf, SyncStatus } from './sync-status';

const check = (date: string, checked: boolean): DayOp => ({
  kind: 'check',
  date,
  todayId: 7,
  checked,
});

/**
 * An outbox whose browser is offline until `goOnline`, and whose server refuses `refuse` (with
 * a 404, or with `error` when given).
 */
function setUp(refuse: (op: DayOp) => boolean = () => false, error?: ApiError) {
  let online = false;
  const outbox: Outbox = createOutbox({
    storage: memoryOutboxStorage(),
    isBrowserOnline: () => online,
    send: async (change): Promise<SendResult> => {
      if (refuse(change.op)) {
        throw (
          error ??
          new ApiError({ kind: 'http', status: 404, message: 'nf', url: '/x', method: 'POST' })
        );
      }
      return { ids: [] };
    },
    refresh: async (dates) => dates,
  });
  resetDayOutbox(outbox);
  render(
    <ToastProvider>
      <SyncStatus />
    </ToastProvider>,
  );
  return {
    outbox,
    goOnline: async () => {
      online = true;
      await act(async () => {
        outbox.setBrowserOnline(true);
        await outbox.idle();
      });
    },
  };
}

const chip = () => within(screen.getByRole('status')).queryByRole('button');

afterEach(() => resetDayOutbox());

describe('SyncStatus', () => {
  it('says nothing while online with nothing to send', () => {
    expect(chipStateOf(dayOutbox().getSnapshot(), false)).toBe('hidden');
    render(
      <ToastProvider>
        <SyncStatus />
      </ToastProvider>,
    );
    expect(chip()).toBeNull();
  });

  it('counts changes waiting offline, then says 동기화됨 once they were sent', async () => {
    const { outbox, goOnline } = setUp();
    await act(async () => {
      await outbox.open(1);
      await outbox.submit(check('2026-11-25', true), '11/25 완료 표시');
      await outbox.submit(check('2026-11-25', false), '11/25 완료 해제');
    });
    expect(chip()).toHaveTextContent('오프라인 · 변경 2개 대기 중');
    await goOnline();
    expect(chip()).toHaveTextContent(messages.sync.synced);
  });

  it('lists a refused change with the reason, and drops it on request', async () => {
    const user = userEvent.setup();
    const { outbox, goOnline } = setUp((op) => op.kind === 'check' && op.checked);
    await act(async () => {
      await outbox.open(1);
      await outbox.submit(check('2026-11-25', true), '11/25 완료 표시');
    });
    await goOnline();
    expect(chip()).toHaveTextContent('저장하지 못한 변경 1개');
    await user.click(chip()!);
    const panel = screen.getByRole('dialog', { name: messages.sync.panelTitle });
    expect(within(panel).getByText('11/25 완료 표시')).toBeInTheDocument();
    expect(within(panel).getByText(messages.sync.goneElsewhere)).toBeInTheDocument();
    expect(within(panel).getByText(messages.sync.conflictRule)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '11/25 완료 표시 버리기' }));
    expect(await within(panel).findByText(messages.sync.panelEmpty)).toBeInTheDocument();
    expect(outbox.getSnapshot().changes).toEqual([]);
  });

  it("toasts a rate limit's message once, and keeps the change waiting with it in the panel", async () => {
    const user = userEvent.setup();
    const message = '요청이 너무 많습니다. 30초 후에 다시 시도해주세요.';
    const limited = new ApiError({
      kind: 'http',
      status: 429,
      message,
      url: '/api/today/checkbox/7',
      method: 'POST',
      body: { code: '429', message, data: null, timestamp: 't', path: null },
      retryAfterSeconds: 30,
    });
    const { outbox, goOnline } = setUp(() => true, limited);
    await act(async () => {
      await outbox.open(1);
      await outbox.submit(check('2026-11-25', true), '11/25 완료 표시');
    });
    await goOnline();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(chip()).toHaveTextContent('변경 1개 대기 중');
    await user.click(chip()!);
    const panel = screen.getByRole('dialog', { name: messages.sync.panelTitle });
    expect(within(panel).getByText(message)).toBeInTheDocument();
    expect(within(panel).getByText('11/25 완료 표시')).toBeInTheDocument();
    // Opening the panel dismissed the toast (issue 29: a toast never lies over a dialog), and the
    // notice is not toasted again: it is in the panel.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a refused change again on 다시 시도', async () => {
    const user = userEvent.setup();
    let refusing = true;
    const { outbox, goOnline } = setUp(() => refusing);
    await act(async () => {
      await outbox.open(1);
      await outbox.submit(check('2026-11-25', true), '11/25 완료 표시');
    });
    await goOnline();
    await user.click(chip()!);
    refusing = false;
    await user.click(screen.getByRole('button', { name: '11/25 완료 표시 다시 시도' }));
    await act(() => outbox.idle());
    expect(outbox.getSnapshot().changes).toEqual([]);
  });
});
