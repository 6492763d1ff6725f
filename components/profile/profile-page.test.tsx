import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithApp } from '@/components/workout/test-helpers';
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
    renderWithApp(<ProfilePage />);
    expect(await screen.findByRole('heading', { level: 1, name: '테스터' })).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: '게시물 목록' });
    expect(within(grid).getByRole('img', { name: '하체 데이' })).toHaveAttribute(
      'src',
      '/api/images/k.png',
    );
    const values = await screen.findAllByRole('definition');
    expect(values.map((value) => value.textContent)).toEqual(['1', '2']);
    expect(screen.getByRole('link', { name: '친구 요청' })).toHaveAttribute('href', '/friend');
  });

  it('lists friends linking to their profiles in the 친구 tab', async () => {
    mockFetch({
      'GET /api/member/posts': { body: [] },
      'GET /api/member/friend': {
        body: [{ id: 8, member: me, friend: { id: 12, name: '이서연', picture: null } }],
      },
    });
    const user = userEvent.setup();
    renderWithApp(<ProfilePage />);
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
    renderWithApp(<ProfilePage />);
    const tab = await screen.findByRole('tab', { name: '친구' });
    tab.focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '게시물' })).toHaveFocus();
    await user.click(tab);
    expect(await screen.findByText('아직 친구가 없습니다.')).toBeInTheDocument();
  });
});
