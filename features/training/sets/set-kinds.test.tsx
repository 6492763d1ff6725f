import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithApp } from '@/testing/test-helpers';

import { RpeMark, RpePicker, rpeText } from './rpe-picker';
import { newSetDraft, type SetDraft, setDraftsFrom, toRepWeightInputs } from './set-drafts';
import { SetEditor } from './set-editor';
import { SetKindBadge } from './set-kind-badge';
import { repsInReserve, RPE_VALUES, setBadges } from './set-kinds';
import { SetList } from './set-list';

/** Issue 27: the set kind badge (number, W, D, F) and the RPE picker (6–10 in halves, RIR). */

describe('setBadges', () => {
  it('numbers the working sets only, letters the others, and joins a drop to the set before it', () => {
    const badges = setBadges([
      { type: 'WARMUP' },
      { type: 'WARMUP' },
      {},
      { type: 'NORMAL' },
      { type: 'DROP' },
      { type: 'DROP' },
      { type: 'FAILURE' },
      {},
    ]);
    expect(badges.map((badge) => badge.text)).toEqual(['W', 'W', '1', '2', 'D', 'D', 'F', '3']);
    expect(badges.map((badge) => badge.joinedTo)).toEqual([
      null,
      null,
      null,
      null,
      4,
      4,
      null,
      null,
    ]);
  });

  it('leaves a drop set that opens the list on its own', () => {
    expect(setBadges([{ type: 'DROP' }, {}])).toEqual([
      { type: 'DROP', text: 'D', joined: false, joinedTo: null },
      { type: 'NORMAL', text: '1', joined: false, joinedTo: null },
    ]);
  });
});

describe('RPE values', () => {
  it('are 6 to 10 in halves, with reps in reserve = 10 − RPE', () => {
    expect(RPE_VALUES).toEqual([6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10]);
    expect(repsInReserve(8)).toBe(2);
    expect(repsInReserve(9.5)).toBe(0.5);
    expect(rpeText(8)).toBe('RPE 8 · RIR 2');
    expect(rpeText(10)).toBe('RPE 10 · RIR 0');
  });
});

describe('SetKindBadge', () => {
  const badge = (sets: Parameters<typeof setBadges>[0], index: number) => setBadges(sets)[index];

  it('opens a menu of the four kinds from the badge, checked on the set’s own, and picks one', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<SetKindBadge n={2} badge={badge([{}, {}], 1)} onChange={onChange} />);
    const button = screen.getByRole('button', { name: '2세트 종류: 일반 세트 2' });
    expect(button).toHaveTextContent('2');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: '2세트 종류 선택' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      '1일반 세트',
      'W워밍업',
      'D드롭 세트',
      'F실패 세트',
    ]);
    expect(items.map((item) => item.getAttribute('aria-checked'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(items[0]).toHaveFocus();

    await user.click(within(menu).getByRole('menuitemradio', { name: '워밍업' }));
    expect(onChange).toHaveBeenCalledWith('WARMUP');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('is used with the keyboard: arrows move, Enter picks, Escape closes back on the badge', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<SetKindBadge n={1} badge={badge([{ type: 'FAILURE' }], 0)} onChange={onChange} />);
    const button = screen.getByRole('button', { name: '1세트 종류: 실패 세트 F' });
    await user.tab();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: '실패 세트' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '실패 세트' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: '일반 세트' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('DROP');
    expect(button).toHaveFocus();

    await user.keyboard(' ');
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: '실패 세트' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: '일반 세트' })).toHaveFocus();
    // Picking the kind the set has changes nothing.
    await user.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('closes when tapped outside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <SetKindBadge n={1} badge={badge([{}], 0)} onChange={jest.fn()} />
        <p>바깥</p>
      </>,
    );
    await user.click(screen.getByRole('button', { name: '1세트 종류: 일반 세트 1' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('바깥'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('names a warm-up as left out of volume and records, and a drop by the set it belongs to', () => {
    const sets = [{ type: 'WARMUP' as const }, {}, { type: 'DROP' as const }];
    render(
      <>
        {sets.map((_, index) => (
          <SetKindBadge key={index} n={index + 1} badge={badge(sets, index)} onChange={jest.fn()} />
        ))}
      </>,
    );
    expect(
      screen.getByRole('button', { name: '1세트 종류: 워밍업 W, 볼륨과 기록에 포함되지 않음' }),
    ).toHaveTextContent('W');
    expect(
      screen.getByRole('button', { name: '3세트 종류: 드롭 세트 D, 2세트에 이어짐' }),
    ).toHaveTextContent('D');
  });

  it('is a plain mark without onChange', () => {
    render(<SetKindBadge n={1} badge={badge([{ type: 'WARMUP' }], 0)} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('W')).toBeInTheDocument();
    expect(
      screen.getByText('1세트 종류: 워밍업 W, 볼륨과 기록에 포함되지 않음'),
    ).toBeInTheDocument();
  });
});

describe('RpePicker', () => {
  it('offers none and 6–10 in halves with their RIR, shows the RPE over its RIR, and clears', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(<RpePicker n={3} value={null} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: '3세트 RPE' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'RPE 없음',
      'RPE 6 · RIR 4',
      'RPE 6.5 · RIR 3.5',
      'RPE 7 · RIR 3',
      'RPE 7.5 · RIR 2.5',
      'RPE 8 · RIR 2',
      'RPE 8.5 · RIR 1.5',
      'RPE 9 · RIR 1',
      'RPE 9.5 · RIR 0.5',
      'RPE 10 · RIR 0',
    ]);
    expect(select).toHaveValue('');

    await user.selectOptions(select, 'RPE 8.5 · RIR 1.5');
    expect(onChange).toHaveBeenLastCalledWith(8.5);

    rerender(<RpePicker n={3} value={8.5} onChange={onChange} />);
    expect(select).toHaveValue('8.5');
    expect(select.parentElement).toHaveTextContent('RPE 8.5RIR 1.5');
    await user.selectOptions(select, 'RPE 없음');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows a read-only RPE with its RIR for screen readers', () => {
    render(<RpeMark rpe={9} />);
    expect(screen.getByText('RPE 9 · RIR 1')).toBeInTheDocument();
    expect(screen.getByTitle('RPE 9 · RIR 1')).toHaveTextContent('RPE 9');
  });
});

