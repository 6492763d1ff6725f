import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { previousSessionText, setsSummary } from './previous-session';
import { TickSetList } from './tick-set-list';

const sets = [
  { id: 1, reps: 10, weight: 60, done: true },
  { id: 2, reps: 8, weight: 65, done: false },
  { id: 3, reps: 20, weight: 0, done: false },
];

describe('TickSetList', () => {
  it('offers one pressed/unpressed button per set and flips it on a tap', async () => {
    const onTick = jest.fn();
    render(<TickSetList sets={sets} onTick={onTick} />);
    const first = screen.getByRole('button', { name: '1세트 완료' });
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '2세트 완료' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: '2세트 완료' }));
    expect(onTick).toHaveBeenCalledWith(sets[1], true);
    await userEvent.click(first);
    expect(onTick).toHaveBeenLastCalledWith(sets[0], false);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1세트60kg10회',
      '2세트65kg8회',
      '3세트20회',
    ]);
  });

  it('shows the PR badges with their records spelled out, and weights in pounds', () => {
    render(
      <TickSetList
        sets={sets}
        unit="lb"
        records={
          new Map([
            [2, ['weight', 'oneRepMax'] as const],
            [3, [] as const],
          ])
        }
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(within(first).getByText('132.3lb')).toBeInTheDocument();
    expect(within(first).getByText('완료')).toHaveClass('visuallyHidden');
    expect(within(second).getByTitle('개인 기록: 최고 무게, 추정 1RM (Epley)')).toHaveTextContent(
      'PR',
    );
    expect(within(third).queryByTitle(/개인 기록/)).not.toBeInTheDocument();
  });
});

describe('setsSummary', () => {
  it('writes one weight once, and each change of weight', () => {
    expect(
      setsSummary([
        { reps: 10, weight: 60 },
        { reps: 10, weight: 60 },
        { reps: 8, weight: 60 },
      ]),
    ).toBe('60kg × 10, 10, 8');
    expect(
      setsSummary([
        { reps: 10, weight: 60 },
        { reps: 8, weight: 62.5 },
      ]),
    ).toBe('60kg × 10, 62.5kg × 8');
    expect(setsSummary([{ reps: 20, weight: 0 }])).toBe('20회');
    expect(setsSummary([{ reps: 5, weight: 60 }], 'lb')).toBe('132.3lb × 5');
    expect(
      previousSessionText({
        todayExerciseId: 1,
        exerciseId: 2,
        localDate: '2026-11-08',
        repWeightList: [{ reps: 8, weight: 62.5 }],
      }),
    ).toBe('지난번 11/8: 62.5kg × 8');
  });
});
