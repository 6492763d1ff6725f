import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Routine } from '@/lib/contract/routine';
import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { RoutinePage } from './routine-page';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const TOKEN = 'abcdefghijklmnopqrstuv';
const upper: Routine = {
  routineId: 3,
  routineName: '상체',
  routineExerciseDtoList: [
    {
      routineExerciseId: 11,
      sequence: 1,
      exerciseName: '벤치프레스',
      repWeightList: [{ id: 40, reps: 5, weight: 100 }],
    },
  ],
};

async function openCard() {
  const user = userEvent.setup();
  renderWithApp(<RoutinePage />);
  await user.click(await screen.findByRole('button', { name: /상체/ }));
  return user;
}

describe('routine share controls', () => {
  it('makes a share link, then shows it with 링크 복사 and 공유 중지', async () => {
    let shared = false;
    const { calls } = mockFetch({
      'GET /api/member/routines': () => ({
        body: [shared ? { ...upper, shareToken: TOKEN } : upper],
      }),
      'POST /api/routine/3/share': () => {
        shared = true;
        return { body: { token: TOKEN, url: `http://localhost/routine/shared/${TOKEN}` } };
      },
    });
    const user = await openCard();
    await user.click(screen.getByRole('button', { name: '공유 링크 만들기' }));
    expect(await screen.findByText('공유 링크를 만들었습니다.')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: '상체 공유 링크' });
    expect(link).toHaveAttribute('href', `/routine/shared/${TOKEN}`);
    expect(link).toHaveTextContent(`${window.location.origin}/routine/shared/${TOKEN}`);
    expect(screen.getByText('공유 중')).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'POST', url: '/api/routine/3/share', body: null }]);

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: '링크 복사' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/routine/shared/${TOKEN}`);
    expect(await screen.findByText('링크를 복사했습니다.')).toBeInTheDocument();
  });

  it('stops sharing only after confirmation', async () => {
    let shared = true;
    const { calls } = mockFetch({
      'GET /api/member/routines': () => ({
        body: [shared ? { ...upper, shareToken: TOKEN } : upper],
      }),
      'DELETE /api/routine/3/share': () => {
        shared = false;
        return { status: 204 };
      },
    });
    const user = await openCard();
    await user.click(await screen.findByRole('button', { name: '공유 중지' }));
    const confirm = screen.getByRole('alertdialog');
    expect(confirm).toHaveAccessibleDescription(
      "'상체' 루틴의 공유 링크를 중지할까요? 이미 보낸 링크는 더 이상 열리지 않습니다.",
    );
    await user.click(within(confirm).getByRole('button', { name: '공유 중지' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: 'DELETE', url: '/api/routine/3/share', body: null },
      ]),
    );
    expect(await screen.findByRole('button', { name: '공유 링크 만들기' })).toBeInTheDocument();
    expect(screen.getByText('공유를 중지했습니다.')).toBeInTheDocument();
  });

  it('opens the focused routine (where a copy lands)', async () => {
    mockFetch({ 'GET /api/member/routines': { body: [upper] } });
    renderWithApp(<RoutinePage focusRoutineId={3} />);
    const toggle = await screen.findByRole('button', { name: /상체/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});
