import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { RequestRestNotificationsButton } from './request-rest-notifications-button';
import { RestTimerBar } from './rest-timer-bar';
import {
  FINISHED_DISPLAY_MS,
  HIDDEN_TAB_GRACE_MS,
  REST_TIMER_STORAGE_KEY,
  startRestTimer,
} from './rest-timer-store';

const T0 = Date.UTC(2025, 2, 1, 1, 0, 0);

const notificationCalls = jest.fn();

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = jest.fn(async (): Promise<NotificationPermission> => 'granted');
  onclick: (() => void) | null = null;
  close = jest.fn();
  constructor(title: string, options?: NotificationOptions) {
    notificationCalls(title, options);
  }
}

const vibrate = jest.fn(() => true);

function setGlobal(name: string, value: unknown) {
  Object.defineProperty(window, name, { value, configurable: true, writable: true });
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  localStorage.clear();
  notificationCalls.mockClear();
  vibrate.mockClear();
  FakeNotification.permission = 'granted';
  FakeNotification.requestPermission.mockClear();
  setGlobal('Notification', FakeNotification);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  // @ts-expect-error -- jsdom has neither; the tests add them.
  delete window.Notification;
  // @ts-expect-error -- see above.
  delete navigator.vibrate;
});

const bar = () => screen.queryByRole('region', { name: '휴식 타이머' });
const liveRegion = () => document.querySelector('[aria-live="polite"]') as HTMLElement;

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

function start(seconds = 90, label = '벤치프레스') {
  act(() => {
    startRestTimer(seconds, label);
  });
}

function fromOtherTab(value: string | null) {
  act(() => {
    if (value === null) localStorage.removeItem(REST_TIMER_STORAGE_KEY);
    else localStorage.setItem(REST_TIMER_STORAGE_KEY, value);
    window.dispatchEvent(
      new StorageEvent('storage', { key: REST_TIMER_STORAGE_KEY, newValue: value }),
    );
  });
}

function expectSignalledOnce(label = '벤치프레스') {
  expect(vibrate).toHaveBeenCalledTimes(1);
  expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
  expect(notificationCalls).toHaveBeenCalledTimes(1);
  expect(notificationCalls).toHaveBeenCalledWith('휴식 끝', { body: label, tag: 'rest-timer' });
}

