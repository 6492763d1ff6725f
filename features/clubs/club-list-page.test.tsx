import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';

import { ToastProvider } from '@/components/ui/toast';
import { clubsRead } from '@/features/clubs/reads/clubs';
import { CLUBS_KEY, ROOMS_SUMMARY_KEY } from '@/lib/api/keys';
import { resetSessionBridge } from '@/lib/api/session-bridge';
import { SessionProvider } from '@/lib/auth/session-provider';
import type { RoomsSummary, RoomSummary } from '@/lib/contract/unread';
import { buildClub } from '@/testing/builders';
import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { ClubListPage } from './club-list-page';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}));

const club = buildClub;

function summary(overrides: Partial<RoomSummary> = {}): RoomsSummary {
  const room: RoomSummary = {
    roomId: 7,
    clubId: 3,
    clubTitle: '한강 러닝',
    lastReadMessageId: 10,
    unreadCount: 2,
    lastMessage: {
      messageId: 12,
      message: '내일 7시에 봐요',
      senderName: '이서연',
      senderId: 2,
      createdDate: '2025-07-19T14:03:27.123',
    },
    ...overrides,
  };
  return { rooms: [room], unreadTotal: room.unreadCount };
}

/** The club list's requests among those made (the rooms summary is asked for beside them). */
const clubCalls = (calls: Array<{ url: string }>) =>
  calls.map((call) => call.url).filter((url) => url.startsWith(CLUBS_KEY));

beforeEach(() => push.mockReset());

