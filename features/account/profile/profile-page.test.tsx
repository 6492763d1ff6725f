import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { FRIENDS_KEY, MEMBER_POSTS_KEY } from '@/lib/api/keys';
import {
  fallbackOf,
  mockFetch,
  renderServerFirst,
  renderWithApp,
  settle,
} from '@/testing/test-helpers';

import { ProfilePage } from './profile-page';

const me = { id: 1, name: '테스터', picture: null };

describe('ProfilePage', () => {
  it('shows the name, the counts, the post grid and a link to /friend', async () => {
    mockFetch({
      'GET /api/member/posts': { body: [{ id: 3, text: '하체 데이', imageUrl: 'k.png' }] },
      'GET /api/member/friend': {
        body: [
          { id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } },
          { id: 9, member: me, friend: { id: 13, name: '박지호', picture: null } },
        ],
      },
    });
    renderWithApp(<ProfilePage member={me} />);
    expect(await screen.findByRole('heading', { level: 1, name: '테스터' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: '게시물 목록' });
    expect(within(grid).getByRole('img', { name: '하체 데이' })).toHaveAttribute(
      'src',
      '/api/images/k.png',
    );
    const values = await screen.findAllByRole('definition');
    expect(values.map((value) => value.textContent)).toEqual(['1', '2']);
    expect(screen.getByRole('link', { name: '친구 관리' })).toHaveAttribute('href', '/friend');
    expect(screen.getByRole('link', { name: '설정' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('button', { name: '프로필 편집' })).toBeInTheDocument();
    // The settings live on /settings now (issue 29).
    expect(screen.queryByRole('region', { name: '운동 설정' })).not.toBeInTheDocument();
  });

  it('lists friends linking to their profiles in the 친구 tab', async () => {
    mockFetch({
      'GET /api/member/posts': { body: [] },
      'GET /api/member/friend': {
        body: [{ id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } }],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage member={me} />);
    expect(await screen.findByText('아직 게시물이 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '친구' }));
    const panel = screen.getByRole('tabpanel', { name: '친구' });
    expect(await within(panel).findByRole('link', { name: '이서연' })).toHaveAttribute(
      'href',
      '/friendProfile/12',
    );
  });

  it('shows the empty friends message', async () => {
    mockFetch({ 'GET /api/member/posts': { body: [] }, 'GET /api/member/friend': { body: [] } });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage member={me} />);
    const tab = await screen.findByRole('tab', { name: '친구' });
    tab.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '게시물' })).toHaveFocus();
    await user.click(tab);
    expect(await screen.findByText('아직 친구가 없습니다.')).toBeInTheDocument();
  });

  it('shows a dash and an inline error with retry at once when the friends list fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    mockFetch({
      'GET /api/member/posts': { body: [{ id: 3, text: '하체 데이', imageUrl: 'k.png' }] },
      'GET /api/member/friend': () =>
        fail
          ? {
              status: 500,
              body: { code: '500', message: '오류', data: null, timestamp: 't', path: null },
            }
          : { body: [{ id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } }] },
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage member={me} />);
    // Still on the 게시물 tab: the failure is shown without opening 친구.
    expect(await screen.findByText('친구 목록을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '게시물' })).toHaveAttribute('aria-selected', 'true');
    const values = await screen.findAllByRole('definition');
    expect(values.map((value) => value.textContent)).toEqual(['1', '–']);

    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() =>
      expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
        '1',
        '1',
      ]),
    );
    expect(screen.queryByText('친구 목록을 불러오지 못했습니다.')).not.toBeInTheDocument();
  });

  it('shows a dash for the post count when the posts fail, with the error in the open tab only', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'GET /api/member/posts': {
        status: 500,
        body: { code: '500', message: '오류', data: null, timestamp: 't', path: null },
      },
      'GET /api/member/friend': { body: [] },
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage member={me} />);
    expect(await screen.findByText('게시물을 불러오지 못했습니다.')).toBeInTheDocument();
    const values = await screen.findAllByRole('definition');
    expect(values.map((value) => value.textContent)).toEqual(['–', '0']);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: '친구' }));
    expect(await screen.findByText('아직 친구가 없습니다.')).toBeInTheDocument();
    // The posts failure stays visible when its tab is closed.
    expect(screen.getByText('게시물을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
  it('renders the server’s lists at once and asks for nothing on mount', async () => {
    const { calls } = mockFetch({});
    renderServerFirst(
      <ProfilePage member={me} />,
      fallbackOf([
        [[MEMBER_POSTS_KEY], [{ id: 3, text: '하체 데이', imageUrl: 'k.png' }]],
        [FRIENDS_KEY, [{ id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } }]],
      ]),
    );
    // The first render already has everything (no findBy: nothing is awaited).
    expect(screen.getByRole('heading', { level: 1, name: '테스터' })).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: '게시물 목록' });
    expect(within(grid).getByRole('img', { name: '하체 데이' })).toBeInTheDocument();
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['1', '1']);
    await settle();
    expect(calls).toEqual([]);
  });

  it('opens on the tab the page asks for; each tab links to its address', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderServerFirst(
      <ProfilePage member={me} initialTab="friends" />,
      fallbackOf([
        [[MEMBER_POSTS_KEY], []],
        [FRIENDS_KEY, [{ id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } }]],
      ]),
    );
    const friendsTab = screen.getByRole('tab', { name: '친구' });
    expect(friendsTab).toHaveAttribute('aria-selected', 'true');
    expect(friendsTab).toHaveAttribute('href', '/profile?tab=friends');
    const postsTab = screen.getByRole('tab', { name: '게시물' });
    expect(postsTab).toHaveAttribute('href', '/profile');
    expect(
      within(screen.getByRole('tabpanel', { name: '친구' })).getByRole('link', { name: '이서연' }),
    ).toHaveAttribute('href', '/friendProfile/12');
    // With JavaScript, a click switches in place.
    await user.click(postsTab);
    expect(postsTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('아직 게시물이 없습니다.')).toBeInTheDocument();
  });

  it('shows the post a notification leads to first, with its comments open on request', async () => {
    mockFetch({
      'GET /api/comment/3': {
        body: [
          { id: 7, name: '이서연', text: '자세 좋네요', localDateTime: '2024-05-01T10:00:00' },
        ],
      },
    });
    const posts = [
      { id: 4, text: '등 운동', imageUrl: 'b.png', likeCount: 0, liked: false, mine: true },
      { id: 3, text: '하체 데이', imageUrl: 'k.png', likeCount: 2, liked: false, mine: true },
    ];
    const user = userEvent.setup();
    renderServerFirst(
      <ProfilePage member={me} focusPostId={3} openComments />,
      fallbackOf([
        [[MEMBER_POSTS_KEY], posts],
        [FRIENDS_KEY, []],
      ]),
    );
    const region = screen.getByRole('region', { name: '알림의 게시물' });
    expect(within(region).getByText('하체 데이')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '좋아요 2개' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: '댓글' });
    expect(await within(dialog).findByText('자세 좋네요')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('region', { name: '알림의 게시물' })).not.toBeInTheDocument();
  });

  it('says so when the post a notification named is gone', () => {
    mockFetch({});
    renderServerFirst(
      <ProfilePage member={me} focusPostId={99} />,
      fallbackOf([
        [[MEMBER_POSTS_KEY], []],
        [FRIENDS_KEY, []],
      ]),
    );
    const region = screen.getByRole('region', { name: '알림의 게시물' });
    expect(within(region).getByText('게시물을 찾을 수 없습니다.')).toBeInTheDocument();
    expect(region).toHaveFocus();
  });
});
