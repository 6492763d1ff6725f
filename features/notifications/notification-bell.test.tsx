import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

import { NOTIFICATIONS_UNREAD_KEY } from '@/lib/api/keys';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import type { SessionApi } from '@/lib/auth/session-machine';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { NotificationItem, NotificationPage } from '@/lib/contract/notification';
import { LiveEventsProvider } from '@/lib/live/live-events';
import { mockFetch, type Routes, settle } from '@/testing/test-helpers';

import { NotificationBell } from './notification-bell';

/** The live stream as the browser's EventSource hands it over: events are emitted by the test. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, Array<(event: { data: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(name: string, listener: (event: { data: string }) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) {
      listener({ data: JSON.stringify(data) });
    }
  }
}

const stream = () => FakeEventSource.instances[FakeEventSource.instances.length - 1];
const live = (name: string, data: unknown) => act(() => stream().emit(name, data));

beforeEach(() => {
  FakeEventSource.instances = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

const signedIn: SessionApi = {
  loginCheck: async () => ({ check: true }),
  logout: async () => true,
  refreshToken: async () => true,
};

/** The bell in the signed-in shell, with the unread count the layout hands over. */
function renderBell(unread: number | undefined, ui: ReactNode = <NotificationBell />) {
  resetSessionBridge();
  const fallback = unread === undefined ? {} : { [NOTIFICATIONS_UNREAD_KEY]: unread };
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, fallback }}>
      <SessionProvider
        api={signedIn}
        initial={{ check: true, id: 1, name: '김민준', picture: null, expiresIn: 30 }}
      >
        <LiveEventsProvider>{ui}</LiveEventsProvider>
      </SessionProvider>
    </SWRConfig>,
  );
}

/** A Seoul local date-time `minutes` ago, as the backend writes them. */
function seoulAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000 + 9 * 3600_000).toISOString().slice(0, -1);
}

const member = (id: number, name: string) => ({ id, name, picture: null });
const post = {
  id: 31,
  imageUrl: 'abc.png',
  imageWidth: 640,
  imageHeight: 480,
  imagePlaceholder: null,
};

function item(overrides: Partial<NotificationItem> & Pick<NotificationItem, 'id' | 'kind'>) {
  return {
    actors: [member(2, '이서연')],
    actorCount: 1,
    post: null,
    comment: null,
    createdDate: seoulAgo(5),
    read: true,
    ...overrides,
  } satisfies NotificationItem;
}

const PAGE: NotificationPage = {
  unreadCount: 2,
  items: [
    item({
      id: 40,
      kind: 'LIKE',
      actors: [member(5, '박지호'), member(2, '이서연'), member(3, '최유나')],
      actorCount: 4,
      post,
      createdDate: seoulAgo(0),
      read: false,
    }),
    item({
      id: 30,
      kind: 'COMMENT',
      post,
      comment: { id: 7, text: '자세 좋네요' },
      createdDate: seoulAgo(90),
      read: false,
    }),
    item({ id: 20, kind: 'LIKE', post: { ...post, id: 12 } }),
    item({ id: 10, kind: 'FRIEND_ACCEPT', actors: [member(9, '정하늘')] }),
    item({ id: 5, kind: 'FRIEND_REQUEST', actors: [member(8, '한결')] }),
  ],
};

function routes(page: NotificationPage = PAGE, readAnswer = 0): Routes {
  return {
    'GET /api/notifications?limit=20': { body: page },
    'POST /api/notifications/read': { body: { unreadCount: readAnswer } },
  };
}