describe('SetEditor with kinds and RPE', () => {
  function Editor({ initial, onChange }: { initial: SetDraft[]; onChange: jest.Mock }) {
    return <SetEditor sets={initial} onChange={onChange} legend="스쿼트 세트" />;
  }

  it('shows the badges, indents a drop under its set, and changes a kind and an RPE', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const initial = setDraftsFrom([
      { id: 1, reps: 10, weight: 40, type: 'WARMUP' },
      { id: 2, reps: 5, weight: 100, rpe: 8 },
      { id: 3, reps: 8, weight: 80, type: 'DROP' },
    ]);
    renderWithApp(<Editor initial={initial} onChange={onChange} />);
    const rows = within(screen.getByRole('group', { name: '스쿼트 세트' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => [row.dataset.type, row.dataset.joined])).toEqual([
      ['WARMUP', undefined],
      ['NORMAL', undefined],
      ['DROP', 'true'],
    ]);
    expect(
      within(rows[2]).getByRole('button', { name: '3세트 종류: 드롭 세트 D, 2세트에 이어짐' }),
    ).toBeInTheDocument();
    expect(within(rows[1]).getByRole('combobox', { name: '2세트 RPE' })).toHaveValue('8');

    await user.click(within(rows[0]).getByRole('button', { name: /^1세트 종류/ }));
    await user.click(screen.getByRole('menuitemradio', { name: '일반 세트' }));
    expect((onChange.mock.lastCall![0] as SetDraft[]).map((set) => set.type)).toEqual([
      'NORMAL',
      'NORMAL',
      'DROP',
    ]);

    await user.selectOptions(within(rows[1]).getByRole('combobox', { name: '2세트 RPE' }), '');
    const cleared = onChange.mock.lastCall![0] as SetDraft[];
    expect(cleared[1].rpe).toBeNull();
    // Only what changed is sent: the cleared RPE as null, the untouched sets as before.
    expect(toRepWeightInputs(cleared)).toEqual([
      { id: 1, reps: 10, weight: 40 },
      { id: 2, reps: 5, weight: 100, rpe: null },
      { id: 3, reps: 8, weight: 80 },
    ]);
  });

  it('sends a new set’s kind and RPE only when not the defaults', () => {
    expect(
      toRepWeightInputs([
        newSetDraft({ reps: 5, weight: 60 }),
        newSetDraft({ reps: 5, weight: 60, type: 'WARMUP', rpe: 7 }),
      ]),
    ).toEqual([
      { reps: 5, weight: 60 },
      { reps: 5, weight: 60, type: 'WARMUP', rpe: 7 },
    ]);
  });
});

describe('SetList with kinds and RPE', () => {
  it('marks the kind and the RPE of a read-only set', () => {
    render(
      <SetList
        sets={[
          { reps: 10, weight: 40, type: 'WARMUP' },
          { reps: 5, weight: 100, rpe: 8 },
        ]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('1세트10회40kgW');
    expect(rows[0]).toHaveAttribute('data-type', 'WARMUP');
    expect(rows[1]).toHaveTextContent('2세트5회100kgRPE 8');
  });
});
