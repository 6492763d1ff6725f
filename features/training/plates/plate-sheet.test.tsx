import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { DEFAULT_PLATE_INVENTORIES, type RampStep } from '@/lib/shared/training/plates';
import { KG_PER_LB } from '@/lib/shared/training/units';

import { PlateSheet, platesText } from './plate-sheet';

const kg = DEFAULT_PLATE_INVENTORIES.kg;

describe('PlateSheet', () => {
  it('shows the plates per side in words and the ramp, and adds it in one tap', async () => {
    const added: RampStep[][] = [];
    render(
      <PlateSheet
        open
        onClose={() => {}}
        exerciseName="바벨 스쿼트"
        weightKg={100}
        unit="kg"
        inventory={kg}
        onAddWarmups={(ramp) => added.push(ramp)}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: '바벨 스쿼트 원판 계산' });
    expect(dialog).toHaveAccessibleDescription('목표 100kg, 한쪽에 끼울 원판');
    expect(within(dialog).getByRole('status')).toHaveTextContent('100kg 그대로 끼울 수 있습니다.');
    expect(within(dialog).getByText('한쪽에 25kg 1장, 15kg 1장')).toBeInTheDocument();
    expect(within(dialog).getByText('바벨 20kg')).toBeInTheDocument();
    const steps = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'W20kg × 10회원판 없이 바벨만',
      'W40kg × 5회한쪽에 10kg 1장',
      'W60kg × 3회한쪽에 20kg 1장',
      'W80kg × 2회한쪽에 25kg 1장, 5kg 1장',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: '워밍업 세트 추가' }));
    expect(added[0].map((step) => [step.total, step.reps])).toEqual([
      [20, 10],
      [40, 5],
      [60, 3],
      [80, 2],
    ]);
  });

  it('shows the nearest loadable weight when the target cannot be made', () => {
    render(
      <PlateSheet
        open
        onClose={() => {}}
        exerciseName="벤치프레스"
        weightKg={101}
        unit="kg"
        inventory={kg}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '101kg에 정확히 맞출 수 없어 가장 가까운 100kg에 맞췄습니다.',
    );
    expect(screen.getByText('가능한 무게: 100kg 또는 102.5kg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '워밍업 세트 추가' })).toBeNull();
  });

  it('works in pounds and under the bar', () => {
    const { rerender } = render(
      <PlateSheet
        open
        onClose={() => {}}
        exerciseName="데드리프트"
        weightKg={225 * KG_PER_LB}
        unit="lb"
        inventory={DEFAULT_PLATE_INVENTORIES.lb}
        onAddWarmups={() => {}}
      />,
    );
    expect(screen.getByText('한쪽에 45lb 2장')).toBeInTheDocument();
    expect(screen.getByText('바벨 45lb')).toBeInTheDocument();
    rerender(
      <PlateSheet
        open
        onClose={() => {}}
        exerciseName="데드리프트"
        weightKg={15}
        unit="kg"
        inventory={kg}
        onAddWarmups={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      '바벨(20kg)보다 가벼워 바벨만 사용합니다.',
    );
    expect(screen.getByText('바벨 무게 이하라 워밍업이 필요하지 않습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '워밍업 세트 추가' })).toBeDisabled();
  });
});

describe('platesText', () => {
  it('groups plates by size', () => {
    expect(platesText([25, 25, 10, 1.25], 'kg')).toBe('한쪽에 25kg 2장, 10kg 1장, 1.25kg 1장');
    expect(platesText([], 'lb')).toBe('원판 없이 바벨만');
  });
});