describe('NotificationBell', () => {
  it('names the unread count, shows it on a badge and hides the badge at 0', async () => {
    const { calls } = mockFetch({});
    const { unmount } = renderBell(3);
    const bell = screen.getByRole('button', { name: '알림 3개' });
    expect(bell).toHaveTextContent('3');
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    await settle();
    expect(calls).toEqual([]);
    unmount();

    renderBell(0);
    expect(screen.getByRole('button', { name: '알림' })).not.toHaveTextContent(/\d/);
  });

  it('caps the badge at 99+', () => {
    mockFetch({});
    renderBell(150);
    const bell = screen.getByRole('button', { name: '알림 99개 이상' });
    expect(bell).toHaveTextContent('99+');
  });

  it('follows the live stream without a reload', async () => {
    mockFetch({});
    renderBell(undefined);
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
    await live('ready', {});
    await live('notification', { unreadCount: 1 });
    expect(screen.getByRole('button', { name: '알림 1개' })).toHaveTextContent('1');
    await live('notification', { unreadCount: 0 });
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
  });

  it('opens the list, says what happened and where it leads, and marks it read', async () => {
    const { calls } = mockFetch(routes());
    const user = userEvent.setup();
    renderBell(2);
    const bell = screen.getByRole('button', { name: '알림 2개' });
    await user.click(bell);
    const dialog = await screen.findByRole('dialog', { name: '알림' });
    const list = await within(dialog).findByRole('list', { name: '알림 목록' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/profile?post=31',
      '/profile?post=31&view=comments',
      '/profile?post=12',
      '/friendProfile/9',
      '/friend',
    ]);
    expect(links[0]).toHaveTextContent('박지호 님 외 3명이 좋아합니다.');
    expect(links[0]).toHaveTextContent('방금 전');
    expect(links[0]).toHaveAccessibleName(/새 알림$/);
    expect(links[1]).toHaveTextContent('이서연 님이 내 게시물에 댓글을 남겼습니다: "자세 좋네요"');
    expect(links[1]).toHaveTextContent('1시간 전');
    expect(links[2]).toHaveTextContent('이서연 님이 내 게시물을 좋아합니다.');
    expect(links[2]).not.toHaveAccessibleName(/새 알림/);
    expect(links[3]).toHaveTextContent('정하늘 님이 친구 요청을 수락했습니다.');
    expect(links[4]).toHaveTextContent('한결 님이 친구 요청을 보냈습니다.');
    // The liked post's thumbnail: its smallest variant.
    expect(links[0].querySelector('img[src="/api/images/abc-w320.webp"]')).not.toBeNull();

    // Seen up to the newest item: the badge clears.
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/notifications/read', body: { upTo: 40 } },
      ]),
    );
    await waitFor(() => expect(bell).toHaveAccessibleName('알림'));
    expect(within(dialog).getByRole('link', { name: '알림 설정' })).toHaveAttribute(
      'href',
      '/settings#notification-settings',
    );

    // Keyboard: the items are reachable, Escape closes, focus returns to the bell.
    links[0].focus();
    await user.tab();
    expect(links[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('says when there is nothing, and marks nothing', async () => {
    const { calls } = mockFetch(routes({ items: [], unreadCount: 0 }));
    const user = userEvent.setup();
    renderBell(0);
    await user.click(screen.getByRole('button', { name: '알림' }));
    expect(await screen.findByText('새로운 알림이 없습니다.')).toBeInTheDocument();
    await settle();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('reads the open list again when a notification arrives, and marks the new one read', async () => {
    let page: NotificationPage = { items: [PAGE.items[4]], unreadCount: 0 };
    const { calls } = mockFetch({
      'GET /api/notifications?limit=20': () => ({ body: page }),
      'POST /api/notifications/read': { body: { unreadCount: 0 } },
    });
    const user = userEvent.setup();
    renderBell(0);
    await user.click(screen.getByRole('button', { name: '알림' }));
    const dialog = await screen.findByRole('dialog', { name: '알림' });
    expect(await within(dialog).findAllByRole('link', { name: /한결/ })).toHaveLength(1);

    page = { items: [PAGE.items[0], PAGE.items[4]], unreadCount: 1 };
    await live('notification', { unreadCount: 1 });
    expect(
      await within(dialog).findByRole('link', { name: /박지호 님 외 3명이 좋아합니다/ }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { upTo: 40 },
      ]),
    );
  });

  it('loads older notifications on request', async () => {
    const full = Array.from({ length: 20 }, (_, index) =>
      item({
        id: 100 - index,
        kind: 'FRIEND_REQUEST',
        actors: [member(index + 10, `회원${index}`)],
      }),
    );
    mockFetch({
      'GET /api/notifications?limit=20': { body: { items: full, unreadCount: 0 } },
      'GET /api/notifications?limit=20&before=81': {
        body: { items: [item({ id: 3, kind: 'FRIEND_ACCEPT' })], unreadCount: 0 },
      },
    });
    const user = userEvent.setup();
    renderBell(0);
    await user.click(screen.getByRole('button', { name: '알림' }));
    const dialog = await screen.findByRole('dialog', { name: '알림' });
    await within(dialog).findByRole('list', { name: '알림 목록' });
    await user.click(within(dialog).getByRole('button', { name: '이전 알림 더 보기' }));
    expect(
      await within(dialog).findByRole('link', { name: /이서연 님이 친구 요청을 수락했습니다/ }),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(21);
    expect(within(dialog).queryByRole('button', { name: '이전 알림 더 보기' })).toBeNull();
  });
});
