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

describe('TickSetList with set kinds and RPE (issue 27)', () => {
  const kinds = [
    { id: 1, reps: 10, weight: 40, done: true, type: 'WARMUP' as const },
    { id: 2, reps: 5, weight: 100, done: false, rpe: 8 },
    { id: 3, reps: 8, weight: 80, done: false, type: 'DROP' as const, rpe: 9.5 },
  ];

  it('edits a row’s kind from its badge and its RPE from its picker, and joins a drop to its set', async () => {
    const user = userEvent.setup();
    const onKind = jest.fn();
    render(
      <TickSetList
        sets={kinds}
        onTick={jest.fn()}
        onSave={jest.fn(async () => 'sent' as const)}
        onKind={onKind}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => [row.dataset.type, row.dataset.joined])).toEqual([
      ['WARMUP', undefined],
      ['NORMAL', undefined],
      ['DROP', 'true'],
    ]);
    expect(rows.map((row) => within(row).getAllByRole('button')[0].textContent)).toEqual([
      'W',
      '1',
      'D',
    ]);
    expect(
      within(rows[2]).getByRole('button', { name: '3세트 종류: 드롭 세트 D, 2세트에 이어짐' }),
    ).toBeInTheDocument();
    expect(within(rows[2]).getByRole('combobox', { name: '3세트 RPE' })).toHaveValue('9.5');
    expect(rows[2]).toHaveTextContent('RPE 9.5RIR 0.5');

    await user.click(within(rows[1]).getByRole('button', { name: /^2세트 종류/ }));
    await user.click(screen.getByRole('menuitemradio', { name: '실패 세트' }));
    expect(onKind).toHaveBeenLastCalledWith(1, { type: 'FAILURE' });

    await user.selectOptions(within(rows[0]).getByRole('combobox', { name: '1세트 RPE' }), '7');
    expect(onKind).toHaveBeenLastCalledWith(0, { rpe: 7 });
    await user.selectOptions(
      within(rows[2]).getByRole('combobox', { name: '3세트 RPE' }),
      'RPE 없음',
    );
    expect(onKind).toHaveBeenLastCalledWith(2, { rpe: null });
  });

  it('shows a friend the kinds and the RPE without offering them', () => {
    render(<TickSetList sets={kinds} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]).getByTitle(/^1세트 종류: 워밍업/)).toHaveTextContent('W');
    expect(within(rows[1]).getByTitle('RPE 8 · RIR 2')).toHaveTextContent('RPE 8');
    expect(rows[2]).toHaveAttribute('data-joined', 'true');
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
