import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { dayLogRead, monthRead } from '@/features/day-log/reads';
import { dayKey, dayRecordsKey, FRIEND_POSTS_KEY, friendStatusKey, monthKey } from '@/lib/api/keys';
import type { Today } from '@/lib/contract/today';
import { seoulDateKey, seoulYearMonth } from '@/lib/shared/dates';
import {
  fallbackOf,
  mockFetch,
  renderServerFirst,
  renderWithApp,
  type Routes,
  settle,
} from '@/testing/test-helpers';

import { FriendProfilePage } from './friend-profile-page';

const refresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), refresh }),
}));

const FRIEND = 12;
const seoyeon = { id: FRIEND, name: '이서연', picture: null };
const today = seoulDateKey();
const { year, month } = seoulYearMonth();
const monthTitle = `${year}.${String(month).padStart(2, '0')}`;
const forbidden = {
  status: 403,
  body: {
    code: '403',
    message: '친구가 아니므로 접근할 수 없습니다.',
    data: null,
    timestamp: 't',
    path: null,
  },
};

function tileName(key: string): RegExp {
  const [y, m, d] = key.split('-').map(Number);
  return new RegExp(`^${y}년 ${m}월 ${d}일`);
}

const log: Today = {
  id: 30,
  localDate: today,
  checkBox: 'True',
  todayExercises: [
    {
      id: 70,
      exerciseName: '데드리프트',
      sequence: 1,
      repWeightList: [{ id: 1, reps: 5, weight: 120 }],
    },
  ],
};

function routes(overrides: Routes = {}): Routes {
  return {
    [`GET /api/member/friend/${FRIEND}`]: { body: { id: FRIEND, name: '이서연', picture: null } },
    [`GET /api/posts/friend/${FRIEND}`]: {
      body: [
        { id: 2, text: '오운완', imageUrl: 'b.png' },
        { id: 1, text: '', imageUrl: 'a.png' },
      ],
    },
    [`GET /api/friend/check/${FRIEND}`]: { body: true },
    [`GET /api/today/friend/${FRIEND}/yearAndMonth/${year}/${month}`]: {
      body: [{ localDate: today, checkBox: 'True' }],
    },
    [`GET /api/today/friend/${FRIEND}/date/${today}`]: { body: log },
    ...overrides,
  };
}

async function openCalendar() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: '운동 캘린더' }));
  return user;
}

