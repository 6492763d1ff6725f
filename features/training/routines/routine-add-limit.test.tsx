import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { RoutineAddExercisesDialog } from './routine-add-exercises-dialog';

// A small selection limit, so the test need not render LIMITS.selection + 1 checkboxes.
jest.mock('@/lib/contract/values', () => {
  const actual =
    jest.requireActual<typeof import('@/lib/contract/values')>('@/lib/contract/values');
  return { ...actual, LIMITS: { ...actual.LIMITS, selection: 2 } };
});

const exercises = [7, 8, 9].map((id) => ({
  id,
  name: `운동${id}`,
  memo: null,
  classification: 'CHEST',
  repWeightList: [{ id, reps: 5, weight: 100 }],
}));

describe('RoutineAddExercisesDialog selection limit', () => {
  it('refuses more than LIMITS.selection exercises with its own message', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/member/exercises': { body: exercises } });
    renderWithApp(
      <RoutineAddExercisesDialog
        routine={{ routineId: 3, routineName: '상체', exercises: [], shareToken: null }}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: /운동7/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /운동8/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /운동9/ }));
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '한 번에 2개까지 추가할 수 있습니다.',
    );
    expect(writes(calls)).toEqual([]);
  });
});