describe('RestTimerBar', () => {
  it('shows nothing without a timer, then the label, 1:30 and a full progress bar', () => {
    render(<RestTimerBar />);
    expect(bar()).not.toBeInTheDocument();
    expect(liveRegion()).toBeEmptyDOMElement();
    start();
    const region = bar()!;
    expect(region).toHaveTextContent('벤치프레스');
    expect(within(region).getByRole('timer')).toHaveTextContent('1:30');
    const progress = region.querySelector('progress')!;
    expect(progress).toHaveAttribute('max', '90000');
    expect(progress).toHaveAttribute('value', '90000');
  });

  it('counts down from the timestamps: 30 s later it shows 1:00', () => {
    render(<RestTimerBar />);
    start();
    advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:29');
    advance(29_000);
    expect(screen.getByRole('timer')).toHaveTextContent('1:00');
    expect(bar()!.querySelector('progress')).toHaveAttribute('value', '60000');
  });

  it('after a sleeping tab wakes 10 minutes later: finished state, signalled once, then cleared', () => {
    render(<RestTimerBar />);
    start();
    // The phone sleeps: the clock moves, no timer fires.
    jest.setSystemTime(T0 + 10 * 60_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const region = bar()!;
    expect(region).toHaveTextContent('휴식 끝');
    expect(within(region).queryByRole('timer')).not.toBeInTheDocument();
    expectSignalledOnce();
    advance(FINISHED_DISPLAY_MS);
    expect(bar()).not.toBeInTheDocument();
    expect(localStorage.getItem(REST_TIMER_STORAGE_KEY)).toBeNull();
    expectSignalledOnce();
  });

  it('at zero vibrates and notifies once, even with two bars (tabs) watching and more ticks', () => {
    render(
      <>
        <RestTimerBar />
        <RestTimerBar />
      </>,
    );
    start(20, '스쿼트');
    advance(19_000);
    expect(vibrate).not.toHaveBeenCalled();
    expect(screen.getAllByRole('timer')[0]).toHaveTextContent('0:01');
    advance(1000);
    expectSignalledOnce('스쿼트');
    expect(screen.getAllByText('휴식 끝', { selector: 'section *' })).toHaveLength(2);
    advance(1000);
    expectSignalledOnce('스쿼트');
    advance(FINISHED_DISPLAY_MS);
    expect(bar()).not.toBeInTheDocument();
    expectSignalledOnce('스쿼트');
  });

  it('a hidden tab leaves the end to the visible tab that claimed it first', () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    render(<RestTimerBar />);
    start(20);
    advance(20_000);
    // Hidden: still waiting for a visible tab, which claims the end in storage.
    expect(vibrate).not.toHaveBeenCalled();
    const claimed = JSON.parse(localStorage.getItem(REST_TIMER_STORAGE_KEY)!);
    fromOtherTab(JSON.stringify({ ...claimed, finishedAt: T0 + 20_000 }));
    expect(bar()).toHaveTextContent('휴식 끝');
    advance(HIDDEN_TAB_GRACE_MS + FINISHED_DISPLAY_MS);
    expect(vibrate).not.toHaveBeenCalled();
    expect(notificationCalls).not.toHaveBeenCalled();
    expect(bar()).not.toBeInTheDocument();
  });

  it('a hidden tab alone signals after the grace period', () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    render(<RestTimerBar />);
    start(20);
    advance(20_000 + HIDDEN_TAB_GRACE_MS - 1000);
    expect(vibrate).not.toHaveBeenCalled();
    advance(1000);
    expectSignalledOnce();
  });

  it('only vibrates when notifications are not allowed or not supported', () => {
    FakeNotification.permission = 'default';
    const { unmount } = render(<RestTimerBar />);
    start(5);
    advance(5000);
    expect(vibrate).toHaveBeenCalledTimes(1);
    expect(notificationCalls).not.toHaveBeenCalled();
    unmount();

    // @ts-expect-error -- an environment without the Notification API.
    delete window.Notification;
    render(<RestTimerBar />);
    start(5);
    advance(5000);
    expect(vibrate).toHaveBeenCalledTimes(2);
  });

  it('adjusts by ±15 s and never below zero', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<RestTimerBar />);
    start();
    await user.click(screen.getByRole('button', { name: '휴식 15초 늘리기' }));
    expect(screen.getByRole('timer')).toHaveTextContent('1:45');
    await user.click(screen.getByRole('button', { name: '휴식 15초 줄이기' }));
    await user.click(screen.getByRole('button', { name: '휴식 15초 줄이기' }));
    expect(screen.getByRole('timer')).toHaveTextContent('1:15');
    advance(70_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:05');
    await user.click(screen.getByRole('button', { name: '휴식 15초 줄이기' }));
    // 5 s - 15 s: the rest ends now rather than showing a negative time.
    expect(bar()).toHaveTextContent('휴식 끝');
    expect(bar()).not.toHaveTextContent('-0:');
    expectSignalledOnce();
  });

  it('skip hides the bar and clears the timer without signalling', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<RestTimerBar />);
    start();
    await user.click(screen.getByRole('button', { name: '휴식 건너뛰기' }));
    expect(bar()).not.toBeInTheDocument();
    expect(localStorage.getItem(REST_TIMER_STORAGE_KEY)).toBeNull();
    advance(120_000);
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('survives a remount (navigation, reload) through localStorage', () => {
    const first = render(<RestTimerBar />);
    start();
    advance(10_000);
    first.unmount();
    jest.setSystemTime(T0 + 30_000);
    render(<RestTimerBar />);
    expect(screen.getByRole('timer')).toHaveTextContent('1:00');
    expect(bar()).toHaveTextContent('벤치프레스');
  });

  it('follows other tabs through the storage event', () => {
    render(<RestTimerBar />);
    fromOtherTab(JSON.stringify({ endsAt: T0 + 45_000, durationMs: 60_000, label: '데드리프트' }));
    expect(bar()).toHaveTextContent('데드리프트');
    expect(screen.getByRole('timer')).toHaveTextContent('0:45');
    fromOtherTab(null);
    expect(bar()).not.toBeInTheDocument();
  });

  it.each(['{"endsAt":', '{"endsAt":"soon","durationMs":1,"label":"x"}', '42'])(
    'ignores corrupt localStorage (%s)',
    (raw) => {
      localStorage.setItem(REST_TIMER_STORAGE_KEY, raw);
      render(<RestTimerBar />);
      expect(bar()).not.toBeInTheDocument();
      start();
      expect(screen.getByRole('timer')).toHaveTextContent('1:30');
    },
  );

  it('announces the start, ten seconds left and the end, not every second', () => {
    render(<RestTimerBar />);
    const said: string[] = [];
    const record = () => {
      const text = liveRegion().textContent ?? '';
      if (said.at(-1) !== text) said.push(text);
    };
    start();
    record();
    for (let second = 0; second < 90 + FINISHED_DISPLAY_MS / 1000; second++) {
      advance(1000);
      record();
    }
    expect(said).toEqual([
      '벤치프레스 휴식 1분 30초 시작',
      '',
      '휴식 10초 남았습니다',
      '휴식 끝',
      '',
    ]);
    // The clock itself is not a live region (role="timer" is polite-off by default).
    expect(liveRegion()).toHaveAttribute('aria-atomic', 'true');
  });

  it('stays quiet when it mounts during a rest that started earlier', () => {
    startRestTimer(90, '벤치프레스');
    jest.setSystemTime(T0 + 20_000);
    render(<RestTimerBar />);
    expect(screen.getByRole('timer')).toHaveTextContent('1:10');
    expect(liveRegion()).toBeEmptyDOMElement();
  });

  it('is reachable by keyboard, with names, in order; focus stays on it when the rest ends', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<RestTimerBar />);
    start(30);
    await user.tab();
    expect(screen.getByRole('button', { name: '휴식 15초 줄이기' })).toHaveFocus();
    expect(document.activeElement).toHaveTextContent('-15초');
    await user.tab();
    expect(screen.getByRole('button', { name: '휴식 15초 늘리기' })).toHaveFocus();
    expect(document.activeElement).toHaveTextContent('+15초');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('timer')).toHaveTextContent('0:45');
    await user.tab();
    const skip = screen.getByRole('button', { name: '휴식 건너뛰기' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveTextContent('건너뛰기');
    advance(45_000);
    // The same button, now closing the finished state, keeps the focus.
    expect(screen.getByRole('button', { name: '휴식 타이머 닫기' })).toHaveFocus();
    await user.keyboard(' ');
    expect(bar()).not.toBeInTheDocument();
  });
});

describe('RequestRestNotificationsButton', () => {
  it('asks on click, then says notifications are on', async () => {
    FakeNotification.permission = 'default';
    FakeNotification.requestPermission.mockImplementation(async () => {
      FakeNotification.permission = 'granted';
      return 'granted';
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<RequestRestNotificationsButton />);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '휴식 끝 알림 받기' }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('휴식이 끝나면 알림을 보냅니다.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('explains a block, and renders nothing without the Notification API', () => {
    FakeNotification.permission = 'denied';
    const { unmount } = render(<RequestRestNotificationsButton />);
    expect(screen.getByRole('status')).toHaveTextContent('브라우저 설정에서 알림을 허용해주세요');
    unmount();
    // @ts-expect-error -- an environment without the Notification API.
    delete window.Notification;
    const { container } = render(<RequestRestNotificationsButton />);
    expect(container).toBeEmptyDOMElement();
  });
});
