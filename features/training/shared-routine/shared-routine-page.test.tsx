import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { SharedRoutine } from '@/lib/contract/routine';
import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { SharedRoutinePage } from './shared-routine-page';
import { SharedRoutinePreviewPage } from './shared-routine-preview';

const push = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace: jest.fn(), prefetch: jest.fn() }),
}));
afterEach(() => push.mockReset());

const TOKEN = 'abcdefghijklmnopqrstuv';
const routine: SharedRoutine = {
  token: TOKEN,
  routineName: '상체 루틴',
  ownerName: '김철수',
  mine: false,
  exercises: [
    {
      sequence: 1,
      exerciseName: '벤치프레스',
      classification: 'CHEST',
      repWeightList: [
        { reps: 10, weight: 40, type: 'WARMUP' },
        { reps: 5, weight: 100, rpe: 8 },
      ],
    },
    { sequence: 2, exerciseName: '스쿼트', classification: null, repWeightList: [] },
  ],
};

describe('SharedRoutinePage', () => {
  it('shows the routine read-only: owner, counts, body parts, set kinds and RPE', () => {
    mockFetch({});
    renderWithApp(<SharedRoutinePage routine={routine} />);
    expect(screen.getByRole('heading', { level: 1, name: '상체 루틴' })).toBeInTheDocument();
    expect(screen.getByText('김철수님의 루틴')).toBeInTheDocument();
    expect(screen.getByText('운동 2개 · 2세트')).toBeInTheDocument();
    const bench = screen.getByRole('heading', { level: 2, name: /벤치프레스/ }).closest('li')!;
    expect(within(bench).getByText('가슴')).toBeInTheDocument();
    const sets = within(bench).getAllByRole('listitem');
    expect(sets[0]).toHaveTextContent('W');
    expect(sets[1]).toHaveTextContent('RPE 8');
    // Read-only: no inputs, no edit actions.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
  });

  it('내 루틴으로 복사 copies, then opens the copy in the routines with a toast', async () => {
    const { calls } = mockFetch({
      [`POST /api/shared-routine/${TOKEN}/copy`]: {
        status: 201,
        body: { routineId: 42, routineName: '상체 루틴' },
      },
      'GET /api/member/routines': { body: [] },
    });
    const user = userEvent.setup();
    renderWithApp(<SharedRoutinePage routine={routine} />);
    await user.click(screen.getByRole('button', { name: '내 루틴으로 복사' }));
    expect(await screen.findByText('상체 루틴을 내 루틴으로 복사했습니다.')).toBeInTheDocument();
    expect(push).toHaveBeenCalledWith('/routine?focus=42');
    expect(writes(calls)).toEqual([
      { method: 'POST', url: `/api/shared-routine/${TOKEN}/copy`, body: null },
    ]);
  });

  it('says so when the copy fails (a link revoked meanwhile)', async () => {
    mockFetch({
      [`POST /api/shared-routine/${TOKEN}/copy`]: {
        status: 404,
        body: { code: '404', message: '요청한 리소스를 찾을 수 없습니다.', data: null },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<SharedRoutinePage routine={routine} />);
    await user.click(screen.getByRole('button', { name: '내 루틴으로 복사' }));
    expect(await screen.findByRole('button', { name: '내 루틴으로 복사' })).toBeEnabled();
    expect(push).not.toHaveBeenCalled();
  });
});

describe('SharedRoutinePreviewPage', () => {
  it('shows only the name and counts, and a sign-in that comes back', () => {
    renderWithApp(
      <SharedRoutinePreviewPage
        preview={{ routineName: '상체 루틴', exerciseCount: 2, setCount: 5 }}
        loginHref={`/login?next=%2Froutine%2Fshared%2F${TOKEN}`}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: '상체 루틴' })).toBeInTheDocument();
    expect(screen.getByText('운동 2개 · 5세트')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인하고 루틴 보기' })).toHaveAttribute(
      'href',
      `/login?next=%2Froutine%2Fshared%2F${TOKEN}`,
    );
  });

  it('says when the link is unknown or revoked', () => {
    renderWithApp(<SharedRoutinePreviewPage preview={null} loginHref="/login" />);
    expect(
      screen.getByRole('heading', { level: 1, name: '공유 링크를 찾을 수 없습니다.' }),
    ).toBeInTheDocument();
  });
});
