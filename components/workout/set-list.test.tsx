import { render, screen } from '@testing-library/react';
import { SetList } from './set-list';
import { toRepWeightInputs, validateSets, newSetDraft, parseNumberInput } from './set-drafts';
import { moveItem } from './reorder';

describe('SetList', () => {
  it('numbers sets from 1 and hides a weight of 0', () => {
    render(
      <SetList
        sets={[
          { reps: 5, weight: 100 },
          { reps: 12, weight: 0 },
        ]}
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('1세트5회100kg');
    expect(rows[1]).toHaveTextContent('2세트12회');
    expect(rows[1]).not.toHaveTextContent('kg');
  });
});

describe('set drafts', () => {
  it('validates: no sets, reps empty or not > 0', () => {
    expect(validateSets([])).toBe('운동 세트를 입력해주세요.');
    expect(validateSets([newSetDraft({ reps: null })])).toBe('반복 횟수를 정확히 입력해주세요.');
    expect(validateSets([newSetDraft({ reps: 3 }), newSetDraft({ reps: 0 })])).toBe(
      '반복 횟수를 정확히 입력해주세요.',
    );
    expect(validateSets([newSetDraft({ reps: -1 })])).toBe('반복 횟수를 정확히 입력해주세요.');
    expect(validateSets([newSetDraft({ reps: 1, weight: null })])).toBeNull();
  });

  it('turns empty inputs into null and empty weights into 0 on the wire', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('62.5')).toBe(62.5);
    expect(toRepWeightInputs([newSetDraft({ id: 4, reps: 5, weight: null })])).toEqual([
      { id: 4, reps: 5, weight: 0 },
    ]);
    expect(toRepWeightInputs([newSetDraft({ reps: 5, weight: 20 })])).toEqual([
      { reps: 5, weight: 20 },
    ]);
  });

  it('moves list items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
