import { act, renderHook } from '@testing-library/react';

import { formatRestClock, formatRestSpoken } from './messages';
import {
  adjustRestTimer,
  DEFAULT_REST_SECONDS,
  FINISHED_DISPLAY_MS,
  getRestTimer,
  HIDDEN_TAB_GRACE_MS,
  MAX_REST_SECONDS,
  REST_STEP_SECONDS,
  REST_TIMER_STORAGE_KEY,
  settleRestTimer,
  STALE_FINISH_MS,
  startRestTimer,
  stopRestTimer,
  subscribeRestTimer,
  useRestTimer,
} from './rest-timer-store';

const T0 = Date.UTC(2025, 2, 1, 1, 0, 0);

function stored(): unknown {
  const raw = localStorage.getItem(REST_TIMER_STORAGE_KEY);
  return raw === null ? null : JSON.parse(raw);
}

function fromOtherTab(value: string | null) {
  if (value === null) localStorage.removeItem(REST_TIMER_STORAGE_KEY);
  else localStorage.setItem(REST_TIMER_STORAGE_KEY, value);
  window.dispatchEvent(
    new StorageEvent('storage', { key: REST_TIMER_STORAGE_KEY, newValue: value }),
  );
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('rest timer store', () => {
  it('starts with timestamps and persists in localStorage', () => {
    expect(DEFAULT_REST_SECONDS).toBe(90);
    expect(REST_STEP_SECONDS).toBe(15);
    expect(getRestTimer()).toBeNull();
    const state = startRestTimer(DEFAULT_REST_SECONDS, '벤치프레스');
    expect(state).toEqual({ endsAt: T0 + 90_000, durationMs: 90_000, label: '벤치프레스' });
    expect(stored()).toEqual(state);
    expect(getRestTimer()).toEqual(state);
    // The same object until something changes (useSyncExternalStore's contract).
    expect(getRestTimer()).toBe(getRestTimer());
  });

  it('clamps the duration to 1 s–1 h and falls back to the default for nonsense', () => {
    expect(startRestTimer(0, 'a', T0).durationMs).toBe(1000);
    expect(startRestTimer(10 ** 9, 'a', T0).durationMs).toBe(MAX_REST_SECONDS * 1000);
    expect(startRestTimer(Number.NaN, 'a', T0).durationMs).toBe(DEFAULT_REST_SECONDS * 1000);
  });

  it('adjusts by ±15 s, never before now, keeping the start', () => {
    startRestTimer(90, '스쿼트', T0);
    expect(adjustRestTimer(REST_STEP_SECONDS, T0)).toMatchObject({
      endsAt: T0 + 105_000,
      durationMs: 105_000,
    });
    expect(adjustRestTimer(-REST_STEP_SECONDS, T0 + 1000)).toMatchObject({
      endsAt: T0 + 90_000,
      durationMs: 90_000,
    });
    // 5 s left, minus 15 s: ends now, not 10 s ago.
    expect(adjustRestTimer(-REST_STEP_SECONDS, T0 + 85_000)).toMatchObject({
      endsAt: T0 + 85_000,
      durationMs: 85_000,
    });
    expect(adjustRestTimer(-REST_STEP_SECONDS, T0 + 85_000)).toMatchObject({
      endsAt: T0 + 85_000,
    });
  });

  it('does not adjust past an hour, nor without a running timer', () => {
    startRestTimer(MAX_REST_SECONDS - 5, '데드리프트', T0);
    expect(adjustRestTimer(REST_STEP_SECONDS, T0)?.durationMs).toBe(MAX_REST_SECONDS * 1000);
    stopRestTimer();
    expect(adjustRestTimer(REST_STEP_SECONDS, T0)).toBeNull();
    expect(stored()).toBeNull();
  });

  it('stops', () => {
    startRestTimer(90, '벤치프레스');
    stopRestTimer();
    expect(getRestTimer()).toBeNull();
    expect(localStorage.getItem(REST_TIMER_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['not JSON', '{endsAt:'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a string endsAt', JSON.stringify({ endsAt: 'soon', durationMs: 1000, label: 'x' })],
    ['a negative duration', JSON.stringify({ endsAt: T0, durationMs: -1, label: 'x' })],
    ['a huge duration', JSON.stringify({ endsAt: T0, durationMs: 1e12, label: 'x' })],
    ['no label', JSON.stringify({ endsAt: T0, durationMs: 1000 })],
    [
      'a bad finishedAt',
      JSON.stringify({ endsAt: T0, durationMs: 1, label: 'x', finishedAt: 'y' }),
    ],
  ])('ignores corrupt storage: %s', (_, raw) => {
    localStorage.setItem(REST_TIMER_STORAGE_KEY, raw);
    expect(getRestTimer()).toBeNull();
    expect(adjustRestTimer(15)).toBeNull();
    expect(settleRestTimer(T0 + 10 ** 7)).toBeNull();
    // A new start overwrites it.
    expect(startRestTimer(60, 'x', T0)).toEqual(getRestTimer());
  });

  it('notifies subscribers of its own writes and of other tabs (storage events)', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeRestTimer(listener);
    startRestTimer(90, '벤치프레스');
    expect(listener).toHaveBeenCalledTimes(1);
    const other = JSON.stringify({ endsAt: T0 + 60_000, durationMs: 60_000, label: '스쿼트' });
    fromOtherTab(other);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getRestTimer()).toMatchObject({ label: '스쿼트' });
    window.dispatchEvent(new StorageEvent('storage', { key: 'somethingElse' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    fromOtherTab(null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getRestTimer()).toBeNull();
  });

  it('settles: the first caller at zero claims the end, once; it clears after the display', () => {
    startRestTimer(90, '벤치프레스', T0);
    expect(settleRestTimer(T0 + 89_999)).toBeNull();
    expect(settleRestTimer(T0 + 90_000)).toMatchObject({
      label: '벤치프레스',
      finishedAt: T0 + 90_000,
    });
    // Another tab (same storage) noticing a moment later does not claim it again.
    expect(settleRestTimer(T0 + 90_001)).toBeNull();
    expect(getRestTimer()).toMatchObject({ finishedAt: T0 + 90_000 });
    expect(settleRestTimer(T0 + 90_000 + FINISHED_DISPLAY_MS - 1)).toBeNull();
    expect(getRestTimer()).not.toBeNull();
    expect(settleRestTimer(T0 + 90_000 + FINISHED_DISPLAY_MS)).toBeNull();
    expect(getRestTimer()).toBeNull();
  });

  it('lets a visible tab go first: a hidden one waits out the grace period', () => {
    startRestTimer(90, '벤치프레스', T0);
    const end = T0 + 90_000;
    expect(settleRestTimer(end, { hidden: true })).toBeNull();
    expect(settleRestTimer(end + HIDDEN_TAB_GRACE_MS - 1, { hidden: true })).toBeNull();
    expect(settleRestTimer(end + HIDDEN_TAB_GRACE_MS, { hidden: true })).not.toBeNull();
  });

  it('clears a long-stale rest without claiming it', () => {
    startRestTimer(90, '벤치프레스', T0);
    expect(settleRestTimer(T0 + 90_000 + STALE_FINISH_MS + 1)).toBeNull();
    expect(getRestTimer()).toBeNull();
  });

  it('useRestTimer computes the remaining time from timestamps, not from ticks', () => {
    const { result } = renderHook(() => useRestTimer());
    expect(result.current).toBeNull();
    act(() => {
      startRestTimer(90, '벤치프레스');
    });
    expect(result.current).toMatchObject({ remainingMs: 90_000, finished: false });
    act(() => {
      jest.advanceTimersByTime(30_000);
    });
    expect(result.current?.remainingMs).toBe(60_000);
    // The tab sleeps: the clock jumps, no timer fires; waking (visibilitychange) re-reads it.
    jest.setSystemTime(T0 + 80_000);
    expect(result.current?.remainingMs).toBe(60_000);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current?.remainingMs).toBe(10_000);
  });

  it('formats m:ss rounding up, and spoken durations', () => {
    expect(formatRestClock(90_000)).toBe('1:30');
    expect(formatRestClock(60_001)).toBe('1:01');
    expect(formatRestClock(9_000)).toBe('0:09');
    expect(formatRestClock(1)).toBe('0:01');
    expect(formatRestClock(0)).toBe('0:00');
    expect(formatRestClock(-5)).toBe('0:00');
    expect(formatRestSpoken(90_000)).toBe('1분 30초');
    expect(formatRestSpoken(120_000)).toBe('2분');
    expect(formatRestSpoken(45_000)).toBe('45초');
  });
});

describe('rest timer store without working storage', () => {
  it('keeps the timer in memory when localStorage throws', () => {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const store = require('./rest-timer-store') as typeof import('./rest-timer-store');
      const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
        throw new DOMException('full', 'QuotaExceededError');
      });
      try {
        expect(store.getRestTimer()).toBeNull();
        store.startRestTimer(60, '런지', T0);
        expect(store.getRestTimer()).toMatchObject({ label: '런지', endsAt: T0 + 60_000 });
        expect(getItem).toHaveBeenCalled();
        store.stopRestTimer();
        expect(store.getRestTimer()).toBeNull();
      } finally {
        getItem.mockRestore();
        setItem.mockRestore();
      }
    });
  });
});