describe('FriendProfilePage', () => {
  it('shows the avatar, name, post count and the post grid', async () => {
    mockFetch(routes());
    renderWithApp(<FriendProfilePage member={seoyeon} calendarAllowed />);
    expect(await screen.findByRole('heading', { level: 1, name: '이서연' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '이서연' })).toHaveTextContent('이');
    const grid = await screen.findByRole('list', { name: '게시물 목록' });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/api/images/b.png', '/api/images/a.png']);
    expect(within(grid).getByRole('img', { name: '오운완' })).toBeInTheDocument();
    const stats = screen.getByRole('definition');
    expect(stats).toHaveTextContent('2');
    expect(screen.getByRole('tab', { name: '게시물' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the calendar with the friend’s dots and a read-only day log when the check is true', async () => {
    const { calls } = mockFetch(routes());
    renderWithApp(<FriendProfilePage member={seoyeon} calendarAllowed />);
    await openCalendar();
    expect(await screen.findByRole('button', { name: monthTitle })).toBeInTheDocument();
    const tile = screen.getByRole('button', { name: tileName(today) });
    await waitFor(() =>
      expect(tile.querySelector('[data-mark]')).toHaveAttribute('data-mark', 'done'),
    );
    const region = screen.getByRole('region', { name: `${today} 운동 일지` });
    expect(await within(region).findByText('데드리프트')).toBeInTheDocument();
    expect(within(region).getByText('완료')).toBeInTheDocument();
    expect(within(region).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '추가' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
    expect(screen.queryByText('접근 권한이 없습니다')).not.toBeInTheDocument();
    const urls = calls.map((call) => call.url);
    expect(urls).toContain(`/api/today/friend/${FRIEND}/yearAndMonth/${year}/${month}`);
    expect(urls).toContain(`/api/today/friend/${FRIEND}/date/${today}`);
    expect(urls.some((url) => url.startsWith('/api/today/yearAndMonth/'))).toBe(false);
  });

  it('shows the access-denied block in the calendar tab when the calendar is not allowed', async () => {
    const { calls } = mockFetch(routes({ [`GET /api/friend/check/${FRIEND}`]: { body: false } }));
    renderWithApp(<FriendProfilePage member={seoyeon} calendarAllowed={false} />);
    await openCalendar();
    expect(
      await screen.findByRole('heading', { name: '접근 권한이 없습니다' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('이 사용자의 운동 기록을 볼 수 있는 권한이 없습니다.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '홈으로 돌아가기' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: monthTitle })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.startsWith('/api/today/'))).toBe(false);
  });

  it('shows the access-denied block in the posts tab on 403', async () => {
    mockFetch(routes({ [`GET /api/posts/friend/${FRIEND}`]: forbidden }));
    renderWithApp(<FriendProfilePage member={seoyeon} calendarAllowed />);
    expect(
      await screen.findByRole('heading', { name: '접근 권한이 없습니다' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '게시물 목록' })).not.toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('–');
  });

  it('shows the access-denied block and a dash without asking when the server was refused the posts', async () => {
    const { calls } = mockFetch(routes());
    renderServerFirst(
      <FriendProfilePage member={seoyeon} postsDenied calendarAllowed={false} />,
      fallbackOf([[friendStatusKey(FRIEND), { memberId: FRIEND, relation: 'NONE' }]]),
    );
    // A stranger's profile is a locked state with 친구 요청 (issue 29).
    expect(screen.getByRole('button', { name: '친구 요청' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '게시물 목록' })).not.toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('–');
    await settle();
    expect(calls).toEqual([]);
  });

  it('renders the server’s calendar at once when opened on it, asking for nothing', async () => {
    const { calls } = mockFetch({});
    renderServerFirst(
      <FriendProfilePage member={seoyeon} calendarAllowed initialTab="calendar" />,
      fallbackOf([
        [[FRIEND_POSTS_KEY, FRIEND], [{ id: 2, text: '오운완', imageUrl: 'b.png' }]],
        [friendStatusKey(FRIEND), { memberId: FRIEND, relation: 'FRIEND' }],
        [monthKey(year, month, FRIEND), monthRead.toView([{ localDate: today, checkBox: 'True' }])],
        [dayKey(today, FRIEND), dayLogRead.toView(log)],
        [
          dayRecordsKey(today, FRIEND),
          { sets: [{ id: 1, records: ['weight'] }], sessionVolume: [] },
        ],
      ]),
    );
    const calendarTab = screen.getByRole('tab', { name: '운동 캘린더' });
    expect(calendarTab).toHaveAttribute('aria-selected', 'true');
    expect(calendarTab).toHaveAttribute('href', `/friendProfile/${FRIEND}?tab=calendar`);
    expect(screen.getByRole('tab', { name: '게시물' })).toHaveAttribute(
      'href',
      `/friendProfile/${FRIEND}`,
    );
    expect(screen.getByRole('button', { name: monthTitle })).toBeInTheDocument();
    const tile = screen.getByRole('button', { name: tileName(today) });
    expect(tile.querySelector('[data-mark]')).toHaveAttribute('data-mark', 'done');
    const region = screen.getByRole('region', { name: `${today} 운동 일지` });
    expect(within(region).getByText('데드리프트')).toBeInTheDocument();
    // The friend's record shows as a badge; their sets have no tick buttons.
    expect(within(region).getByTitle('개인 기록: 최고 무게')).toHaveTextContent('PR');
    expect(within(region).queryByRole('button', { name: /세트 완료/ })).not.toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: '친구 끊기' })).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('moves between tabs with the arrow keys', async () => {
    mockFetch(routes());
    const user = userEvent.setup();
    renderWithApp(<FriendProfilePage member={seoyeon} calendarAllowed />);
    const posts = await screen.findByRole('tab', { name: '게시물' });
    posts.focus();
    await user.keyboard('{ArrowRight}');
    const calendar = screen.getByRole('tab', { name: '운동 캘린더' });
    expect(calendar).toHaveFocus();
    expect(calendar).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '운동 캘린더' })).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(posts).toHaveFocus();
    await user.keyboard('{End}');
    expect(calendar).toHaveFocus();
  });
});
