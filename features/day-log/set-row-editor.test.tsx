import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { KG_PER_LB } from '@/lib/shared/training/units';

import { readSetRow, SAVE_DELAY_MS, SetRowEditor, type SetValues } from './set-row-editor';
import { TickSetList } from './tick-set-list';

type Save = (values: SetValues) => Promise<'sent' | 'queued'>;

function renderRow(props: Partial<Parameters<typeof SetRowEditor>[0]> & { onSave?: Save } = {}) {
  const onSave = props.onSave ?? jest.fn<ReturnType<Save>, Parameters<Save>>(async () => 'sent');
  const view = render(
    <ol>
      <li>
        <SetRowEditor
          n={1}
          set={{ id: 7, reps: 5, weight: 100, done: false }}
          unit="kg"
          {...props}
          onSave={onSave}
        />
      </li>
    </ol>,
  );
  return {
    ...view,
    onSave,
    weight: screen.getByRole('textbox', { name: '1세트 무게' }),
    reps: screen.getByRole('textbox', { name: '1세트 반복 횟수' }),
  };
}

describe('SetRowEditor', () => {
  it('shows weight then reps with number keyboards, and saves a change on Enter', async () => {
    const user = userEvent.setup();
    const { weight, reps, onSave } = renderRow();
    expect(weight.compareDocumentPosition(reps) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(weight).toHaveAttribute('inputmode', 'decimal');
    expect(reps).toHaveAttribute('inputmode', 'numeric');
    expect(weight).toHaveValue('100');
    expect(reps).toHaveValue('5');
    await user.clear(weight);
    await user.type(weight, '82.5{Enter}');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({ reps: 5, weight: 82.5 });
    expect(await screen.findByRole('status')).toHaveTextContent('저장됨');
  });

  it('saves on leaving the input, and sends nothing when nothing changed', async () => {
    const user = userEvent.setup();
    const { weight, reps, onSave } = renderRow();
    await user.click(weight);
    await user.tab();
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(reps);
    await user.type(reps, '8');
    await user.tab();
    expect(onSave).toHaveBeenCalledWith({ reps: 8, weight: 100 });
  });

  it('saves after a pause in typing', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { weight, onSave } = renderRow();
      await user.clear(weight);
      await user.type(weight, '90');
      expect(onSave).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(SAVE_DELAY_MS);
      });
      expect(onSave).toHaveBeenCalledTimes(1);
      expect(onSave).toHaveBeenCalledWith({ reps: 5, weight: 90 });
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses reps of 0 and a weight out of range with the backend’s wording', async () => {
    const user = userEvent.setup();
    const { weight, reps, onSave } = renderRow();
    await user.clear(reps);
    await user.type(reps, '0{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('반복 횟수를 정확히 입력해주세요.');
    expect(reps).toHaveAttribute('aria-invalid', 'true');
    expect(reps).toHaveAccessibleDescription('반복 횟수를 정확히 입력해주세요.');
    await user.clear(reps);
    await user.type(reps, '5');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.clear(weight);
    await user.type(weight, '10001{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('무게를 정확히 입력해주세요.');
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    await user.clear(weight);
    await user.type(weight, '-1{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('무게를 정확히 입력해주세요.');
    expect(onSave).not.toHaveBeenCalled();
    // An empty weight is 0 (bodyweight).
    await user.clear(weight);
    await user.type(weight, '{Enter}');
    expect(onSave).toHaveBeenCalledWith({ reps: 5, weight: 0 });
  });

  it('shows and takes pounds, and sends kilograms; an untouched weight keeps its exact kilograms', async () => {
    const user = userEvent.setup();
    const { weight, reps, onSave } = renderRow({
      unit: 'lb',
      set: { id: 7, reps: 5, weight: 60, done: false },
    });
    expect(weight).toHaveValue('132.3');
    expect(screen.getByText('lb')).toBeInTheDocument();
    // Only the reps change: the weight goes back as the stored 60 kg, not 132.3 lb in kg.
    await user.clear(reps);
    await user.type(reps, '6{Enter}');
    expect(onSave).toHaveBeenLastCalledWith({ reps: 6, weight: 60 });
    await user.clear(weight);
    await user.type(weight, '135{Enter}');
    expect(onSave).toHaveBeenLastCalledWith({ reps: 6, weight: 135 * KG_PER_LB });
  });

  it('shows last time as the ghost of an empty input and copies it on a tap', async () => {
    const user = userEvent.setup();
    const { weight, reps, onSave } = renderRow({
      set: { id: 7, reps: 5, weight: 0, done: false },
      previous: { reps: 8, weight: 62.5 },
    });
    expect(weight).toHaveValue('');
    expect(weight).toHaveAttribute('placeholder', '62.5');
    expect(reps).toHaveAttribute('placeholder', '8');
    await user.click(weight);
    expect(weight).toHaveValue('62.5');
    // A filled input is left as it is.
    await user.click(reps);
    expect(reps).toHaveValue('5');
    expect(onSave).toHaveBeenCalledWith({ reps: 5, weight: 62.5 });
  });

  it('says when a save waits for the connection, and offers a retry when it failed', async () => {
    const user = userEvent.setup();
    const onSave = jest
      .fn<ReturnType<Save>, Parameters<Save>>()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce('queued');
    const { weight } = renderRow({ onSave });
    await user.clear(weight);
    await user.type(weight, '80{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('저장하지 못했습니다.');
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(onSave).toHaveBeenLastCalledWith({ reps: 5, weight: 80 });
    expect(await screen.findByRole('status')).toHaveTextContent('연결되면 저장됩니다');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the server’s newer values unless the member is typing', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn<ReturnType<Save>, Parameters<Save>>(async () => 'sent');
    const row = (weight: number) => (
      <ol>
        <li>
          <SetRowEditor
            n={1}
            set={{ id: 7, reps: 5, weight, done: false }}
            unit="kg"
            onSave={onSave}
          />
        </li>
      </ol>
    );
    const { rerender } = render(row(100));
    const weight = screen.getByRole('textbox', { name: '1세트 무게' });
    rerender(row(105));
    expect(weight).toHaveValue('105');
    await user.clear(weight);
    await user.type(weight, '7');
    rerender(row(110));
    expect(weight).toHaveValue('7');
  });
});

describe('readSetRow', () => {
  it('reads the texts as the backend’s rules', () => {
    const stored = { reps: 5, weight: 100 };
    expect(readSetRow({ weight: '82,5', reps: '5' }, stored, 'kg')).toEqual({
      values: { reps: 5, weight: 82.5 },
    });
    expect(readSetRow({ weight: '', reps: '12' }, stored, 'kg')).toEqual({
      values: { reps: 12, weight: 0 },
    });
    expect(readSetRow({ weight: '10', reps: '2.5' }, stored, 'kg')).toMatchObject({
      field: 'reps',
    });
    expect(readSetRow({ weight: 'abc', reps: '2' }, stored, 'kg')).toMatchObject({
      field: 'weight',
    });
    // 22046 lb is 9999.9 kg (allowed); 22047 lb is over 10000 kg.
    expect(readSetRow({ weight: '22046', reps: '1' }, stored, 'lb')).toHaveProperty('values');
    expect(readSetRow({ weight: '22047', reps: '1' }, stored, 'lb')).toMatchObject({
      field: 'weight',
    });
  });
});

describe('TickSetList, editable', () => {
  it('puts the done mark after the inputs and saves a row with its position', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn(async () => 'sent' as const);
    const onTick = jest.fn();
    render(
      <TickSetList
        sets={[
          { id: 1, reps: 10, weight: 60, done: true },
          { id: 2, reps: 8, weight: 65, done: false },
        ]}
        previous={[{ reps: 10, weight: 57.5 }]}
        onTick={onTick}
        onSave={onSave}
      />,
    );
    const [, second] = screen.getAllByRole('listitem');
    const controls = Array.from(second.querySelectorAll('input, button')).map((element) =>
      element.getAttribute('aria-label'),
    );
    expect(controls).toEqual(['2세트 무게', '2세트 반복 횟수', '2세트 완료']);
    await user.click(screen.getByRole('button', { name: '1세트 완료' }));
    expect(onTick).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), false);
    const reps = screen.getByRole('textbox', { name: '2세트 반복 횟수' });
    await user.clear(reps);
    await user.type(reps, '9{Enter}');
    expect(onSave).toHaveBeenCalledWith(1, { reps: 9, weight: 65 });
    // Only the first row has a ghost (last time had one set).
    expect(screen.getByRole('textbox', { name: '1세트 무게' })).toHaveAttribute(
      'placeholder',
      '57.5',
    );
    expect(screen.getByRole('textbox', { name: '2세트 무게' })).toHaveAttribute('placeholder', '0');
  });
});
