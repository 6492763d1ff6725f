import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { AddDialog } from './add-dialog';

const DATE = '2026-11-23';
const MONTH = 'GET /api/today/yearAndMonth/2026/11';

const exercises = [
  {
    id: 7,
    name: '스쿼트',
    memo: '',
    classification: 'LOWERBODY',
    repWeightList: [{ id: 1, reps: 5, weight: 100 }],
  },
  {
    id: 9,
    name: '크런치',
    memo: '',
    classification: 'ABS',
    repWeightList: [{ id: 2, reps: 20, weight: 0 }],
  },
];
const routines = [
  {
    routineId: 3,
    routineName: '상체 루틴',
    routineExerciseDtoList: [
      {
        routineExerciseId: 30,
        exerciseName: '벤치프레스',
        sequence: 1,
        repWeightList: [{ id: 4, reps: 8, weight: 60 }],
      },
    ],
  },
];

describe('AddDialog', () => {
  it('switches tabs with the arrow keys, keeps the check order and creates the day record when the month does not list the date', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { calls } = mockFetch({
      'GET /api/member/exercises': { body: exercises },
      'GET /api/member/routines': { body: routines },
      [MONTH]: { body: [{ localDate: '2026-11-02', checkBox: 'True' }] },
      // The original backend's answer for a date without a record: never asked.
      [`GET /api/today/date/${DATE}`]: { status: 500, body: null },
      [`POST /api/today?date=${DATE}`]: { status: 201, body: `${DATE}의 Today를 생성했습니다.` },
      [`POST /api/todayExercise/${DATE}`]: { body: 'add todayExercise' },
    });
    renderWithApp(<AddDialog date={DATE} onClose={onClose} />);

    const dialog = await screen.findByRole('dialog', { name: '추가' });
    const save = screen.getByRole('button', { name: '저장' });
    expect(save).toBeDisabled();
    const exerciseTab = screen.getByRole('tab', { name: '운동' });
    const routineTab = screen.getByRole('tab', { name: '루틴' });
    expect(exerciseTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: '운동' })).toBeVisible();

    await user.click(await screen.findByRole('checkbox', { name: /크런치/ }));
    await user.click(screen.getByRole('checkbox', { name: /스쿼트/ }));
    exerciseTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(routineTab).toHaveFocus();
    expect(routineTab).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('checkbox', { name: /상체 루틴/ }));
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('tab', { name: '운동' }));
    // Unchecking renumbers what is left.
    await user.click(screen.getByRole('checkbox', { name: /크런치/ }));
    expect(dialog).toHaveTextContent('2개 선택됨');
    expect(save).toBeEnabled();

    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      { method: 'POST', url: `/api/today?date=${DATE}`, body: null },
      {
        method: 'POST',
        url: `/api/todayExercise/${DATE}`,
        body: [
          { id: 7, type: 'exercise', sequence: 1 },
          { id: 3, type: 'routine', sequence: 2 },
        ],
      },
    ]);
    // It asked the backend for the date's month before creating the record, never for the date.
    const monthCheck = calls.findIndex((call) => `${call.method} ${call.url}` === MONTH);
    const create = calls.findIndex((call) => call.url === `/api/today?date=${DATE}`);
    expect(monthCheck).toBeGreaterThanOrEqual(0);
    expect(monthCheck).toBeLessThan(create);
    expect(calls.map((call) => call.url)).not.toContain(`/api/today/date/${DATE}`);
  });

  it('does not create a record when the date already has one', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { calls } = mockFetch({
      'GET /api/member/exercises': { body: exercises },
      'GET /api/member/routines': { body: routines },
      [MONTH]: { body: [{ localDate: DATE, checkBox: 'False' }] },
      [`POST /api/todayExercise/${DATE}`]: { body: 'add todayExercise' },
    });
    renderWithApp(<AddDialog date={DATE} onClose={onClose} />);
    await user.click(await screen.findByRole('checkbox', { name: /스쿼트/ }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls).map((call) => call.url)).toEqual([`/api/todayExercise/${DATE}`]);
  });
});
