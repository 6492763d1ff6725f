import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';

import { resetSessionBridge } from '@/lib/api/session-bridge';
import { SessionProvider } from '@/lib/auth/session-provider';
import { LIVE_EVENT } from '@/lib/contract/values';

import { LiveEventsProvider, reconnectDelayMs, useLiveEvent } from './live-events';
import { FakeEventSource } from './test-event-source';

function Counter() {
  const [count, setCount] = useState<number | null>(null);
  useLiveEvent(LIVE_EVENT.notification, (data) => setCount(data.unreadCount));
  return <p>알림 {count ?? '-'}</p>;
}

function renderLive(check: boolean) {
  resetSessionBridge();
  return render(
    <SessionProvider
      initial={
        check
          ? { check: true, id: 1, name: '테스터', picture: null, expiresIn: 1800 }
          : { check: false, id: null, name: null, picture: null, expiresIn: null }
      }
      api={{
        loginCheck: async () => ({ check, id: 1, name: '테스터', picture: null }),
        logout: async () => true,
        refreshToken: async () => true,
      }}
    >
      <LiveEventsProvider>
        <Counter />
      </LiveEventsProvider>
    </SessionProvider>,
  );
}

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
  jest.useRealTimers();
});

describe('LiveEventsProvider', () => {
  it('opens /api/events when signed in and hands each event to its listeners', () => {
    renderLive(true);
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(['/api/events']);
    act(() => FakeEventSource.instances[0].emit('notification', '{"unreadCount":3}'));
    expect(screen.getByText('알림 3')).toBeInTheDocument();
    // Garbage is dropped, not thrown.
    act(() => FakeEventSource.instances[0].emit('notification', 'not json'));
    expect(screen.getByText('알림 3')).toBeInTheDocument();
  });

  it('opens nothing for a visitor', () => {
    renderLive(false);
    expect(FakeEventSource.instances).toEqual([]);
  });

  it('leaves a dropped stream to the browser and retries a refused one later', () => {
    jest.useFakeTimers();
    renderLive(true);
    const first = FakeEventSource.instances[0];
    act(() => first.fail(FakeEventSource.CONNECTING));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => first.fail(FakeEventSource.CLOSED));
    expect(first.closed).toBe(true);
    act(() => jest.advanceTimersByTime(reconnectDelayMs(0) - 1));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it('closes the stream when going offline and opens it again online', () => {
    const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderLive(true);
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(FakeEventSource.instances[0].closed).toBe(true);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(FakeEventSource.instances).toHaveLength(2);
    onLine.mockRestore();
  });

  it('waits longer after each refusal, up to a minute', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelayMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });
});
