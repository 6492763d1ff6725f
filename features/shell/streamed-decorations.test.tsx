import { act, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';

import { useRoomsSummary } from '@/features/clubs/chat/use-rooms-summary';
import { useNotificationCount } from '@/features/notifications/use-notifications';
import { NOTIFICATIONS_UNREAD_KEY, ROOMS_SUMMARY_KEY } from '@/lib/api/keys';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { RoomsSummary } from '@/lib/contract/unread';
import {
  type FallbackEntries,
  type StreamedEntries,
  StreamedFallback,
} from '@/lib/hooks/streamed-fallback';
import { mockFetch, settle } from '@/testing/test-helpers';

const summary = (unreadTotal: number): RoomsSummary => ({ rooms: [], unreadTotal });

/** The club section's badge as the shell shows it: nothing before the summary. */
function ChatBadge() {
  const { summary: current } = useRoomsSummary();
  return <p>채팅 {current ? current.unreadTotal : '없음'}</p>;
}

/** The bell's count (never fetched on its own: 0 until handed over or sent live). */
function BellCount() {
  const { unreadCount, setUnreadCount } = useNotificationCount();
  return (
    <button type="button" onClick={() => setUnreadCount(9)}>
      알림 {unreadCount}
    </button>
  );
}

/** The badge mounted later (a page of the shell opened after the answer came). */
function MountLater() {
  const [open, setOpen] = useState(false);
  if (open) return <ChatBadge />;
  return (
    <button type="button" onClick={() => setOpen(true)}>
      열기
    </button>
  );
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function tree(props: { fallback?: FallbackEntries; streamed?: StreamedEntries }, ui: ReactNode) {
  return (
    <SessionProvider
      initial={{ check: true, id: 1, name: '테스터', picture: null, expiresIn: 1800 }}
      api={{
        loginCheck: async () => ({ check: true }),
        logout: async () => true,
        refreshToken: async () => true,
      }}
    >
      <StreamedFallback {...props}>{ui}</StreamedFallback>
    </SessionProvider>
  );
}

/** Renders as the signed-in layout hands its decorations over (a fresh SWR cache). */
function renderStreamed(
  props: { fallback?: FallbackEntries; streamed?: StreamedEntries },
  ui: ReactNode = (
    <>
      <ChatBadge />
      <BellCount />
    </>
  ),
) {
  resetSessionBridge();
  const provider = () => new Map();
  const view = render(
    <SWRConfig value={{ provider, dedupingInterval: 0 }}>{tree(props, ui)}</SWRConfig>,
  );
  return {
    rerender: (next: typeof props) =>
      view.rerender(
        <SWRConfig value={{ provider, dedupingInterval: 0 }}>{tree(next, ui)}</SWRConfig>,
      ),
  };
}

describe('StreamedFallback', () => {
  it('shows what the server had read by the first HTML at once, with no request', async () => {
    const { calls } = mockFetch({});
    renderStreamed({
      fallback: { [ROOMS_SUMMARY_KEY]: summary(2), [NOTIFICATIONS_UNREAD_KEY]: 4 },
    });
    expect(screen.getByText('채팅 2')).toBeInTheDocument();
    expect(screen.getByText('알림 4')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('fills a streamed answer in when it arrives, asking nothing at hydration or after', async () => {
    const { calls } = mockFetch({ 'GET /api/rooms/summary': { body: summary(7) } });
    const rooms = deferred<unknown>();
    const unread = deferred<unknown>();
    renderStreamed({
      streamed: { [ROOMS_SUMMARY_KEY]: rooms.promise, [NOTIFICATIONS_UNREAD_KEY]: unread.promise },
    });
    // Meanwhile the badges show nothing rather than a wrong number.
    expect(screen.getByText('채팅 없음')).toBeInTheDocument();
    expect(screen.getByText('알림 0')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
    await act(async () => rooms.resolve(summary(3)));
    expect(screen.getByText('채팅 3')).toBeInTheDocument();
    await act(async () => unread.resolve(5));
    expect(screen.getByText('알림 5')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('hands a streamed answer to a part mounted after it arrived, with no request', async () => {
    const { calls } = mockFetch({ 'GET /api/rooms/summary': { body: summary(7) } });
    const rooms = deferred<unknown>();
    renderStreamed({ streamed: { [ROOMS_SUMMARY_KEY]: rooms.promise } }, <MountLater />);
    await act(async () => rooms.resolve(summary(3)));
    await act(async () => screen.getByRole('button', { name: '열기' }).click());
    expect(screen.getByText('채팅 3')).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('leaves a key whose promise rejects to the browser, which asks for it then', async () => {
    const { calls } = mockFetch({ 'GET /api/rooms/summary': { body: summary(7) } });
    const rooms = deferred<unknown>();
    renderStreamed({ streamed: { [ROOMS_SUMMARY_KEY]: rooms.promise } });
    await settle();
    expect(calls).toEqual([]);
    await act(async () => rooms.reject(new Error('connection closed')));
    expect(await screen.findByText('채팅 7')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/rooms/summary']);
  });

  it('leaves a failed read (undefined) to the browser the same way', async () => {
    const { calls } = mockFetch({ 'GET /api/rooms/summary': { body: summary(7) } });
    renderStreamed({ streamed: { [ROOMS_SUMMARY_KEY]: Promise.resolve(undefined) } });
    expect(await screen.findByText('채팅 7')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('asks nothing after a failure for a read never fetched on mount (the bell waits for the live stream)', async () => {
    const { calls } = mockFetch({
      'GET /api/notifications/unread-count': { body: { unreadCount: 1 } },
    });
    const unread = deferred<unknown>();
    renderStreamed({ streamed: { [NOTIFICATIONS_UNREAD_KEY]: unread.promise } }, <BellCount />);
    await act(async () => unread.reject(new Error('connection closed')));
    await settle();
    expect(screen.getByText('알림 0')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('keeps a newer value of the cache over a late answer (a count the live stream sent first)', async () => {
    mockFetch({});
    const unread = deferred<unknown>();
    renderStreamed({ streamed: { [NOTIFICATIONS_UNREAD_KEY]: unread.promise } }, <BellCount />);
    await act(async () => screen.getByRole('button').click());
    expect(screen.getByText('알림 9')).toBeInTheDocument();
    await act(async () => unread.resolve(5));
    expect(screen.getByText('알림 9')).toBeInTheDocument();
  });

  it('keeps the last answer while a refreshed page streams the next one', async () => {
    const { calls } = mockFetch({ 'GET /api/rooms/summary': { body: summary(7) } });
    const { rerender } = renderStreamed({ fallback: { [ROOMS_SUMMARY_KEY]: summary(2) } });
    expect(screen.getByText('채팅 2')).toBeInTheDocument();
    const next = deferred<unknown>();
    rerender({ streamed: { [ROOMS_SUMMARY_KEY]: next.promise } });
    await settle();
    expect(screen.getByText('채팅 2')).toBeInTheDocument();
    await act(async () => next.resolve(summary(4)));
    expect(screen.getByText('채팅 4')).toBeInTheDocument();
    // A refresh whose read fails keeps the answer rather than blanking the badge.
    const failing = deferred<unknown>();
    rerender({ streamed: { [ROOMS_SUMMARY_KEY]: failing.promise } });
    await act(async () => failing.resolve(undefined));
    expect(screen.getByText('채팅 4')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});

/** Reads SWR's merged fallback, as useMarkRoomRead does for the summary the layout handed over. */
function HandedOver() {
  const { fallback } = useSWRConfig();
  const handed = fallback[ROOMS_SUMMARY_KEY] as RoomsSummary | undefined;
  return <p>넘겨받음 {handed ? handed.unreadTotal : '-'}</p>;
}

it('puts a streamed answer in the fallback the pages below read', async () => {
  mockFetch({});
  const rooms = deferred<unknown>();
  renderStreamed({ streamed: { [ROOMS_SUMMARY_KEY]: rooms.promise } }, <HandedOver />);
  expect(screen.getByText('넘겨받음 -')).toBeInTheDocument();
  await act(async () => rooms.resolve(summary(6)));
  expect(screen.getByText('넘겨받음 6')).toBeInTheDocument();
});