describe('ClubListPage', () => {
  it('loads all clubs on open and shows them as poster cards', async () => {
    const { calls } = mockFetch({ 'GET /api/clubs': { body: [club()] } });
    renderWithApp(<ClubListPage />);
    expect(screen.getByRole('heading', { level: 1, name: '클럽 목록' })).toBeInTheDocument();
    expect(screen.getByText('로딩 중...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: '한강 러닝' });
    expect(within(card).getByText('아침마다 달려요')).toBeVisible();
    expect(within(card).getByText('여의도')).toBeVisible();
    expect(within(card).getByText('매주 토요일 7시')).toBeVisible();
    expect(within(card).getByText('클럽 특징')).toBeVisible();
    expect(within(card).getByText('초보 환영')).toBeVisible();
    expect(clubCalls(calls)).toEqual(['/api/clubs']);
    expect(screen.getByRole('link', { name: '새 클럽 만들기' })).toHaveAttribute(
      'href',
      '/club/create',
    );
  });

  it('shows the list the server page handed over without asking for it again; search still asks', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=0': { body: [] },
    });
    resetSessionBridge();
    // As app/(app)/club/page.tsx and the signed-in layout hand it over: the list as SWR fallback
    // under the read's key, and a session already known on the first render.
    render(
      <SWRConfig
        value={{
          provider: () => new Map(),
          dedupingInterval: 0,
          fallback: {
            [clubsRead.key(null)]: [club()],
            [ROOMS_SUMMARY_KEY]: summary(),
          },
        }}
      >
        <SessionProvider
          initial={{ check: true, id: 1, name: '테스터', picture: null, expiresIn: 1800 }}
          api={{
            loginCheck: async () => ({ check: true, id: 1, name: '테스터', picture: null }),
            logout: async () => true,
            refreshToken: async () => true,
          }}
        >
          <ToastProvider>
            <ClubListPage />
          </ToastProvider>
        </SessionProvider>
      </SWRConfig>,
    );
    // The first render already holds the cards: no skeleton, no request.
    expect(screen.getByRole('article', { name: '한강 러닝' })).toBeInTheDocument();
    expect(screen.queryByText('로딩 중...')).toBeNull();
    expect(screen.getByRole('link', { name: /^한강 러닝.*읽지 않은 메시지 2개$/ })).toBeVisible();
    await user.type(screen.getByLabelText('클럽 검색'), '러닝{Enter}');
    expect(await screen.findByText('조건에 맞는 클럽이 없습니다.')).toBeInTheDocument();
    // Neither the list nor the rooms summary was asked for again.
    expect(calls.map((call) => call.url)).toEqual([
      '/api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=0',
    ]);
  });

  it('searches with the text and the filter on the button and on Enter', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/clubs': { body: [] },
      'GET /api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=1': { body: [club()] },
      'GET /api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=0': { body: [] },
    });
    renderWithApp(<ClubListPage />);
    expect(await screen.findByText('아직 클럽이 없습니다.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('클럽 검색'), '러닝');
    expect(screen.getByLabelText('클럽 검색')).toHaveAttribute('placeholder', '클럽 검색...');
    await user.selectOptions(screen.getByLabelText('클럽 범위'), '나의 클럽');
    await user.click(screen.getByRole('button', { name: '검색' }));
    expect(await screen.findByRole('article', { name: '한강 러닝' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('클럽 범위'), '전체');
    await user.type(screen.getByLabelText('클럽 검색'), '{Enter}');
    expect(await screen.findByText('조건에 맞는 클럽이 없습니다.')).toBeInTheDocument();
    expect(clubCalls(calls)).toEqual([
      '/api/clubs',
      '/api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=1',
      '/api/clubs?name=%EB%9F%AC%EB%8B%9D&isMyClubs=0',
    ]);
  });

  it('shows an inline error with retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({
      'GET /api/clubs': () =>
        fail
          ? {
              status: 500,
              body: { code: '500', message: '오류', data: null, timestamp: 't', path: null },
            }
          : { body: [club()] },
    });
    const user = userEvent.setup();
    renderWithApp(<ClubListPage />);
    expect(await screen.findByText('클럽 목록을 불러오지 못했습니다.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('article', { name: '한강 러닝' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('enter: records joining, then opens the room client-side', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /api/clubs': { body: [club()] },
      'POST /api/club/3/join': { body: null },
    });
    renderWithApp(<ClubListPage />);
    await user.click(await screen.findByRole('button', { name: /채팅방 입장하기/ }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/chat/7'));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/club/3/join',
    ]);
  });

  it('cards link to the club page and say that entering joins, for a non-member only', async () => {
    mockFetch({
      'GET /api/clubs': {
        body: [
          { ...club(), isMember: false, memberCount: 3 },
          { ...club({ id: 4, title: '등산', chatRoomId: 8 }), isMember: true, memberCount: 1 },
          // The original backend says nothing of membership: entering may join.
          club({ id: 5, title: '수영', chatRoomId: 9 }),
        ],
      },
    });
    renderWithApp(<ClubListPage />);
    const stranger = await screen.findByRole('article', { name: '한강 러닝' });
    expect(within(stranger).getByRole('link', { name: '한강 러닝' })).toHaveAttribute(
      'href',
      '/club/3',
    );
    expect(within(stranger).getByRole('link', { name: '한강 러닝 자세히 보기' })).toHaveAttribute(
      'href',
      '/club/3',
    );
    expect(within(stranger).getByText('멤버 3명')).toBeInTheDocument();
    expect(
      within(stranger).getByRole('button', { name: '한강 러닝 채팅방 입장하기' }),
    ).toHaveAccessibleDescription('입장하면 클럽에 가입됩니다');
    const member = screen.getByRole('article', { name: '등산' });
    expect(within(member).queryByText('입장하면 클럽에 가입됩니다')).toBeNull();
    expect(
      within(member).getByRole('button', { name: '등산 채팅방 입장하기' }),
    ).not.toHaveAccessibleDescription();
    const unknown = screen.getByRole('article', { name: '수영' });
    expect(within(unknown).getByText('입장하면 클럽에 가입됩니다')).toBeInTheDocument();
    expect(within(unknown).queryByText(/멤버 \d+명/)).toBeNull();
  });

  it('enter: a join over the rate limit (429) says how long to wait and stays', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/clubs': { body: [club()] },
      'POST /api/club/3/join': {
        status: 429,
        headers: { 'Retry-After': '40' },
        body: {
          code: '429',
          message: '요청이 너무 많습니다. 40초 후에 다시 시도해주세요.',
          data: null,
          timestamp: 't',
          path: null,
        },
      },
    });
    renderWithApp(<ClubListPage />);
    const enter = await screen.findByRole('button', { name: /채팅방 입장하기/ });
    await user.click(enter);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '요청이 너무 많습니다. 40초 후에 다시 시도해주세요.',
    );
    expect(push).not.toHaveBeenCalled();
    expect(enter).toBeEnabled();
  });

  it('shows 내 채팅방: each joined room with its last message, time and unread count', async () => {
    jest.useFakeTimers({ now: new Date('2025-07-19T05:13:30Z'), doNotFake: ['queueMicrotask'] });
    try {
      mockFetch({
        'GET /api/clubs': { body: [club()] },
        'GET /api/rooms/summary': {
          body: {
            rooms: [
              summary().rooms[0],
              {
                ...summary().rooms[0],
                roomId: 8,
                clubId: 4,
                clubTitle: '조용한 방',
                unreadCount: 0,
                lastMessage: null,
              },
            ],
            unreadTotal: 2,
          },
        },
      });
      renderWithApp(<ClubListPage />);
      const section = await screen.findByRole('region', { name: '내 채팅방' });
      const busy = within(section).getByRole('link', { name: /^한강 러닝.*읽지 않은 메시지 2개$/ });
      expect(busy).toHaveAttribute('href', '/chat/7');
      expect(within(busy).getByText('이서연:')).toBeVisible();
      expect(within(busy).getByText(/내일 7시에 봐요/)).toBeVisible();
      expect(within(busy).getByText('10분 전')).toBeVisible();
      expect(within(busy).getByText('2')).toBeVisible();
      const quiet = within(section).getByRole('link', { name: /^조용한 방/ });
      expect(quiet).not.toHaveAccessibleName(/읽지 않은/);
      expect(within(quiet).getByText('아직 메시지가 없습니다.')).toBeVisible();
    } finally {
      jest.useRealTimers();
    }
  });
});
