import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithApp, writes } from '@/components/workout/test-helpers';
import type { Today } from '@/lib/contract/today';
import { EditDialog } from './edit-dialog';

const today: Today = {
  id: 21,
  localDate: '2026-11-23',
  checkBox: 'False',
  todayExercises: [
    {
      id: 55,
      exerciseName: '스쿼트',
      sequence: 1,
      repWeightList: [{ id: 89, reps: 5, weight: 100 }],
    },
    {
      id: 56,
      exerciseName: '크런치',
      sequence: 2,
      repWeightList: [{ id: 91, reps: 20, weight: 0 }],
    },
  ],
};

describe('EditDialog', () => {
  it('refuses reps of 0, then sends the order and the sets', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { calls } = mockFetch({
      'PATCH /api/todayExercise/updateSequence/21': { body: 'update sequence todayExercise' },
      'PATCH /api/todayExercise/21': { body: 'update TodayExercise' },
    });
    renderWithApp(<EditDialog today={today} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '수정' });
    const squat = within(dialog).getByRole('group', { name: '스쿼트 세트' });
    await user.click(within(squat).getByRole('button', { name: '세트 추가' }));
    await user.type(within(squat).getByLabelText('반복 횟수 (Set 2)'), '0');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(squat).getByText('반복 횟수를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.clear(within(squat).getByLabelText('반복 횟수 (Set 2)'));
    await user.type(within(squat).getByLabelText('반복 횟수 (Set 2)'), '8');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        url: '/api/todayExercise/updateSequence/21',
        body: [
          { id: 55, sequence: 1 },
          { id: 56, sequence: 2 },
        ],
      },
      {
        method: 'PATCH',
        url: '/api/todayExercise/21',
        body: [
          {
            id: 55,
            repWeightList: [
              { id: 89, reps: 5, weight: 100 },
              { reps: 8, weight: 0 },
            ],
          },
          { id: 56, repWeightList: [{ id: 91, reps: 20, weight: 0 }] },
        ],
      },
    ]);
  });

  it('removes an exercise at once', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'DELETE /api/todayExercise/56': { body: 'delete todayExercise' },
    });
    renderWithApp(<EditDialog today={today} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: '크런치 삭제' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: '크런치 세트' })).not.toBeInTheDocument(),
    );
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/todayExercise/56', body: null }]);
  });
});
