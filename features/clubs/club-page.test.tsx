import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { ClubDetail, ClubMember } from '@/lib/contract/club';
import { buildClub } from '@/testing/builders';
import { mockFetch, renderWithApp } from '@/testing/test-helpers';

import { ClubPage } from './club-page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

function detail(overrides: Partial<ClubDetail> = {}): ClubDetail {
  return {
    ...buildClub(),
    owner: { id: 2, name: '이서연', picture: null },
    memberCount: 1,
    isMember: false,
    isOwner: false,
    ...overrides,
  };
}

const owner: ClubMember = { id: 2, name: '이서연', picture: null, role: 'OWNER' };
const me: ClubMember = { id: 1, name: '테스터', picture: null, role: 'MEMBER' };

describe('ClubPage', () => {
  it('shows the club, its owner and members; 가입하기 joins, then 채팅방 입장하기 has the focus', async () => {
    const user = userEvent.setup();
    let joined = false;
    const { calls } = mockFetch({
      'GET /api/club/3': () => ({
        body: joined ? detail({ isMember: true, memberCount: 2 }) : detail(),
      }),
      'GET /api/club/3/members': () => ({ body: joined ? [owner, me] : [owner] }),
      'POST /api/club/3/join': () => {
        joined = true;
        return { body: null };
      },
    });
    renderWithApp(<ClubPage clubId={3} />);
    const club = await screen.findByRole('article', { name: '한강 러닝' });
    expect(screen.getByRole('heading', { level: 1, name: '한강 러닝' })).toBeInTheDocument();
    expect(within(club).getByText('아침마다 달려요')).toBeInTheDocument();
    expect(within(club).getByText('여의도')).toBeInTheDocument();
    expect(within(club).getByText('매주 토요일 7시')).toBeInTheDocument();
    expect(within(club).getByText('초보 환영')).toBeInTheDocument();
    expect(within(club).getByText('멤버 1명')).toBeInTheDocument();
    const members = await screen.findByRole('region', { name: /멤버/ });
    expect(await within(members).findAllByRole('listitem')).toHaveLength(1);
    expect(within(members).getByRole('listitem')).toHaveTextContent('이서연방장');
    expect(screen.queryByRole('link', { name: '채팅방 입장하기' })).toBeNull();
    const join = screen.getByRole('button', { name: '가입하기' });
    expect(join).toHaveAccessibleDescription('가입하면 채팅방에서 멤버들과 이야기할 수 있습니다.');

    await user.click(join);
    const enter = await screen.findByRole('link', { name: '채팅방 입장하기' });
    expect(enter).toHaveAttribute('href', '/chat/7');
    await waitFor(() => expect(enter).toHaveFocus());
    expect(within(club).getByText('멤버 2명')).toBeInTheDocument();
    expect(within(club).getByText('가입한 클럽')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '가입하기' })).toBeNull();
    await waitFor(() => expect(within(members).getAllByRole('listitem')).toHaveLength(2));
    expect(within(members).getAllByRole('listitem')[1]).toHaveTextContent('테스터나');
    expect(screen.getByRole('alert')).toHaveTextContent('한강 러닝에 가입했습니다.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/club/3/join',
    ]);
  });

  it('a failed join says so and keeps 가입하기', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    mockFetch({
      'GET /api/club/3': { body: detail() },
      'GET /api/club/3/members': { body: [owner] },
      'POST /api/club/3/join': {
        status: 500,
        body: { code: '500', message: '', data: null, timestamp: 't', path: null },
      },
    });
    renderWithApp(<ClubPage clubId={3} />);
    await user.click(await screen.findByRole('button', { name: '가입하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('클럽 가입에 실패했습니다.');
    expect(screen.getByRole('button', { name: '가입하기' })).toBeEnabled();
    jest.restoreAllMocks();
  });

  it("marks the owner's own club, offers the room, and says how many more members there are", async () => {
    mockFetch({
      'GET /api/club/3': {
        body: detail({
          isMember: true,
          isOwner: true,
          owner: { id: 1, name: '테스터', picture: null },
          memberCount: 5,
        }),
      },
      'GET /api/club/3/members': { body: [{ ...me, role: 'OWNER' }] },
    });
    renderWithApp(<ClubPage clubId={3} />);
    expect(await screen.findByText('내가 만든 클럽')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '채팅방 입장하기' })).toHaveAttribute(
      'href',
      '/chat/7',
    );
    expect(await screen.findByText('외 4명')).toBeInTheDocument();
  });

  it('a failed read shows the inline error with a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/club/3': {
        status: 500,
        body: { code: '500', message: '', data: null, timestamp: 't', path: null },
      },
    });
    renderWithApp(<ClubPage clubId={3} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('클럽 정보를 불러오지 못했습니다.');
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /클럽 목록/ })).toHaveAttribute('href', '/club');
    jest.restoreAllMocks();
  });
});
