import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { Today } from '@/lib/contract/today';
import { mockFetch, renderWithApp, writes } from '@/testing/test-helpers';

import { DayLogPanel } from './day-log-panel';
import { EditDialog } from './edit-dialog';
import { dayLogRead } from './reads';

/** The day as the backend answers it. */
const wire: Today = {
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

/** The day as the day log hands it to the dialog. */
const today = dayLogRead.toView(wire);

describe('EditDialog', () => {
  it('refuses reps of 0, then sends the sets (the order did not change)', async () => {
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

  it('catches what the backend would refuse before sending: reps 1–10000 whole, weight 0–10000', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({});
    renderWithApp(<EditDialog today={today} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: '수정' });
    const squat = within(dialog).getByRole('group', { name: '스쿼트 세트' });
    const crunch = within(dialog).getByRole('group', { name: '크런치 세트' });
    await user.clear(within(squat).getByLabelText('무게 (Set 1)'));
    await user.type(within(squat).getByLabelText('무게 (Set 1)'), '10001');
    await user.clear(within(crunch).getByLabelText('반복 횟수 (Set 1)'));
    await user.type(within(crunch).getByLabelText('반복 횟수 (Set 1)'), '10001');
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(within(squat).getByText('무게를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(within(squat).getByLabelText('무게 (Set 1)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(crunch).getByText('반복 횟수를 정확히 입력해주세요.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it("shows the backend's field errors under the matching exercise, not the generic message", async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    mockFetch({
      'PATCH /api/todayExercise/updateSequence/21': { body: 'update sequence todayExercise' },
      'PATCH /api/todayExercise/21': {
        status: 400,
        body: {
          code: '400',
          message: '입력값이 올바르지 않습니다.',
          data: { '1.repWeightList.0.reps': '반복 횟수를 정확히 입력해주세요.' },
          timestamp: 't',
          path: null,
        },
      },
    });
    renderWithApp(<EditDialog today={today} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: '수정' });
    await user.click(within(dialog).getByRole('button', { name: '저장' }));
    const crunch = within(dialog).getByRole('group', { name: '크런치 세트' });
    expect(await within(crunch).findByText('반복 횟수를 정확히 입력해주세요.')).toBeInTheDocument();
    const squat = within(dialog).getByRole('group', { name: '스쿼트 세트' });
    expect(within(squat).queryByText('반복 횟수를 정확히 입력해주세요.')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('입력값이 올바르지 않습니다.')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the top-level message when no field error matches an exercise', async () => {
    const user = userEvent.setup();
    mockFetch({
      'PATCH /api/todayExercise/21': {
        status: 500,
        body: { code: '500', message: '서버 오류', data: null, timestamp: 't', path: null },
      },
    });
    renderWithApp(<EditDialog today={today} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('서버 오류')).toBeInTheDocument();
  });

  it('does not ask for the date again after its last exercise is removed (the day is gone)', async () => {
    const user = userEvent.setup();
    const singleWire: Today = { ...wire, todayExercises: [wire.todayExercises[0]] };
    const single = dayLogRead.toView(singleWire);
    let gone = false;
    const { calls } = mockFetch({
      'GET /api/today/yearAndMonth/2026/11': () => ({
        body: gone ? [] : [{ localDate: single.localDate, checkBox: 'False' }],
      }),
      // The original backend's answer once the day record is gone.
      'GET /api/today/date/2026-11-23': () =>
        gone ? { status: 500, body: null } : { body: singleWire },
      'DELETE /api/todayExercise/55': () => {
        gone = true;
        return { body: 'delete today and todayExercise' };
      },
    });
    renderWithApp(
      <>
        <DayLogPanel date={single.localDate} />
        <EditDialog today={single} onClose={() => undefined} />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 3, name: /스쿼트/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '스쿼트 삭제' }));
    expect(await screen.findByText('운동 기록이 없습니다.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        calls.filter((call) => call.url === '/api/today/yearAndMonth/2026/11').length,
      ).toBeGreaterThan(1),
    );
    expect(calls.filter((call) => call.url === '/api/today/date/2026-11-23')).toHaveLength(1);
    expect(screen.queryByText('운동 일지를 불러오지 못했습니다.')).not.toBeInTheDocument();
  });
});
